// kvplan: does this model fit on these GPUs, with how much KV cache, how many concurrent
// requests, and which `vllm serve` line? The library's plan, from the command line.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/app.hpp"

#include <string_view>
#include <vector>

int main(int argc, char** argv) { return kvplan_cli::run(std::vector<std::string_view>(argv + 1, argv + argc)); }
