// The model registry: every model kvplan carries, one header per family.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/models/deepseek.hpp"
#include "kvplan/models/gemma.hpp"
#include "kvplan/models/glm.hpp"
#include "kvplan/models/gpt_oss.hpp"
#include "kvplan/models/kimi.hpp"
#include "kvplan/models/llama.hpp"
#include "kvplan/models/llama4.hpp"
#include "kvplan/models/minimax.hpp"
#include "kvplan/models/mistral.hpp"
#include "kvplan/models/nemotron.hpp"
#include "kvplan/models/phi.hpp"
#include "kvplan/models/qwen.hpp"

#include <array>

namespace kvplan::inline v0::models {

inline constexpr std::array all = {
    // Meta Llama
    llama_2_7b, llama_2_13b, llama_2_70b, llama_3_8b, llama_3_70b, llama_3_2_1b, llama_3_2_3b, llama_3_1_8b, llama_3_1_70b,
    llama_3_1_405b, llama_3_3_70b, llama_4_scout, llama_4_maverick,
    // DeepSeek, Moonshot, Z.ai
    deepseek_v3, deepseek_r1, deepseek_v3_2, deepseek_v4_flash, deepseek_v4_pro, kimi_k2, kimi_k2_5, kimi_k2_6, glm_5, glm_5_1, glm_5_2,
    glm_4_5, glm_4_6, glm_4_7, glm_4_5_air,
    // Alibaba Qwen
    qwen2_5_0_5b, qwen2_5_1_5b, qwen2_5_3b, qwen2_5_7b, qwen2_5_14b, qwen2_5_32b, qwen2_5_72b, qwen3_0_6b, qwen3_1_7b, qwen3_4b, qwen3_8b, qwen3_14b, qwen3_32b, qwen3_30b_a3b, qwen3_30b_a3b_2507, qwen3_235b_a22b, qwen3_235b_a22b_2507, qwen3_next_80b,
    qwen3_5_397b_a17b, qwen3_5_122b_a10b, qwen3_6_35b_a3b, qwen3_6_27b,
    // OpenAI, Google, Mistral AI, Microsoft
    gpt_oss_20b, gpt_oss_120b, gemma_3_27b, gemma_4_31b, gemma_4_26b_a4b, mistral_small_24b,
    mixtral_8x7b, phi_4,
    // MiniMax
    minimax_m2, minimax_m2_5, minimax_m2_7, minimax_m1, minimax_text_01,
    // NVIDIA
    nemotron_3_nano, nemotron_super_49b, nemotron_super_49b_v1_5,
};

}  // namespace kvplan::inline v0::models
