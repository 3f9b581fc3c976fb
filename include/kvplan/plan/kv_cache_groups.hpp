// Steps 2 and 3 of a plan: the layer specs on one rank, and the KV-cache groups vLLM puts them in.
// SPDX-License-Identifier: Apache-2.0
//
// Each worker reports a KVCacheSpec per layer (get_kv_cache_spec); the engine core groups them
// (get_kv_cache_groups). Layers of one layer type share their specs, so everything here is
// computed per layer type and per bucket of identical specs, never per layer: a model of 61
// layers and two layer types costs two spec computations, not 61.
#pragma once

#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/error.hpp"
#include "kvplan/model.hpp"
#include "kvplan/plan/settings.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"

#include <array>
#include <cstdint>

namespace kvplan::inline v0 {

// Most layer types have one or two specs (MLA and the DeepSeek-V3.2 indexer, which vLLM
// registers as a layer of its own); DeepSeek-V4's three types have nine between them. A model
// has at most this many distinct specs.
inline constexpr std::int32_t max_spec_buckets = 2 * max_layer_types;

// The layers that have one spec, and the KV-cache groups vLLM splits them into. A bucket is
// not a vLLM object: vLLM buckets layers by spec only to cut each bucket into groups of
// `group_size` layers (or to put every bucket into one group, see kv_cache_groups::one_group).
struct spec_bucket {
  layer_spec spec{};
  count_t num_layers = 0;          // layers with this spec in the whole model
  count_t num_groups = 0;          // KV-cache groups the bucket is split into
  count_t blocks_per_request = 0;  // blocks one request holds in each of its groups at max_model_len
  // The buckets of one set share their groups (a UniformTypeKVCacheSpecs group holds layers of
  // several specs): a group of the set holds as many blocks per request as its most demanding
  // spec, and its pages side by side.
  std::int8_t set = 0;
};

// How many layers of each layer type a range of layers has.
using layer_type_counts = std::array<count_t, max_layer_types>;

constexpr layer_type_counts count_layer_types(const layer_stack& layers, std::int32_t first, std::int32_t count) {
  layer_type_counts n{};
  if (first == 0 && count == layers.num_layers) {  // the whole model: counted as it was built
    for (std::int32_t t = 0; t < layers.types.size(); ++t) n[static_cast<std::size_t>(t)] = layers.layers_of_type[t];
    return n;
  }
  for (std::int32_t i = first; i < first + count; ++i) ++n[layers.type_index[i]];
  return n;
}

// The KV-cache groups of a model (get_kv_cache_groups).
struct kv_cache_groups {
  static_vector<spec_bucket, max_spec_buckets> buckets;  // in the order layers first use them
  count_t num_groups = 0;
  // One group holds every layer: every spec is the same, or all are of one uniform type
  // (UniformTypeKVCacheSpecs, e.g. MLA with the V3.2 indexer). Otherwise each bucket is split
  // into num_groups groups of one page size, or (packed, DeepSeek-V4) each set of uniform-type
  // buckets into num_groups groups of mixed pages.
  bool one_group = false;
  bool packed = false;
  // The bucket of spec k of each layer type; -1 for none.
  std::array<std::array<std::int8_t, max_specs_per_layer>, max_layer_types> bucket_of{};
};

// A sum over the KV-cache groups of what each holds, given what each bucket's layers need
// (`need(bucket)`, e.g. its pages per request): a group of a set holds the most any of its
// buckets needs, and the set has num_groups such groups.
// The fit check's binary search runs this some forty times a plan, so the common layouts (one
// group; one set per bucket) take a loop without the per-set bookkeeping.
template <class Need>
constexpr count_t sum_over_groups(const kv_cache_groups& g, Need need) {
  count_t total = 0;
  if (!g.packed) {
    for (const spec_bucket& b : g.buckets) {
      const count_t n = need(b);
      total = g.one_group ? max_of(total, n) : checked_add(total, checked_mul(b.num_groups, n));
    }
    return total;
  }
  for (std::int32_t i = 0; i < g.buckets.size(); ++i) {
    const spec_bucket& b = g.buckets[i];
    bool first_of_set = true;
    for (std::int32_t j = 0; j < i; ++j) first_of_set = first_of_set && g.buckets[j].set != b.set;
    if (!first_of_set) continue;
    count_t most = 0;
    for (std::int32_t j = i; j < g.buckets.size(); ++j)
      if (g.buckets[j].set == b.set) most = max_of(most, need(g.buckets[j]));
    total = checked_add(total, checked_mul(b.num_groups, most));
  }
  return total;
}

namespace detail {
// UniformTypeKVCacheSpecs.is_uniform_type: one block size and one kind of slot demand.
constexpr bool is_uniform_type(const static_vector<spec_bucket, max_spec_buckets>& b) {
  const layer_spec& first = b.front().spec;
  for (const spec_bucket& x : b) {
    if (x.spec.block_size != first.block_size) return false;
    const bool same_demand = is_full_attention_like(first.kind)
                                 ? is_full_attention_like(x.spec.kind)
                                 : x.spec.kind == first.kind && x.spec.window == first.window;
    if (!same_demand) return false;
  }
  return true;
}

// unify_kv_cache_spec_page_size: grow block sizes (or pad pages) to the largest page. Before
// v0.23 vLLM only grew block sizes: a page that does not divide the largest was an error.
constexpr void unify_page_sizes(static_vector<spec_bucket, max_spec_buckets>& b, const vllm_rules& rules) {
  count_t max_page = 0;
  for (const spec_bucket& x : b) max_page = max_of(max_page, x.spec.page_size_bytes());
  for (spec_bucket& x : b) {
    layer_spec& s = x.spec;
    const count_t page = s.page_size_bytes();
    if (page == max_page) continue;
    if (!rules.pads_uneven_pages && (s.kind == spec_kind::mamba || max_page % page != 0)) {
      fail(errc::page_sizes_cannot_be_unified, page, max_page);
    } else if (s.kind == spec_kind::mamba) {
      s.page_size_padded = max_page;
    } else if (max_page % page == 0) {
      s.block_size *= max_page / page;
    } else if (s.kind != spec_kind::mla) {
      s.page_size_padded = max_page;
    } else {
      fail(errc::mla_page_size_cannot_be_unified, page, max_page);
    }
  }
}

// _approximate_gcd: the chunk d in [lower_bound, max(values)] that pads the values least when
// each is rounded up to a multiple of d; ties prefer the larger d.
template <class Values>
constexpr count_t approximate_gcd(const Values& values, count_t lower_bound) {
  count_t most = 0;
  for (const count_t x : values) most = max_of(most, x);
  const count_t lo = max_of(count_t{1}, lower_bound);
  if (lo > most) return lo;
  count_t best = lo, best_pad = -1;
  for (count_t d = lo; d <= most; ++d) {
    count_t pad = 0;
    for (const count_t x : values) pad += (d - x % d) % d;
    if (best_pad < 0 || pad <= best_pad) {
      best_pad = pad;
      best = d;
    }
  }
  return best;
}

// The layers of each page size in one set (a page-size bucket of _get_packed_kv_cache_groups).
struct page_counts {
  static_vector<count_t, max_spec_buckets> pages{};
  static_vector<count_t, max_spec_buckets> layers{};
  constexpr void add(count_t page, count_t n) {
    const std::int32_t i = pages.find(page);
    if (i >= 0) {
      layers[i] += n;
    } else {
      (void)pages.push_back(page);
      (void)layers.push_back(n);
    }
  }
  constexpr count_t most_layers() const {
    count_t m = 0;
    for (const count_t n : layers) m = max_of(m, n);
    return m;
  }
  // One layer of each page size per repeat of the pattern (the only pattern vLLM splits).
  constexpr bool balanced() const {
    for (const count_t n : layers)
      if (n != layers.front()) return false;
    return true;
  }
};

// _get_packed_kv_cache_groups (vLLM PR #44577 and after; the path models whose backends pack
// a block's pages side by side take, today DeepSeek-V4): the layers are bucketed greedily, in
// registration order, into uniform-type sets; a balanced set (as many layers of each page size)
// is split into groups of `repeats` pattern repeats, the chunk that pads the balanced sets
// least (at least the largest balanced mixed-page set, which stays whole); an unbalanced set
// stays one group.
constexpr void pack_groups(kv_cache_groups& g) {
  static_vector<std::int32_t, max_spec_buckets> firsts;  // the first bucket of each set
  for (std::int32_t b = 0; b < g.buckets.size(); ++b) {
    spec_bucket& x = g.buckets[b];
    std::int32_t set = 0;
    while (set < firsts.size()) {
      const static_vector<spec_bucket, max_spec_buckets> pair{g.buckets[firsts[set]], x};
      if (is_uniform_type(pair)) break;
      ++set;
    }
    if (set == firsts.size()) (void)firsts.push_back(b);
    x.set = static_cast<std::int8_t>(set);
  }
  std::array<page_counts, max_spec_buckets> counts{};
  for (const spec_bucket& x : g.buckets)
    counts[static_cast<std::size_t>(x.set)].add(x.spec.page_size_bytes(), x.num_layers);
  count_t floor = 0;
  static_vector<count_t, max_spec_buckets> balanced;
  for (std::int32_t set = 0; set < firsts.size(); ++set) {
    const page_counts& c = counts[static_cast<std::size_t>(set)];
    if (!c.balanced()) continue;
    (void)balanced.push_back(c.most_layers());
    if (c.pages.size() > 1) floor = max_of(floor, c.most_layers());
  }
  const count_t repeats = floor > 0 ? approximate_gcd(balanced, floor) : 0;
  g.num_groups = 0;
  for (std::int32_t set = 0; set < firsts.size(); ++set) {
    const page_counts& c = counts[static_cast<std::size_t>(set)];
    const count_t groups = repeats > 0 && c.balanced() ? cdiv(c.most_layers(), repeats) : 1;
    for (spec_bucket& x : g.buckets)
      if (x.set == set) x.num_groups = groups;
    g.num_groups += groups;
  }
  g.packed = true;
}
}  // namespace detail

// The specs of every layer type on one rank (get_kv_cache_spec), bucketed and grouped as
// get_kv_cache_groups does, with the blocks one request holds in each group at the settings'
// max_model_len.
constexpr kv_cache_groups group_layers(const model& m, const engine_settings& s) {
  kv_cache_groups g;
  const layer_stack& layers = m.layers;

  // The layer types some layer uses, in the order of their first layer (the walk stops once it
  // has met every used type: a stack built layer by layer meets them in a few layers).
  const layer_type_counts total = count_layer_types(layers, 0, layers.num_layers);
  std::int32_t used = 0;
  for (const count_t n : total) used += n > 0 ? 1 : 0;
  static_vector<std::int32_t, max_layer_types> types_in_order;
  for (std::int32_t i = 0; i < layers.num_layers && types_in_order.size() < used; ++i)
    if (types_in_order.find(layers.type_index[i]) < 0) (void)types_in_order.push_back(layers.type_index[i]);

  // One bucket per distinct spec.
  for (auto& specs : g.bucket_of) specs.fill(-1);
  for (const std::int32_t t : types_in_order) {
    const layer_specs ls = specs_of(layers.types[static_cast<std::size_t>(t)], s.rank);
    for (std::int32_t k = 0; k < ls.size(); ++k) {
      layer_spec spec = ls[k];
      if (spec.kind == spec_kind::mamba) {
        spec.page_size_padded = s.mamba_page_size_padded;
        // mamba_block_size: the block size in align mode, max_model_len otherwise.
        spec.block_size = s.mamba_mode == mamba_cache_mode::align ? s.block_size : s.max_model_len;
      }
      if (!s.hybrid_kv_cache_manager && (spec.kind == spec_kind::sliding_window || spec.kind == spec_kind::chunked_local)) {
        spec.kind = spec_kind::full_attention;  // unify_hybrid_kv_cache_specs
        spec.window = 0;
      }
      std::int32_t b = 0;
      while (b < g.buckets.size() && !(g.buckets[b].spec == spec)) ++b;
      if (b == g.buckets.size() && !g.buckets.push_back({spec, 0, 0, 0}))
        fail(errc::model_has_too_many_layer_types, max_spec_buckets);
      g.buckets[b].num_layers += total[static_cast<std::size_t>(t)];
      g.bucket_of[static_cast<std::size_t>(t)][static_cast<std::size_t>(k)] = static_cast<std::int8_t>(b);
    }
  }
  if (g.buckets.empty()) fail(errc::attention_free_model_has_no_kv_cache);

  g.one_group = g.buckets.size() == 1 || (s.rules.uniform_type_kv_specs && detail::is_uniform_type(g.buckets));
  if (!g.one_group && m.layers.has(layer_kind::compressed_mla)) {
    detail::pack_groups(g);
    return g;
  }
  // Before UniformTypeKVCacheSpecs (v0.11), full-attention layers had to share one spec.
  if (!s.rules.uniform_type_kv_specs && g.buckets.size() > 1) {
    const layer_spec* full = nullptr;
    for (const spec_bucket& b : g.buckets) {
      if (!is_full_attention_like(b.spec.kind)) continue;
      if (full != nullptr && !(b.spec == *full))
        fail(errc::full_attention_page_sizes_differ, full->page_size_bytes(), b.spec.page_size_bytes());
      full = &b.spec;
    }
  }
  if (g.one_group) {
    g.num_groups = 1;
    for (spec_bucket& b : g.buckets) b.num_groups = 1;
  } else {
    detail::unify_page_sizes(g.buckets, s.rules);
    // _get_kv_cache_groups_uniform_page_size: the group size is the smallest bucket, or the
    // largest when it is under 1.5x the smallest; buckets split round-robin (layer j of a
    // bucket goes to its group j % num_groups).
    count_t fewest = g.buckets.front().num_layers;
    count_t most = 0;
    for (const spec_bucket& b : g.buckets) {
      fewest = min_of(fewest, b.num_layers);
      most = max_of(most, b.num_layers);
    }
    const count_t group_size = 2 * most < 3 * fewest ? most : fewest;
    for (std::int32_t b = 0; b < g.buckets.size(); ++b) {
      spec_bucket& x = g.buckets[b];
      x.num_groups = cdiv(x.num_layers, group_size);
      x.set = static_cast<std::int8_t>(b);
      g.num_groups += x.num_groups;
    }
  }
  return g;
}

// Blocks one request holds at the given bounds: the sum over groups of each group's pages; the
// one group of a uniform model takes its layers' maximum (UniformTypeKVCacheSpecs).
constexpr count_t blocks_per_request(const kv_cache_groups& g, const request_bounds& r) {
  return sum_over_groups(g, [&r](const spec_bucket& b) { return max_memory_usage_pages(b.spec, r); });
}

// Blocks of a prefix of `tokens` tokens (already divided over DCP ranks) that every request
// shares with prefix caching: its full blocks in each full-attention and MLA group.
constexpr count_t shared_prefix_blocks(const kv_cache_groups& g, count_t tokens) {
  return sum_over_groups(g, [tokens](const spec_bucket& b) {
    return is_full_attention_like(b.spec.kind) ? tokens / b.spec.block_size : count_t{0};
  });
}

// What the layers of a range (one pipeline stage) put in the pool on one GPU.
struct layer_range_usage {
  count_t bytes_per_block = 0;          // the largest group's page sum (_get_kv_cache_bytes_per_block)
  count_t kv_bytes_per_token = 0;       // attention KV per token
  count_t state_bytes_per_request = 0;  // Mamba / linear state per request, before padding
};

// Layers of one bucket on a stage have consecutive positions in the bucket, so round-robin
// gives each of its groups cdiv(n, num_groups) of them at most; a group of a set holds its
// buckets' pages side by side.
constexpr layer_range_usage usage_of(const kv_cache_groups& g, const layer_type_counts& counts) {
  std::array<count_t, max_spec_buckets> in_bucket{};
  for (std::size_t t = 0; t < g.bucket_of.size(); ++t)
    for (const std::int8_t b : g.bucket_of[t])
      if (b >= 0) in_bucket[static_cast<std::size_t>(b)] += counts[t];
  layer_range_usage u;
  std::array<count_t, max_spec_buckets> set_bytes{};
  for (std::int32_t b = 0; b < g.buckets.size(); ++b) {
    const spec_bucket& x = g.buckets[b];
    const layer_spec& s = x.spec;
    const count_t n = in_bucket[static_cast<std::size_t>(b)];
    if (n == 0) continue;
    count_t& bytes = set_bytes[static_cast<std::size_t>(x.set)];
    bytes = checked_add(bytes, checked_mul(cdiv(n, x.num_groups), s.page_size_bytes()));
    u.bytes_per_block = max_of(u.bytes_per_block, bytes);
    if (s.kind == spec_kind::mamba)
      u.state_bytes_per_request = checked_add(u.state_bytes_per_request, checked_mul(n, s.real_page_size_bytes()));
    else if (!s.compressor_state)
      u.kv_bytes_per_token = checked_add(u.kv_bytes_per_token, checked_mul(n, s.bytes_per_token) / s.compress_ratio);
  }
  return u;
}

}  // namespace kvplan::inline v0
