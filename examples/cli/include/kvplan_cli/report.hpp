// What the kvplan program prints: a plan a person can read, JSON a script can trust.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan_cli/options.hpp"
#include "kvplan_cli/resolve.hpp"

#include <kvplan/kvplan.hpp>

#include <string>
#include <string_view>

namespace kvplan_cli {

// 1,234,567: integers as vLLM's logs print them.
std::string with_commas(count_t v);

// GiB with two decimals, as vLLM's logs print them ("16.0", "52.35").
std::string gib(count_t bytes);

// Two decimals ("12.98"); the shortest decimal that reads back as the same double (JSON
// numbers); a JSON string literal, quotes included.
std::string fixed2(double v);
std::string shortest(double v);
std::string json_string(std::string_view v);

// The plan as a person reads it: memory per GPU, the KV cache, the verdict, the levers and the
// launch command.
// `from` adds what a --from-vllm-log gave.
std::string text_report(const options& o, const kvplan::deployment& d, const kvplan::plan& p,
                        const resolved* from = nullptr);

// The plan as one JSON object (bytes as integers, per GPU), for a plan that fits or not.
std::string json_report(const options& o, const kvplan::deployment& d, const kvplan::plan& p,
                        const resolved* from = nullptr);

}  // namespace kvplan_cli
