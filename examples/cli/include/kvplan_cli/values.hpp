// Command-line values parsed exactly as vLLM's argparse types parse them.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <kvplan/units.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace kvplan_cli {

using kvplan::count_t;

// A parsed value or the reason it is not one.
template <class T>
struct parsed {
  std::optional<T> value;
  std::string error;  // set when value is empty
};

std::string_view strip(std::string_view s);
bool is_digit(char c);
std::string lowercase(std::string_view s);

// Python's int(str): optional sign, ASCII digits with single underscores between them,
// surrounding whitespace allowed.
std::optional<count_t> python_int(std::string_view text);

// Python's float() for the plain decimal forms a person types ("0.9", ".92", "9e-1").
std::optional<double> python_float(std::string_view text);

// vLLM's human_readable_int (vllm/utils/argparse_utils.py): "25.6k" = 25,600 (decimal
// suffixes k m g t, decimals allowed, truncated), "1K" = 1,024 (binary suffixes K M G T,
// integers only), else int(value).
parsed<count_t> human_readable_int(std::string_view text);

// vLLM's human_readable_int_or_auto: "auto" (any case) or "-1" mean auto-fit (-1).
parsed<count_t> human_readable_int_or_auto(std::string_view text);

// A memory size: vLLM's human_readable_int forms ("80G" = 80 GiB, "80g" = 80 GB, bytes), or a
// number with an explicit unit as vLLM's logs print them ("14.99 GiB", "512MiB", "16GB").
parsed<count_t> memory_size(std::string_view text);

}  // namespace kvplan_cli
