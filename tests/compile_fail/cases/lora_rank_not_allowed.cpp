// Rule: --max-lora-rank takes one of vLLM's ranks (LoRAConfig's MaxLoRARanks: 1, 8, 16, 32, 64,
// 128, 256, 320, 512), so rank 24 is refused; the twin asks for rank 32.
// EXPECT: lora_rank_not_allowed
// EXPECT: max_lora_rank = 24
// EXPECT-CXX26: max_lora_rank 24 is not a rank vLLM allows
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::qwen3_8b,
                                            .gpu = kvplan::gpus::l40s,
                                            .max_model_len = 32768,
#ifdef KVPLAN_COMPILE_FAIL
                                            .lora = {.enabled = true, .max_loras = 4, .max_lora_rank = 24}};
#else
                                            .lora = {.enabled = true, .max_loras = 4, .max_lora_rank = 32}};
#endif
static_assert(kvplan::is_valid<serving>());
