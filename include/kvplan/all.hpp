// Every kvplan header but the CUDA ones: the core (kvplan/kvplan.hpp) and the opt-in parts.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/kvplan.hpp"
#include "kvplan/hf_config.hpp"
#include "kvplan/models.hpp"
#include "kvplan/registry.hpp"
#include "kvplan/sizing.hpp"
#include "kvplan/what_if.hpp"
