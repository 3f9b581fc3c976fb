// From command-line options to a kvplan::deployment: registry lookups and vLLM's flags applied.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan_cli/options.hpp"

#include <kvplan/kvplan.hpp>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvplan_cli {

struct resolved {
  kvplan::deployment deployment{};
  std::string error;  // empty on success
  // A model read from a config.json points into these (heap-held, so a move keeps them valid).
  std::shared_ptr<const std::string> config_text;
  std::shared_ptr<const std::string> model_id;
  std::shared_ptr<const std::string> quantization;
  // A draft model read from a config.json (--speculative-config "model").
  std::shared_ptr<const std::string> draft_config_text;
  std::shared_ptr<const std::string> draft_model_id;
  // With --from-vllm-log: what the log gave, and what was left to kvplan's estimates.
  std::optional<kvplan::vllm_log> log;
  std::vector<std::string> log_args;  // the non-default args taken ("max_model_len=16384")
  std::vector<std::string> log_args_not_read;  // those kvplan does not model ("disable_custom_all_reduce=True")
  kvplan::applied_log applied;
  bool ok() const { return error.empty(); }
};

// MODEL names a config.json when it is a file, or a directory holding one (vLLM too takes a
// local path before a Hugging Face id).
std::optional<std::filesystem::path> config_json_path(const std::string& model);

// What `vllm serve` should load for a config.json: the model's Hugging Face id when the file is
// in the Hugging Face cache (.../models--org--name/snapshots/<rev>/config.json), else the
// directory holding it. Empty (config.json's _name_or_path decides) for a file of another name.
std::string model_id_for(const std::filesystem::path& config);

// The deployment the options describe, or why there is none.
resolved resolve(const options& o);

}  // namespace kvplan_cli
