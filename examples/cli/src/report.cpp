// What the kvplan program prints: a plan a person can read, JSON a script can trust.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/report.hpp"

#include <kvplan/what_if.hpp>

#include <charconv>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace kvplan_cli {

std::string with_commas(count_t v) {
  kvplan::fixed_string<32> s;
  kvplan::append_integer(s, v, true);
  return std::string(s.view());
}

std::string gib(count_t bytes) {
  kvplan::fixed_string<32> s;
  kvplan::append_gib(s, bytes);
  return std::string(s.view());
}

namespace {

std::string detail_gib(double gib_value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", gib_value);
  return buf;
}

}  // namespace

std::string fixed2(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string shortest(double v) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc{} ? std::string(buf, end) : std::string("0");
}

namespace {

// A line of `width` characters showing the parts of one GPU's memory.
std::string memory_bar(const kvplan::plan& p, int width = 60) {
  const double total = static_cast<double>(p.total_memory_bytes);
  const auto cells = [&](count_t bytes) {
    const double c = bytes <= 0 ? 0.0 : static_cast<double>(bytes) / total * width + 0.5;
    return c >= width ? width : static_cast<int>(c);  // a part larger than the GPU fills the bar
  };
  const int w = cells(p.weights_bytes);
  const int o = cells(p.activation_bytes + p.non_torch_bytes + p.cudagraph_bytes);
  const int k = cells(p.available_kv_cache_bytes);
  std::string bar;
  for (int i = 0; i < w && static_cast<int>(bar.size()) < width; ++i) bar += 'W';
  for (int i = 0; i < o && static_cast<int>(bar.size()) < width; ++i) bar += 'o';
  for (int i = 0; i < k && static_cast<int>(bar.size()) < width; ++i) bar += 'K';
  while (static_cast<int>(bar.size()) < width) bar += '.';
  return "[" + bar + "]";
}

// What one what-if buys, in a line.
std::string outcome_of(const kvplan::plan_result& r) {
  if (!r.ok()) return "not possible: " + kvplan::describe(r.error);
  const kvplan::plan& p = r.plan;
  if (!p.fits()) {
    if (p.verdict == kvplan::errc::max_num_seqs_exceeds_mamba_cache_blocks)
      return "still does not fit; max_num_seqs (" + std::to_string(p.max_num_seqs) + ") exceeds the " +
             with_commas(p.num_gpu_blocks) + " blocks";
    if (p.estimated_max_model_len > 0)
      return "still does not fit; the largest max_model_len would be " + with_commas(p.estimated_max_model_len);
    return "still does not fit";
  }
  return fixed2(p.max_concurrency) + "x concurrency at " + with_commas(p.max_model_len) + " tokens (" +
         with_commas(p.kv_cache_tokens) + " tokens of KV cache)";
}

// The flag and value a what-if sets, as on a `vllm serve` line.
std::string change_of(const kvplan::what_if& w) {
  const kvplan::deployment& x = w.changed;
  std::string value;
  switch (w.lever) {
    case kvplan::lever::fp8_kv_cache: value = kvplan::to_string(x.kv_cache_dtype); break;
    case kvplan::lever::double_tensor_parallel: value = std::to_string(x.tensor_parallel_size); break;
    case kvplan::lever::double_pipeline_parallel: value = std::to_string(x.pipeline_parallel_size); break;
    case kvplan::lever::shorter_max_model_len: value = std::to_string(x.max_model_len); break;
    case kvplan::lever::higher_gpu_memory_utilization: value = fixed2(x.gpu_memory_utilization); break;
    case kvplan::lever::fewer_max_num_seqs: value = std::to_string(x.max_num_seqs); break;
  }
  return std::string(kvplan::flag_of(w.lever)) + " " + value;
}

// How a term was found: given (a flag or a log), or estimated, with how far it may be off.
std::string estimated(const kvplan::memory_term& t) {
  if (t.given) return "given";
  return t.uncertainty_bytes > 0 ? "estimate, +/- " + gib(t.uncertainty_bytes) : "estimate";
}

const char* sampler_name(kvplan::sampler_path s) {
  switch (s) {
    case kvplan::sampler_path::torch_sort: return "torch.sort top-k/top-p (V1)";
    case kvplan::sampler_path::flashinfer: return "FlashInfer top-k/top-p (V1)";
    case kvplan::sampler_path::torch_sort_or_flashinfer:
      return "torch.sort top-k/top-p as pip installs run it, FlashInfer's where installed (V1)";
    case kvplan::sampler_path::triton: return "Triton top-k/top-p (V1)";
    case kvplan::sampler_path::v2_runner: return "Model Runner V2";
  }
  return "?";
}

// --explain: each term's inputs and arithmetic.
void explain(const kvplan::deployment& d, const kvplan::plan& p, const std::function<void(const std::string&)>& line) {
  const kvplan::memory_profile& m = p.profile;
  const kvplan::activation_breakdown& a = m.activation_parts;
  const kvplan::vllm_rules rules = kvplan::rules_for(d.vllm);
  line("");
  line("How the memory terms are found (per GPU; vLLM's Worker.determine_available_memory)");
  line("  requested      ceil(" + with_commas(p.total_memory_bytes) + " x " + fixed2(p.gpu_memory_utilization) +
       ") = " + with_commas(p.requested_memory_bytes) + " B");
  if (m.weights.given) {
    line("  weights        given: " + with_commas(m.weights.bytes) + " B");
  } else {
    const kvplan::checkpoint c = kvplan::checkpoint_of(d);
    line("  weights        " + std::string(c.bytes > 0 ? "the checkpoint's " + with_commas(c.bytes) + " B"
                                                     : "parameters x the format's bits") +
         " over TP " + std::to_string(d.tensor_parallel_size) + " x PP " + std::to_string(d.pipeline_parallel_size) +
         (m.unsplit_weights_bytes > 0 ? ", + beyond the even split (what every rank holds whole, replicated KV heads, MLA's kv_b copy; " +
                                            with_commas(m.unsplit_weights_bytes) + " B)"
                                      : std::string{}) +
         (m.marlin_scale_bytes > 0 ? ", + Marlin's group scales for fp8 blocks on a GPU without fp8 tensor cores (" +
                                          with_commas(m.marlin_scale_bytes) + " B)"
                                    : std::string{}) +
         ", + the RoPE cache every rank holds (" + with_commas(m.rope_cache_bytes) + " B)" +
         (m.lora_bytes > 0 ? ", + LoRA's adapter slots (" + std::to_string(d.lora.slots()) +
                                 " of rank " + std::to_string(d.lora.rank()) +
                                 ": " + with_commas(m.lora_bytes) + " B)"
                           : std::string{}) +
         (m.load_buffers_bytes > 0 ? ", + buffers the model allocates for a batch (the indexer's top-k, deepstack embeddings; " +
                                         with_commas(m.load_buffers_bytes) + " B)"
                                   : std::string{}) +
         " = " +
         with_commas(m.weights.bytes) + " B");
  }
  if (m.activation.given) {
    line("  activation     given: " + with_commas(m.activation.bytes) + " B");
  } else {
    line("  activation     profile_run: a forward of T = " + with_commas(a.tokens) + " tokens, then the sampler over R = " +
         with_commas(a.rows) + " rows (" + sampler_name(a.sampler) + ")");
    if (d.performance_mode == kvplan::performance_mode::throughput && rules.performance_mode_flag &&
        (d.max_num_seqs == 0 || d.max_num_batched_tokens == 0))
      line("                 (--performance-mode throughput: vLLM doubles the default max_num_seqs and "
           "max_num_batched_tokens it applies)");
    if (!kvplan::chunked_prefill_of(d, rules) && d.max_num_batched_tokens == 0)
      line("                 (--no-enable-chunked-prefill: the batch holds a whole max_model_len prompt, T = "
           "max_num_batched_tokens = min(max_num_seqs x max_model_len, max(max_model_len, the default)))");
    if (a.encoder_items > 0)
      line("                 before them the vision encoder over " + with_commas(a.encoder_items) + " dummy " +
           (a.encoder_video ? "video(s)" : "image(s)") + " of " + with_commas(a.encoder_tokens) + " tokens (" +
           with_commas(a.encoder_patches) +
           " patches): peak " + with_commas(a.encoder_bytes) + " B; its pixels and outputs" +
           (a.encoder_widened_rows > 0 ? " (each widened to the budget's " + with_commas(a.encoder_widened_rows) + " rows)"
                                       : std::string()) +
           ", " + with_commas(a.encoder_kept_bytes) + " B, stay through them");
    if (d.compile_cache == kvplan::compile_cache_state::warm) {
      kvplan::deployment cold = d;
      cold.compile_cache = kvplan::compile_cache_state::cold;
      if (const kvplan::count_t copies = kvplan::compile_benchmark_bytes(cold, rules, a.tokens); copies > 0)
        line("                 (a warm torch.compile cache: none of a cold compile's benchmark copies, " +
             with_commas(copies) + " B)");
    }
    if (a.compile_bytes > 0)
      line("                 first a cold torch.compile: Inductor benchmarks the embedding's kernel on copies of its "
           "buffers (the rank's table and " + std::string(d.tensor_parallel_size > 1 ? "T" : "2 x T") +
           " rows of H) " + with_commas(a.compile_bytes) + " B, freed before the forward; the peak below is the larger of the two" +
           (a.compile_bytes >= a.total_bytes ? " (a warm cache, --compile-cache warm, gives it back)" : ""));
    line("                 U = R x vocab " + with_commas(d.model.vocab_size) + " x 4 B = " + with_commas(a.logits_bytes) +
         " B; sampler " + with_commas(a.sampler_bytes) + " B; hidden states kept " + with_commas(a.kept_bytes) + " B");
    line("                 one layer's forward " + with_commas(a.forward_bytes) + " B; experts' workspace " +
         with_commas(a.moe_workspace_bytes) + " B" + (a.moe_workspace_per_call ? " (the kernel's own, each call)" : "") +
         "; peak " + with_commas(a.total_bytes) + " B" +
         (m.consumed_profile_bytes > 0 ? "; less what the profile keeps (consumed, from v0.27) " +
                                             with_commas(m.consumed_profile_bytes) + " B = " +
                                             with_commas(m.activation.bytes) + " B"
                                       : std::string()));
    if (a.sampler == kvplan::sampler_path::torch_sort_or_flashinfer)
      line("                 (the sampler: torch.sort's 9.5U, as a pip install of this release runs it; FlashInfer's "
           "3.5U where it is installed (Docker images): --env VLLM_USE_FLASHINFER_SAMPLER=1 or =0 says which)");
  }
  if (m.non_torch.given) {
    line("  non-torch      given: " + with_commas(m.non_torch.bytes) + " B");
  } else {
    // The workspace is an Inductor pass's: say so where eager mode or the optimization level is
    // why there is none.
    const bool settings_without_workspace =
        m.allreduce_workspace_bytes == 0 && rules.flashinfer_allreduce_fusion &&
        kvplan::compiled_by_vllm(d.model, rules) &&
        kvplan::allreduce_fusion_workspace(d.model, d.gpu, d.tensor_parallel_size, a.tokens) > 0;
    const std::string why_none = d.enforce_eager ? " (--enforce-eager: no Inductor pass allocates it)"
                                 : kvplan::vllm_compile_mode(d, rules)
                                     ? " (-O1: its preset leaves the all-reduce fusion off)"
                                     : " (-O" + std::to_string(kvplan::optimization_level_of(d, rules)) +
                                           ": no Inductor pass allocates it)";
    line("  non-torch      kernels loaded on first use and NCCL buffers (from start-up logs), + FlashInfer's "
         "all-reduce workspace " + with_commas(m.allreduce_workspace_bytes) + " B" +
         (settings_without_workspace ? why_none : std::string()) +
         (m.consumed_profile_bytes > 0
              ? ", + what the profile keeps (counted as consumed from v0.27) " + with_commas(m.consumed_profile_bytes) + " B"
              : std::string()) +
         (m.runner_buffers_bytes > 0
              ? ", + the runner's own buffers (from v0.27; Model Runner V2's penalties state, max_num_seqs x (vocab + "
                "vocab / 32) x 4 B, or the V1 runner's 0.2 GiB) " +
                    with_commas(m.runner_buffers_bytes) + " B"
              : std::string()) +
         " = " + with_commas(m.non_torch.bytes) + " B");
  }
  if (m.cudagraph.given) {
    line("  CUDA graphs    given: " + with_commas(m.cudagraph.bytes) + " B");
  } else if (m.cudagraph.bytes == 0) {
    const bool without_compiler = !d.enforce_eager && !kvplan::vllm_compile_mode(d, rules) &&
                                  p.cudagraph_mode == kvplan::cudagraph_mode::none;
    line(without_compiler ? "  CUDA graphs    none: -O" + std::to_string(kvplan::optimization_level_of(d, rules)) +
                                " compiles nothing with vLLM's backend, and captures no CUDA graphs"
                          : "  CUDA graphs    not taken from the budget by this release and runner (or --enforce-eager)");
  } else {
    // The mode vLLM runs, and the one asked for where vLLM lowers it (a backend below FULL).
    const kvplan::cudagraph_mode asked = kvplan::cudagraph_mode_of(d, rules);
    line("  CUDA graphs    cudagraph_mode " + std::string(kvplan::to_string(p.cudagraph_mode)) +
         (asked != p.cudagraph_mode ? " (" + std::string(kvplan::to_string(asked)) + " lowered: the " +
                                          std::string(kvplan::to_string(p.backend)) + " backend" +
                                          (d.speculative.method != kvplan::speculative_method::none
                                               ? " with a speculative decoder)"
                                               : ")")
                                    : std::string()) +
         ":");
    line("                 " + with_commas(m.num_cudagraphs - m.num_full_cudagraphs) + " PIECEWISE graphs of " +
         with_commas(m.cudagraph_cuts) + " cuts (attention, Mamba, indexer ops) and " +
         with_commas(m.num_full_cudagraphs) + " FULL graphs" +
         (d.lora.enabled && rules.lora_cudagraph_specialization ? " (each size twice, without and with LoRA adapters)"
                                                                  : "") +
         (kvplan::model_capture_ceiling(d, rules) > 0
              ? " (sizes up to " + with_commas(kvplan::model_capture_ceiling(d, rules)) +
                    " tokens, the ceiling vLLM sets for this model)"
              : "") +
         ", at a graph's memory per cut and per FULL graph (from start-up logs) = " + with_commas(m.cudagraph.bytes) + " B");
  }
  line("  KV cache       " + with_commas(p.requested_memory_bytes) + " - the terms = " +
       with_commas(p.available_kv_cache_bytes) + " B, +/- " + with_commas(p.kv_cache_uncertainty_bytes) + " B");
}


}  // namespace

