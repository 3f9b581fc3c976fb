// The kvplan program: its commands and its exit status.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string_view>
#include <vector>

namespace kvplan_cli {

// Exit status of the program.
enum exit_status : int {
  success = 0,       // the deployment fits (the plan is on stdout), or a listing
  does_not_fit = 1,  // why, with the numbers, on stderr; with --json the plan is on stdout too
  bad_input = 2,     // bad usage or input, or a deployment vLLM refuses outright (the rule named)
};

// Runs the program on the arguments after its name, writing to stdout and stderr.
int run(const std::vector<std::string_view>& args);

}  // namespace kvplan_cli
