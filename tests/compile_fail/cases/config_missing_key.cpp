// Rule: a key the model needs is a compile error naming the problem and, in the call chain, the
// key (here num_hidden_layers, absent from the text; Phi3Config's defaults are not carried,
// LlamaConfig's would give 32).
// EXPECT: config_key_missing
// EXPECT: "num_hidden_layers"
// EXPECT-CXX26: config_key_missing
// EXPECT-CXX26: &"num_hidden_layers"[0]
#include <kvplan/hf_config.hpp>

constexpr kvplan::model m = kvplan::model_from_hf_config(R"({"model_type": "phi3",)"
#ifndef KVPLAN_COMPILE_FAIL
                                                         R"( "num_hidden_layers": 32,)"
#endif
                                                         R"( "hidden_size": 4096, "num_attention_heads": 32,
  "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256, "max_position_embeddings": 8192,
  "torch_dtype": "bfloat16"})");
static_assert(m.num_layers() == 32);