std::string text_report(const options& o, const kvplan::deployment& d, const kvplan::plan& p, const resolved* from) {
  std::string s;
  const auto line = [&](const std::string& text) { s += text + "\n"; };
  char buf[512];
  const auto row = [&](const char* label, const std::string& value, const std::string& note = "") {
    std::snprintf(buf, sizeof buf, "  %-30s %12s  %s", label, value.c_str(), note.c_str());
    std::string text = buf;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    line(text);
  };
  const int gpus = d.tensor_parallel_size * d.pipeline_parallel_size * d.data_parallel_size;
  line(std::string(kvplan::checkpoint_of(d).hf_id) + " on " + std::to_string(gpus) + " x " +
       std::string(d.gpu.device_name) + " (TP " + std::to_string(d.tensor_parallel_size) + ", PP " +
       std::to_string(d.pipeline_parallel_size) + ", DP " + std::to_string(d.data_parallel_size) + "), vLLM " +
       std::to_string(p.vllm.major) + "." + std::to_string(p.vllm.minor) + " rules");
  line("");
  line("Memory per GPU                             GiB");
  row("total", gib(p.total_memory_bytes), "cudaMemGetInfo total");
  if (p.kv_cache_memory_given) {
    row("KV cache", gib(p.available_kv_cache_bytes), "--kv-cache-memory-bytes");
  } else {
    row("requested", gib(p.requested_memory_bytes), "gpu_memory_utilization " + fixed2(p.gpu_memory_utilization));
    row("  weights", gib(p.weights_bytes), estimated(p.profile.weights));
    row("  activation peak", gib(p.activation_bytes), estimated(p.profile.activation));
    row("  non-torch", gib(p.non_torch_bytes), estimated(p.profile.non_torch));
    row("  CUDA graphs", gib(p.cudagraph_bytes),
        p.cudagraph_bytes == 0 && !p.profile.cudagraph.given ? "not subtracted" : estimated(p.profile.cudagraph));
    row("  KV cache", gib(p.available_kv_cache_bytes),
        p.kv_cache_uncertainty_bytes > 0 ? "Available KV cache memory, +/- " + gib(p.kv_cache_uncertainty_bytes)
                                         : std::string("Available KV cache memory"));
  }
  row("headroom", gib(p.headroom_bytes), p.kv_cache_memory_given ? "total - estimates - KV cache" : "total - requested");
  line("  " + memory_bar(p) + "  W weights, o other, K KV cache");
  line("");
  line("KV cache");
  row("kv_cache_dtype", std::string(kvplan::to_string(p.kv_cache_dtype)),
      d.kv_cache_dtype == kvplan::cache_dtype::auto_ ? "(auto)" : "");
  row("attention backend", std::string(kvplan::to_string(p.backend)));
  row("KV bytes per token", with_commas(p.kv_bytes_per_token), "per GPU, attention layers");
  if (p.state_bytes_per_request > 0)
    row("state bytes per request", with_commas(p.state_bytes_per_request), "per GPU, Mamba / linear layers");
  row("block size", with_commas(p.block_size), "tokens");
  row("bytes per block", with_commas(p.bytes_per_block), std::to_string(p.num_groups) + " KV cache group(s)");
  row("num_gpu_blocks", with_commas(p.num_gpu_blocks));
  row("blocks per request", with_commas(p.blocks_per_request), "at max_model_len");
  const int engine_gpus = d.tensor_parallel_size * d.pipeline_parallel_size;
  row("KV bytes per request", with_commas(p.kv_bytes_per_request),
      engine_gpus == 1 ? std::string("at max_model_len")
                       : "per GPU; " + with_commas(p.kv_bytes_per_request_total) + " over the engine's " +
                             std::to_string(engine_gpus) + " GPUs");
  row("GPU KV cache size", with_commas(p.kv_cache_tokens), "tokens");
  row("max_model_len", with_commas(p.max_model_len));
  row("Maximum concurrency", fixed2(p.max_concurrency) + "x", "requests of max_model_len at once");
  if (p.shared_prefix_blocks > 0)
    row("  with the shared prefix", fixed2(p.max_concurrency_with_shared_prefix) + "x",
        with_commas(p.shared_prefix_tokens) + "-token prefix: " + with_commas(p.shared_prefix_blocks) +
            " blocks held once");
  else if (p.shared_prefix_tokens > 0)
    row("  with the shared prefix", fixed2(p.max_concurrency_with_shared_prefix) + "x",
        p.prefix_caching ? "the prefix fills no whole block" : "prefix caching is off: nothing is shared");
  if (p.num_speculative_tokens > 0)
    row("speculative tokens", std::to_string(p.num_speculative_tokens),
        std::string(kvplan::to_string(d.speculative.method)) +
            (p.drafter_layers > 0 ? "; " + std::to_string(p.drafter_layers) + " drafter layer(s) cache KV, " +
                                        gib(p.profile.drafter_weights_bytes) + " GiB of drafter weights"
                                  : std::string("; no drafter layers")));
  if (p.decode_context_parallel_size > 1)
    row("decode context parallel", std::to_string(p.decode_context_parallel_size),
        "each rank keeps 1/" + std::to_string(p.decode_context_parallel_size) + " of a request's tokens");
  if (d.kv_offloading_size_gib > 0)
    row("host KV tier", with_commas(p.offload_tokens), p.offload_blocks > 0
        ? "tokens in " + with_commas(p.offload_blocks) + " offloaded blocks of " + with_commas(p.offload_block_size)
        : std::string("LMCache sizes its own server"));
  line("");
  if (p.attention_free) {
    line("Verdict: fits. The model caches no KV: vLLM skips the memory profile and keeps a single block.");
  } else if (p.fits()) {
    line("Verdict: fits. One request at max_model_len " + with_commas(p.max_model_len) + " needs " +
         gib(p.needed_bytes) + " GiB of KV cache; " + gib(p.usable_kv_cache_bytes) +
         " GiB are available. The largest max_model_len that fits is " + with_commas(p.largest_max_model_len) +
         (p.largest_max_model_len == d.model.max_model_len ? ", the model's maximum." : "."));
  } else {
    line("Verdict: does not fit. " + std::string(kvplan::verdict_message(p).view()));
  }
  if (p.within_uncertainty())
    line("It " + std::string(p.fits() ? "fits by " : "misses by ") + gib(p.fit_margin_bytes() < 0 ? -p.fit_margin_bytes()
                                                                                                 : p.fit_margin_bytes()) +
         " GiB, inside the estimate's uncertainty of " + gib(p.kv_cache_uncertainty_bytes) +
         " GiB: vLLM may decide otherwise. Measure before you rely on it: start vLLM once and pass its log "
         "(--from-vllm-log).");
  if (from != nullptr && from->log) {
    line("");
    line("From the vLLM log");
    for (const std::string& r : from->applied.read) line("  read     " + r);
    const auto joined = [](const std::vector<std::string>& items) {
      std::string out;
      for (const std::string& a : items) out += (out.empty() ? "" : ", ") + a;
      return out;
    };
    if (!from->log_args.empty()) line("  args     " + joined(from->log_args));
    if (!from->log_args_not_read.empty())
      line("  not read " + joined(from->log_args_not_read) + " (not modelled: the plan takes vLLM's defaults for them)");
    for (const std::string& a : from->applied.assumed) line("  assumed  " + a);
    if (from->log->available_kv_gib)
      line("  check    vLLM reported " + detail_gib(from->log->available_kv_gib->value) +
           " GiB of KV cache memory; this plan has " + gib(p.available_kv_cache_bytes) + " GiB");
    // The KV arithmetic on that budget: vLLM's capacity lines against the plan's (a budget
    // rounded to 0.01 GiB can move the count by a block).
    if (from->log->kv_cache_tokens) {
      char text[160];
      std::snprintf(text, sizeof text, "  check    vLLM reported %s tokens", with_commas(static_cast<kvplan::count_t>(
                                                                             from->log->kv_cache_tokens->value)).c_str());
      std::string l = text;
      if (from->log->max_concurrency) {
        std::snprintf(text, sizeof text, " and %.2fx", from->log->max_concurrency->value);
        l += text;
      }
      std::snprintf(text, sizeof text, "; this plan has %s tokens and %.2fx", with_commas(p.kv_cache_tokens).c_str(),
                    p.max_concurrency);
      line(l + text);
    }
  }
  if (o.explain) explain(d, p, line);
  const auto what_ifs = kvplan::what_ifs(d, p);
  if (!what_ifs.empty()) {
    line("");
    line("Levers");
    for (const kvplan::what_if& w : what_ifs) {
      std::snprintf(buf, sizeof buf, "  %-32s %s", change_of(w).c_str(), outcome_of(w.result).c_str());
      line(buf);
    }
  }
  line("");
  line("Launch");
  line("  " + std::string(kvplan::vllm_serve_command(kvplan::vllm_serve_args(d, p, o.style)).view()));
  return s;
}

