// Fuzz target: the kvplan command line. Any bytes, split into arguments at newlines, must give a
// plan or a clean error: never a crash, an exception escaping, or undefined behaviour.
#include "kvplan_cli/options.hpp"
#include "kvplan_cli/report.hpp"
#include "kvplan_cli/resolve.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> args;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= input.size(); ++i) {
    if (i == input.size() || input[i] == '\n') {
      args.emplace_back(input.data() + start, i - start);
      start = i + 1;
    }
  }
  const kvplan_cli::parse_result parsed = kvplan_cli::parse_args(args);
  if (!parsed.ok() || parsed.opts.cmd != kvplan_cli::command::plan) return 0;
  const kvplan_cli::resolved r = kvplan_cli::resolve(parsed.opts);
  if (!r.ok()) return 0;
  const kvplan::plan_result result = kvplan::try_plan(r.deployment);
  if (!result.ok()) return 0;
  const std::string text = kvplan_cli::text_report(parsed.opts, r.deployment, result.plan);
  const std::string json = kvplan_cli::json_report(parsed.opts, r.deployment, result.plan);
  return text.empty() || json.empty() ? -1 : 0;
}
