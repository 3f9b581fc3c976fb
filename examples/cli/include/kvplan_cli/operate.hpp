// The operator's commands around a plan (seeds 000, 001, 003): max_model_len from request
// lengths, the usage a load should show, Prometheus alert rules, and a check of a live engine.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan_cli/options.hpp"
#include "kvplan_cli/resolve.hpp"

#include <kvplan/kvplan.hpp>

#include <cstddef>
#include <string>

namespace kvplan_cli {

// The text of FILE, of standard input for "-", or of an http:// URL (a GET over plain TCP: a
// vLLM server's /metrics), at most `max_bytes`; `error` set when it cannot be read.
std::string read_source(const std::string& source, std::string& error, std::size_t max_bytes = std::size_t{64} << 20);

// A GET of http://host[:port]/path, at most 64 MiB of body, with a timeout of `timeout_s`
// seconds per step; the body, or `error` set (the status line when it is not 200).
std::string http_get(const std::string& url, std::string& error, int timeout_s = 10);

// Each command prints its result (text or JSON) and returns the exit status.
int max_model_len_command(const options& o, const resolved& r);
int expect_command(const options& o, const resolved& r);
int alerts_command(const options& o, const resolved& r);
int check_command(const options& o, const resolved& r);

// The Prometheus rules file (YAML) for a plan: KV-cache usage at 80% and 90%, running requests
// near the plan's concurrency, waiting requests, preemptions; the plan's figures in the
// annotations. `model_name` selects the served model's series (vLLM's model_name label).
std::string prometheus_rules(const kvplan::deployment& d, const kvplan::plan& p, const std::string& model_name);

}  // namespace kvplan_cli