// --- JSON --------------------------------------------------------------------------------------

namespace {

}  // namespace

std::string json_string(std::string_view v) {
  std::string out = "\"";
  for (const char c : v) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

namespace {

// One JSON object, keys in the order written.
class json_object {
 public:
  // `raw_json` must already be JSON (a number, an array, ...).
  json_object& add_raw(std::string_view key, const std::string& raw_json) {
    body_ += (body_.empty() ? "\n  " : ",\n  ") + json_string(key) + ": " + raw_json;
    return *this;
  }
  json_object& add(std::string_view key, std::string_view text) { return add_raw(key, json_string(text)); }
  json_object& add(std::string_view key, const std::string& text) { return add_raw(key, json_string(text)); }
  json_object& add(std::string_view key, const char* text) { return add_raw(key, json_string(text)); }
  json_object& add(std::string_view key, count_t v) { return add_raw(key, std::to_string(v)); }
  json_object& add(std::string_view key, std::int32_t v) { return add_raw(key, std::to_string(v)); }
  json_object& add(std::string_view key, bool v) { return add_raw(key, v ? "true" : "false"); }
  json_object& add(std::string_view key, double v) { return add_raw(key, shortest(v)); }
  std::string str() const { return "{" + body_ + "\n}"; }

 private:
  std::string body_;
};

}  // namespace

std::string json_report(const options& o, const kvplan::deployment& d, const kvplan::plan& p, const resolved* from) {
  json_object j;
  j.add("model", std::string_view(kvplan::checkpoint_of(d).hf_id))
      .add("gpu", std::string_view(d.gpu.name))
      .add("vllm_version", std::to_string(p.vllm.major) + "." + std::to_string(p.vllm.minor) + "." +
                               std::to_string(p.vllm.patch))
      .add("tensor_parallel_size", d.tensor_parallel_size)
      .add("pipeline_parallel_size", d.pipeline_parallel_size)
      .add("data_parallel_size", d.data_parallel_size)
      .add("total_memory_bytes", p.total_memory_bytes)
      .add("gpu_memory_utilization", p.gpu_memory_utilization)
      .add("requested_memory_bytes", p.requested_memory_bytes)
      .add("weights_bytes", p.weights_bytes)
      .add("activation_bytes", p.activation_bytes)
      .add("non_torch_bytes", p.non_torch_bytes)
      .add("cudagraph_bytes", p.cudagraph_bytes)
      .add("available_kv_cache_bytes", p.available_kv_cache_bytes)
      .add("headroom_bytes", p.headroom_bytes)
      .add("kv_cache_memory_given", p.kv_cache_memory_given)
      .add("kv_cache_dtype", std::string_view(kvplan::to_string(p.kv_cache_dtype)))
      .add("attention_backend", std::string_view(kvplan::to_string(p.backend)))
      .add("kv_bytes_per_token", p.kv_bytes_per_token)
      .add("kv_bytes_per_token_all_gpus", p.kv_bytes_per_token_total)
      .add("state_bytes_per_request", p.state_bytes_per_request)
      .add("block_size", p.block_size)
      .add("bytes_per_block", p.bytes_per_block)
      .add("num_kv_cache_groups", p.num_groups)
      .add("num_gpu_blocks", p.num_gpu_blocks)
      .add("blocks_per_request", p.blocks_per_request)
      .add("kv_bytes_per_request", p.kv_bytes_per_request)
      .add("kv_bytes_per_request_all_gpus", p.kv_bytes_per_request_total)
      .add("kv_cache_tokens", p.kv_cache_tokens)
      .add("max_model_len", p.max_model_len)
      .add("max_concurrency", p.max_concurrency)
      .add("max_num_seqs", p.max_num_seqs)
      .add("max_num_batched_tokens", p.max_num_batched_tokens)
      .add("performance_mode", std::string_view(kvplan::to_string(d.performance_mode)))
      .add("enable_prefix_caching", p.prefix_caching)
      .add("fits", p.fits())
      .add("verdict", std::string_view(kvplan::name_of(p.verdict)))
      .add("needed_kv_cache_bytes", p.needed_bytes)
      .add("usable_kv_cache_bytes", p.usable_kv_cache_bytes)
      .add("estimated_max_model_len", p.estimated_max_model_len)
      .add("largest_max_model_len", p.largest_max_model_len)
      .add("kv_cache_uncertainty_bytes", p.kv_cache_uncertainty_bytes)
      .add("fit_margin_bytes", p.fit_margin_bytes())
      .add("within_uncertainty", p.within_uncertainty())
      .add("attention_free", p.attention_free)
      .add("async_scheduling", p.async_scheduling)
      .add("speculative_method", std::string_view(kvplan::to_string(d.speculative.method)))
      .add("num_speculative_tokens", p.num_speculative_tokens)
      .add("drafter_layers", p.drafter_layers)
      .add("drafter_weights_bytes", p.profile.drafter_weights_bytes)
      .add("decode_context_parallel_size", p.decode_context_parallel_size)
      .add("offload_blocks", p.offload_blocks)
      .add("offload_block_size", p.offload_block_size)
      .add("offload_tokens", p.offload_tokens)
      .add("shared_prefix_tokens", p.shared_prefix_tokens)
      .add("shared_prefix_blocks", p.shared_prefix_blocks)
      .add("max_concurrency_with_shared_prefix", p.max_concurrency_with_shared_prefix);
  if (!p.fits()) j.add("message", std::string_view(kvplan::verdict_message(p).view()));
  // Each memory term with how it was found, and the parts of the estimates.
  const kvplan::memory_profile& m = p.profile;
  const auto term = [](const kvplan::memory_term& t, const std::string& more = "") {
    return "{\"bytes\": " + std::to_string(t.bytes) + ", \"uncertainty_bytes\": " + std::to_string(t.uncertainty_bytes) +
           ", \"given\": " + (t.given ? "true" : "false") + more + "}";
  };
  const kvplan::activation_breakdown& a = m.activation_parts;
  j.add_raw("memory_profile",
            "{\"weights\": " + term(m.weights, ", \"rope_cache_bytes\": " + std::to_string(m.rope_cache_bytes) +
                                              ", \"unsplit_bytes\": " + std::to_string(m.unsplit_weights_bytes) +
                                              ", \"marlin_scale_bytes\": " + std::to_string(m.marlin_scale_bytes) +
                                              ", \"lora_bytes\": " + std::to_string(m.lora_bytes) +
                                              ", \"load_buffers_bytes\": " + std::to_string(m.load_buffers_bytes)) +
                ", \"activation\": " +
                term(m.activation, ", \"rows\": " + std::to_string(a.rows) + ", \"tokens\": " + std::to_string(a.tokens) +
                                       ", \"sampler\": " + json_string(sampler_name(a.sampler)) +
                                       ", \"sampler_bytes\": " + std::to_string(a.sampler_bytes) +
                                       ", \"kept_bytes\": " + std::to_string(a.kept_bytes) +
                                       ", \"forward_bytes\": " + std::to_string(a.forward_bytes) +
                                       ", \"moe_workspace_bytes\": " + std::to_string(a.moe_workspace_bytes) +
                                       ", \"encoder_items\": " + std::to_string(a.encoder_items) +
                                       ", \"encoder_tokens\": " + std::to_string(a.encoder_tokens) +
                                       ", \"encoder_bytes\": " + std::to_string(a.encoder_bytes) +
                                       ", \"encoder_kept_bytes\": " + std::to_string(a.encoder_kept_bytes) +
                                       ", \"encoder_widened_rows\": " + std::to_string(a.encoder_widened_rows) +
                                       ", \"compile_bytes\": " + std::to_string(a.compile_bytes) +
                                       ", \"persistent_bytes\": " + std::to_string(a.persistent_bytes)) +
                ", \"non_torch\": " +
                term(m.non_torch, ", \"allreduce_workspace_bytes\": " + std::to_string(m.allreduce_workspace_bytes) +
                                         ", \"consumed_profile_bytes\": " + std::to_string(m.consumed_profile_bytes) +
                                         ", \"runner_buffers_bytes\": " + std::to_string(m.runner_buffers_bytes)) +
                ", \"cudagraph\": " + term(m.cudagraph, ", \"graphs\": " + std::to_string(m.num_cudagraphs)) + "}");
  if (from != nullptr && from->log) {
    const auto list = [](const std::vector<std::string>& items) {
      std::string out = "[";
      for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + json_string(items[i]);
      return out + "]";
    };
    std::string log = "{\"read\": " + list(from->applied.read) + ", \"non_default_args\": " + list(from->log_args) +
                      ", \"args_not_read\": " + list(from->log_args_not_read) +
                      ", \"assumed\": " + list(from->applied.assumed);
    if (from->log->available_kv_gib)
      log += ", \"logged_available_kv_cache_gib\": " + shortest(from->log->available_kv_gib->value);
    if (from->log->kv_cache_tokens)
      log += ", \"logged_kv_cache_tokens\": " + shortest(from->log->kv_cache_tokens->value);
    j.add_raw("vllm_log", log + "}");
  }
  std::string stages = "[";
  for (std::int32_t i = 0; i < p.stages.size(); ++i) {
    const kvplan::stage_plan& st = p.stages[static_cast<std::size_t>(i)];
    stages += (i == 0 ? "" : ", ") + std::string("{\"first_layer\": ") + std::to_string(st.first_layer) +
              ", \"num_layers\": " + std::to_string(st.num_layers) +
              ", \"bytes_per_block\": " + std::to_string(st.bytes_per_block) +
              ", \"num_blocks\": " + std::to_string(st.num_blocks) + "}";
  }
  j.add_raw("pipeline_stages", stages + "]");
  j.add("vllm_serve", std::string_view(kvplan::vllm_serve_command(kvplan::vllm_serve_args(d, p, o.style)).view()));
  return j.str() + "\n";
}

}  // namespace kvplan_cli
