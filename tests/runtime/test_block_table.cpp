// The CUDA block-table header on the host: every formula against a plain reference that
// enumerates the cache (no multiplication, division or remainder of its own), plus offsets
// worked out by hand, the host-side checks, and the bridge from a kvplan::plan.
#include "kvplan_catch.hpp"

#include <kvplan/cuda/block_table.hpp>
#include <kvplan/cuda/plan_shape.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

using namespace kvplan::cuda;
using kvplan::cuda::i32;
using kvplan::cuda::i64;

// -----------------------------------------------------------------------------------------
// Types: what a kernel parameter must be
// -----------------------------------------------------------------------------------------

static_assert(std::is_trivially_copyable_v<fixed_block_size<16>>);
static_assert(std::is_trivially_copyable_v<runtime_block_size>);
static_assert(std::is_trivially_copyable_v<block_table<fixed_block_size<16>>>);
static_assert(std::is_trivially_copyable_v<block_table<runtime_block_size>>);
static_assert(std::is_trivially_copyable_v<paged_kv_layout<kv_layout::flash_attn, fixed_block_size<16>>>);
static_assert(std::is_trivially_copyable_v<paged_kv_layout<kv_layout::hnd, runtime_block_size>>);
static_assert(std::is_trivially_copyable_v<paged_kv_layout<kv_layout::mla, runtime_block_size>>);
static_assert(std::is_empty_v<fixed_block_size<64>>);
static_assert(std::is_same_v<block_id_t, std::int32_t> && std::is_same_v<slot_t, std::int64_t>);
static_assert(pad_block == -1 && pad_slot == -1);

namespace {

// -----------------------------------------------------------------------------------------
// References
// -----------------------------------------------------------------------------------------

// x / n and x % n by repeated subtraction.
struct quot_rem {
  i64 q = 0;
  i64 r = 0;
};
// x * n by repeated addition.
i64 by_addition(i64 x, i64 n) {
  i64 sum = 0;
  for (i64 i = 0; i < x; ++i) sum += n;
  return sum;
}
quot_rem by_subtraction(i64 x, i64 n) {
  quot_rem out{0, x};
  while (out.r >= n) {
    out.r -= n;
    ++out.q;
  }
  return out;
}

// The cache's token cells in memory order: block 0 offsets 0..B-1, then block 1, ... A slot
// is the index of a cell; this list is built by counting, not by block * B + offset.
struct cell {
  i32 block = 0;
  i32 offset = 0;
  bool operator==(const cell&) const = default;
};
std::vector<cell> cells_of(i32 num_blocks, i32 block_size) {
  std::vector<cell> cells;
  for (i32 b = 0; b < num_blocks; ++b)
    for (i32 o = 0; o < block_size; ++o) cells.push_back({b, o});
  return cells;
}
i64 slot_of_cell(const std::vector<cell>& cells, cell c) {
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i] == c) return static_cast<i64>(i);
  return -2;  // not a cell: the test fails on it
}

// The slot of token `pos` of a row: walk the row's blocks token by token.
i64 reference_slot(const std::vector<cell>& cells, const block_id_t* row, i32 blocks_in_row, i32 block_size, i32 pos) {
  i32 p = 0;
  for (i32 lb = 0; lb < blocks_in_row; ++lb)
    for (i32 o = 0; o < block_size; ++o, ++p)
      if (p == pos) return row[lb] < 0 ? pad_slot : slot_of_cell(cells, {row[lb], o});
  return pad_slot;  // past the row
}

template <class BlockSize>
void check_block_size_math(BlockSize bs) {
  const i64 n = bs.size();
  for (i32 x = 0; x < 1000; ++x) {
    const quot_rem ref = by_subtraction(x, n);
    REQUIRE(bs.div(x) == ref.q);
    REQUIRE(bs.mod(x) == ref.r);
    const i64 slot = x;
    REQUIRE(bs.div(slot) == ref.q);
    REQUIRE(bs.mod(slot) == ref.r);
    REQUIRE(bs.blocks_for(x) == (ref.r == 0 ? ref.q : ref.q + 1));
    REQUIRE(bs.scale(x) == by_addition(x, n));
    const slot_location at = locate(slot, bs);
    REQUIRE(at.block == ref.q);
    REQUIRE(at.offset == ref.r);
    REQUIRE(make_slot(at.block, at.offset, bs) == slot);
  }
  // Slots beyond 2^31 (a cache of more than 2^31 token cells): int64 all the way.
  for (const i64 big : {i64{1} << 31, (i64{1} << 40) + 12345, (i64{1} << 62) - 1}) {
    REQUIRE(bs.div(big) == big / n);
    REQUIRE(bs.mod(big) == big % n);
  }
  REQUIRE(bs.scale(2'000'000'000) == 2'000'000'000 * n);  // no int32 overflow
}

// A page table of 3 sequences, 4 blocks each, rows padded to a stride of 6 with entries that
// must never be read (99); pad_block marks blocks a sequence does not have.
constexpr i32 table_seqs = 3;
constexpr i32 table_blocks = 4;
constexpr i64 table_stride = 6;
constexpr std::array<block_id_t, 18> table_entries = {
    5, 0, 3, pad_block, 99, 99,          // seq 0: 3 blocks
    2, 6, 1, 4, 99, 99,                  // seq 1: 4 blocks
    pad_block, 7, pad_block, 8, 99, 99,  // seq 2: holes (a sliding window dropped blocks 0, 2)
};
constexpr i32 table_physical_blocks = 9;

template <class BlockSize>
void check_slots(BlockSize bs) {
  const i32 n = bs.size();
  const table_result<BlockSize> t =
      make_block_table<BlockSize>(table_entries.data(), table_seqs, table_blocks, table_stride, n);
  REQUIRE(t.ok());
  REQUIRE(t.table.max_positions() == i64{table_blocks} * n);
  const std::vector<cell> cells = cells_of(table_physical_blocks, n);
  for (i32 seq = 0; seq < table_seqs; ++seq) {
    const block_id_t* row = table_entries.data() + seq * table_stride;
    for (i32 pos = 0; pos < table_blocks * n; ++pos) {
      const i64 ref = reference_slot(cells, row, table_blocks, n, pos);
      REQUIRE(ref != -2);
      REQUIRE(t.table.slot(seq, pos) == ref);
      REQUIRE(t.table.checked_slot(seq, pos) == ref);
      const slot_location direct = t.table.location(seq, pos);
      if (ref >= 0) {
        const slot_location at = locate(ref, bs);
        REQUIRE(cells[static_cast<std::size_t>(ref)] == cell{at.block, at.offset});
        REQUIRE(cells[static_cast<std::size_t>(ref)] == cell{direct.block, direct.offset});
      } else {
        REQUIRE(direct.block == pad_block);
      }
    }
    // Outside the row: padding, never a read of the 99s.
    REQUIRE(t.table.checked_slot(seq, table_blocks * n) == pad_slot);
    REQUIRE(t.table.checked_slot(seq, -1) == pad_slot);
  }
  REQUIRE(t.table.checked_slot(-1, 0) == pad_slot);
  REQUIRE(t.table.checked_slot(table_seqs, 0) == pad_slot);
}

// The element offsets of a cache tensor, numbered in memory order by nested loops over its
// dimensions in the layout's order: key {kv, block, offset, head, dim} -> offset.
using element_key = std::array<i32, 5>;
std::map<element_key, i64> enumerate(kv_layout layout, i32 nb, i32 bs, i32 nh, i32 hd) {
  std::map<element_key, i64> m;
  i64 next = 0;
  switch (layout) {
    case kv_layout::flash_attn:  // (2, N, B, H, D)
      for (i32 kv = 0; kv < 2; ++kv)
        for (i32 b = 0; b < nb; ++b)
          for (i32 o = 0; o < bs; ++o)
            for (i32 h = 0; h < nh; ++h)
              for (i32 d = 0; d < hd; ++d) m[{kv, b, o, h, d}] = next++;
      break;
    case kv_layout::nhd:  // (N, 2, B, H, D)
      for (i32 b = 0; b < nb; ++b)
        for (i32 kv = 0; kv < 2; ++kv)
          for (i32 o = 0; o < bs; ++o)
            for (i32 h = 0; h < nh; ++h)
              for (i32 d = 0; d < hd; ++d) m[{kv, b, o, h, d}] = next++;
      break;
    case kv_layout::hnd:  // (N, 2, H, B, D)
      for (i32 b = 0; b < nb; ++b)
        for (i32 kv = 0; kv < 2; ++kv)
          for (i32 h = 0; h < nh; ++h)
            for (i32 o = 0; o < bs; ++o)
              for (i32 d = 0; d < hd; ++d) m[{kv, b, o, h, d}] = next++;
      break;
    case kv_layout::mla:  // (N, B, row): K and V are the same row
      for (i32 b = 0; b < nb; ++b)
        for (i32 o = 0; o < bs; ++o)
          for (i32 d = 0; d < hd; ++d) {
            m[{0, b, o, 0, d}] = next;
            m[{1, b, o, 0, d}] = next++;
          }
      break;
  }
  return m;
}

template <kv_layout Layout, class BlockSize>
void check_layout(i32 nb, i32 bs, i32 nh, i32 hd) {
  kv_cache_shape shape{.num_blocks = nb, .block_size = bs, .num_kv_heads = nh, .head_size = hd, .element_bytes = 2,
                       .mla = Layout == kv_layout::mla};
  const layout_result<Layout, BlockSize> r = make_layout<Layout, BlockSize>(shape);
  REQUIRE(r.ok());
  const auto& l = r.layout;
  const std::map<element_key, i64> ref = enumerate(Layout, nb, bs, nh, hd);
  const std::vector<cell> cells = cells_of(nb, bs);
  const i64 elements = Layout == kv_layout::mla ? static_cast<i64>(ref.size() / 2) : static_cast<i64>(ref.size());
  REQUIRE(l.num_elements() == elements);
  REQUIRE(l.num_elements() == shape.num_blocks * shape.block_size * shape.elements_per_token());
  for (std::size_t s = 0; s < cells.size(); ++s) {
    const cell c = cells[s];
    for (i32 h = 0; h < nh; ++h)
      for (i32 d = 0; d < hd; ++d) {
        const i64 slot = static_cast<i64>(s);
        REQUIRE(l.k_offset(slot, h, d) == ref.at({0, c.block, c.offset, h, d}));
        REQUIRE(l.v_offset(slot, h, d) == ref.at({1, c.block, c.offset, h, d}));
        const slot_location at{c.block, c.offset};
        REQUIRE(l.k_offset(at, h, d) == ref.at({0, c.block, c.offset, h, d}));
        REQUIRE(l.v_offset(at, h, d) == ref.at({1, c.block, c.offset, h, d}));
      }
  }
  // Pointer helpers land on dim 0 of the head vector (the last slot's last head).
  std::vector<std::uint16_t> cache(static_cast<std::size_t>(l.num_elements()));
  const i64 last = static_cast<i64>(cells.size()) - 1;
  REQUIRE(l.k_ptr(cache.data(), last, nh - 1) - cache.data() == l.k_offset(last, nh - 1, 0));
  REQUIRE(l.v_ptr(cache.data(), last, nh - 1) - cache.data() == l.v_offset(last, nh - 1, 0));
  const slot_location last_at{cells.back().block, cells.back().offset};
  REQUIRE(l.k_ptr(cache.data(), last_at, nh - 1) - cache.data() == l.k_offset(last, nh - 1, 0));
  REQUIRE(l.v_ptr(cache.data(), last_at, nh - 1) - cache.data() == l.v_offset(last, nh - 1, 0));
}

template <kv_layout Layout>
void check_layout_all_sizes() {
  const i32 heads_max = Layout == kv_layout::mla ? 1 : 3;
  for (i32 nb : {1, 3})
    for (i32 nh = 1; nh <= heads_max; ++nh)
      for (i32 hd : {1, 3, 4}) {
        check_layout<Layout, fixed_block_size<1>>(nb, 1, nh, hd);
        check_layout<Layout, fixed_block_size<2>>(nb, 2, nh, hd);
        check_layout<Layout, fixed_block_size<4>>(nb, 4, nh, hd);
        for (i32 bs : {1, 2, 3, 4, 5, 6}) check_layout<Layout, runtime_block_size>(nb, bs, nh, hd);
      }
}

}  // namespace

// -----------------------------------------------------------------------------------------
// Block sizes
// -----------------------------------------------------------------------------------------

TEST_CASE("fixed block sizes shift and mask, with a log2 found at compile time", "[cuda][block_size]") {
  STATIC_REQUIRE(fixed_block_size<1>::log2 == 0);
  STATIC_REQUIRE(fixed_block_size<16>::log2 == 4);
  STATIC_REQUIRE(fixed_block_size<16>::mask == 15);
  STATIC_REQUIRE(fixed_block_size<1024>::log2 == 10);
  STATIC_REQUIRE(fixed_block_size<16>{}.div(37) == 2);  // 37 = 2 x 16 + 5
  STATIC_REQUIRE(fixed_block_size<16>{}.mod(37) == 5);
  STATIC_REQUIRE(fixed_block_size<16>{}.blocks_for(33) == 3);
  check_block_size_math(fixed_block_size<1>{});
  check_block_size_math(fixed_block_size<2>{});
  check_block_size_math(fixed_block_size<16>{});
  check_block_size_math(fixed_block_size<64>{});
  check_block_size_math(fixed_block_size<256>{});
}

TEST_CASE("run-time block sizes: shifts for powers of two, division otherwise", "[cuda][block_size]") {
  STATIC_REQUIRE(runtime_block_size{16}.log2 == 4);
  STATIC_REQUIRE(runtime_block_size{2096}.log2 == -1);  // Nemotron 3 Nano's hybrid block
  STATIC_REQUIRE(runtime_block_size{2096}.div(5000) == 2);  // 5,000 = 2 x 2,096 + 808
  STATIC_REQUIRE(runtime_block_size{2096}.mod(5000) == 808);
  for (i32 n = 1; n <= 70; ++n) check_block_size_math(runtime_block_size{n});
  check_block_size_math(runtime_block_size{2096});
  check_block_size_math(runtime_block_size{4176});
}

TEST_CASE("log2 and power-of-two helpers", "[cuda][block_size]") {
  for (i64 n = -3; n <= 5000; ++n) {
    i64 p = 1;
    i32 k = 0;
    while (p < n) {
      p *= 2;
      ++k;
    }
    const bool pow2 = n > 0 && p == n;
    REQUIRE(kvplan::cuda::detail::is_power_of_two(n) == pow2);
    REQUIRE(kvplan::cuda::detail::exact_log2(n) == (pow2 ? k : -1));
  }
  STATIC_REQUIRE(kvplan::cuda::detail::exact_log2(i64{1} << 40) == 40);
}

// -----------------------------------------------------------------------------------------
// Slot mapping
// -----------------------------------------------------------------------------------------

TEST_CASE("(sequence, position) -> slot -> (block, offset) against a walk of the table", "[cuda][slot]") {
  check_slots(fixed_block_size<1>{});
  check_slots(fixed_block_size<2>{});
  check_slots(fixed_block_size<4>{});
  check_slots(fixed_block_size<16>{});
  for (i32 n = 1; n <= 17; ++n) check_slots(runtime_block_size{n});
}

TEST_CASE("slots by hand", "[cuda][slot]") {
  // Block size 4: seq 1 is blocks {2, 6, 1, 4}. Position 9 is logical block 2 (9 = 2 x 4 + 1),
  // physical block 1, offset 1: slot 1 x 4 + 1 = 5. Position 6: logical 1 -> block 6, offset 2:
  // slot 26. Seq 2 position 0 falls in a hole: pad_slot.
  constexpr auto t = make_block_table<fixed_block_size<4>>(table_entries.data(), 3, 4, 6, 4);
  STATIC_REQUIRE(t.ok());
  STATIC_REQUIRE(t.table.slot(1, 9) == 5);
  STATIC_REQUIRE(t.table.slot(1, 6) == 26);
  STATIC_REQUIRE(t.table.slot(2, 0) == pad_slot);
  STATIC_REQUIRE(t.table.slot(2, 13) == 33);  // logical 3 -> block 8, offset 1
  STATIC_REQUIRE(locate(33, fixed_block_size<4>{}).block == 8);
  STATIC_REQUIRE(locate(33, fixed_block_size<4>{}).offset == 1);
  // The same table with blocks of 3 (run time): position 9 is logical 3, block 4: slot 12.
  constexpr auto r = make_block_table<runtime_block_size>(table_entries.data(), 3, 4, 6, 3);
  STATIC_REQUIRE(r.table.slot(1, 9) == 12);
  STATIC_REQUIRE(r.table.slot(0, 8) == 11);  // logical 2 -> block 3, offset 2: 3 x 3 + 2
  STATIC_REQUIRE(r.table.checked_slot(0, 12) == pad_slot);  // 4 blocks x 3 = positions 0..11
}

// -----------------------------------------------------------------------------------------
// Layouts
// -----------------------------------------------------------------------------------------

TEST_CASE("FlashAttention layout (2, N, B, H, D) against an enumeration", "[cuda][layout]") {
  check_layout_all_sizes<kv_layout::flash_attn>();
}
TEST_CASE("FlashInfer NHD layout (N, 2, B, H, D) against an enumeration", "[cuda][layout]") {
  check_layout_all_sizes<kv_layout::nhd>();
}
TEST_CASE("FlashInfer HND layout (N, 2, H, B, D) against an enumeration", "[cuda][layout]") {
  check_layout_all_sizes<kv_layout::hnd>();
}
TEST_CASE("MLA latent rows (N, B, row) against an enumeration", "[cuda][layout][mla]") {
  check_layout_all_sizes<kv_layout::mla>();
  // Full-size rows: 576 bf16 elements, and fp8_ds_mla's 656 bytes.
  check_layout<kv_layout::mla, fixed_block_size<4>>(2, 4, 1, 576);
  check_layout<kv_layout::mla, runtime_block_size>(2, 3, 1, 656);
}

TEST_CASE("layout offsets by hand: 3 blocks of 16 tokens, 8 KV heads of 128", "[cuda][layout]") {
  constexpr kv_cache_shape s{.num_blocks = 3, .block_size = 16, .num_kv_heads = 8, .head_size = 128, .element_bytes = 2};
  // Slot 37 is block 2, offset 5 (37 = 2 x 16 + 5); head 5, dim 7. A token is 8 x 128 = 1,024
  // elements per K (or V), a block 16 x 1,024 = 16,384.
  using B16 = fixed_block_size<16>;
  // flash_attn: 37 x 1,024 + 5 x 128 + 7 = 38,535; V plane at 3 x 16,384 = 49,152 -> 87,687.
  constexpr auto fa = make_layout<kv_layout::flash_attn, B16>(s);
  STATIC_REQUIRE(fa.ok());
  STATIC_REQUIRE(fa.layout.k_offset(37, 5, 7) == 38'535);
  STATIC_REQUIRE(fa.layout.v_offset(37, 5, 7) == 87'687);
  STATIC_REQUIRE(fa.layout.num_elements() == 98'304);  // 2 x 49,152
  // nhd: block 2 x (2 x 16,384) + 5 x 1,024 + 5 x 128 + 7 = 65,536 + 5,120 + 647 = 71,303;
  // V one block of K later: + 16,384 = 87,687.
  constexpr auto nhd = make_layout<kv_layout::nhd, B16>(s);
  STATIC_REQUIRE(nhd.layout.k_offset(37, 5, 7) == 71'303);
  STATIC_REQUIRE(nhd.layout.v_offset(37, 5, 7) == 87'687);
  // hnd: 65,536 + head 5 x (16 x 128 = 2,048) + offset 5 x 128 + 7 = 65,536 + 10,240 + 647
  // = 76,423; V: + 16,384 = 92,807.
  constexpr auto hnd = make_layout<kv_layout::hnd, B16>(s);
  STATIC_REQUIRE(hnd.layout.k_offset(37, 5, 7) == 76'423);
  STATIC_REQUIRE(hnd.layout.v_offset(37, 5, 7) == 92'807);
  // The run-time block size gives the same offsets.
  constexpr auto hnd_rt = make_layout<kv_layout::hnd>(s);
  STATIC_REQUIRE(hnd_rt.layout.k_offset(37, 5, 7) == 76'423);
  STATIC_REQUIRE(hnd_rt.layout.v_offset(37, 5, 7) == 92'807);

  // MLA, bf16 latent of 576: slot 37, dim 575 -> 37 x 576 + 575 = 21,887; V is the same row.
  constexpr kv_cache_shape m{.num_blocks = 3, .block_size = 16, .num_kv_heads = 1, .head_size = 576, .element_bytes = 2,
                             .mla = true};
  constexpr auto mla = make_layout<kv_layout::mla, B16>(m);
  STATIC_REQUIRE(mla.layout.k_offset(37, 0, 575) == 21'887);
  STATIC_REQUIRE(mla.layout.v_offset(37, 0, 575) == 21'887);
  // fp8_ds_mla, 656-byte rows: 37 x 656 + 655 = 24,927; the cache is 3 x 16 x 656 = 31,488 B.
  constexpr kv_cache_shape ds{.num_blocks = 3, .block_size = 16, .num_kv_heads = 1, .head_size = 656,
                              .element_bytes = 1, .mla = true};
  constexpr auto dsl = make_layout<kv_layout::mla, B16>(ds);
  STATIC_REQUIRE(dsl.layout.k_offset(37, 0, 655) == 24'927);
  STATIC_REQUIRE(dsl.layout.num_elements() == 31'488);
  STATIC_REQUIRE(ds.page_size_bytes() == 10'496);  // 16 x 656
}

// -----------------------------------------------------------------------------------------
// Host-side checks
// -----------------------------------------------------------------------------------------

TEST_CASE("shapes that would overflow the views' integers are errors", "[cuda][errors]") {
  constexpr kv_cache_shape ok{.num_blocks = 1000, .block_size = 16, .num_kv_heads = 8, .head_size = 128,
                              .element_bytes = 2, .max_num_seqs = 256, .max_blocks_per_seq = 8192};
  STATIC_REQUIRE(!validate(ok));

  kv_cache_shape s = ok;
  s.num_blocks = i64{1} << 31;  // ids 0 .. 2^31 - 1 do not fit int32
  REQUIRE(validate(s).code == shape_errc::num_blocks_exceed_int32);
  REQUIRE(validate(s).values[0] == 2'147'483'648);
  REQUIRE(describe(validate(s)) ==
          "num_blocks 2147483648 does not fit the int32 block ids of a block table (at most 2147483647)");
  s.num_blocks = (i64{1} << 31) - 1;
  REQUIRE(!validate(s));

  s = ok;
  s.max_blocks_per_seq = i64{1} << 27;  // x 16 = 2^31 positions
  REQUIRE(validate(s).code == shape_errc::positions_exceed_int32);
  REQUIRE(validate(s).values[1] == 2'147'483'648);

  s = ok;
  s.num_kv_heads = 128;
  s.head_size = 65'536;
  s.block_size = 1024;  // 2^7 x 2^16 x 2^10 = 2^33 elements per block
  REQUIRE(validate(s).code == shape_errc::block_exceeds_int32);
  REQUIRE(validate(s).values[0] == 8'589'934'592);

  s = ok;
  s.block_size = 0;
  REQUIRE(validate(s).code == shape_errc::block_size_must_be_positive);
  s = ok;
  s.num_blocks = 0;
  REQUIRE(validate(s).code == shape_errc::num_blocks_must_be_positive);
  s = ok;
  s.head_size = -1;
  REQUIRE(validate(s).code == shape_errc::head_size_must_be_positive);
  s = ok;
  s.element_bytes = 0;
  REQUIRE(validate(s).code == shape_errc::element_bytes_must_be_positive);
  s = ok;
  s.max_num_seqs = -1;
  REQUIRE(validate(s).code == shape_errc::num_seqs_must_not_be_negative);
}

TEST_CASE("a fixed block size must be a power of two and match the shape", "[cuda][errors]") {
  STATIC_REQUIRE(!check_block_size<fixed_block_size<16>>(16));
  STATIC_REQUIRE(check_block_size<fixed_block_size<16>>(32).code == shape_errc::block_size_mismatch);
  STATIC_REQUIRE(check_block_size<fixed_block_size<16>>(24).code == shape_errc::block_size_not_power_of_two);
  STATIC_REQUIRE(check_block_size<fixed_block_size<16>>(0).code == shape_errc::block_size_must_be_positive);
  STATIC_REQUIRE(!check_block_size<runtime_block_size>(24));
  REQUIRE(describe(check_block_size<fixed_block_size<16>>(32)) ==
          "fixed_block_size<16> does not match the block_size 32 of the shape");
  REQUIRE(describe(check_block_size<fixed_block_size<8>>(2096)) ==
          "block_size 2096 is not a power of two: fixed_block_size needs one (use runtime_block_size)");

  constexpr kv_cache_shape s{.num_blocks = 10, .block_size = 32, .num_kv_heads = 2, .head_size = 64, .element_bytes = 2};
  STATIC_REQUIRE(make_layout<kv_layout::nhd, fixed_block_size<16>>(s).error.code == shape_errc::block_size_mismatch);
  STATIC_REQUIRE(make_layout<kv_layout::nhd, fixed_block_size<32>>(s).ok());
  STATIC_REQUIRE(make_layout<kv_layout::mla>(s).error.code == shape_errc::layout_mismatch);
  constexpr kv_cache_shape m{.num_blocks = 10, .block_size = 32, .num_kv_heads = 1, .head_size = 576,
                             .element_bytes = 2, .mla = true};
  STATIC_REQUIRE(make_layout<kv_layout::flash_attn>(m).error.code == shape_errc::layout_mismatch);
}

TEST_CASE("block tables: stride, row width and block size are checked", "[cuda][errors]") {
  const block_id_t* t = table_entries.data();
  REQUIRE(make_block_table<fixed_block_size<4>>(t, 3, 4, 6, 4).ok());
  REQUIRE(make_block_table<fixed_block_size<4>>(t, 3, 4, 3, 4).error.code == shape_errc::row_stride_too_small);
  REQUIRE(make_block_table<fixed_block_size<4>>(t, 3, 4, 6, 8).error.code == shape_errc::block_size_mismatch);
  REQUIRE(make_block_table<runtime_block_size>(t, 3, 4, 6, 0).error.code == shape_errc::block_size_must_be_positive);
  REQUIRE(make_block_table<runtime_block_size>(t, -1, 4, 6, 4).error.code == shape_errc::num_seqs_must_not_be_negative);
  REQUIRE(make_block_table<runtime_block_size>(t, i64{1} << 31, 4, 6, 4).error.code == shape_errc::num_seqs_exceed_int32);
  // 2^28 blocks of 16 tokens: 2^32 positions.
  const auto wide = make_block_table<fixed_block_size<16>>(t, 1, i64{1} << 28, i64{1} << 28, 16);
  REQUIRE(wide.error.code == shape_errc::positions_exceed_int32);
  REQUIRE(describe(wide.error) == "a row of 268435456 blocks addresses 4294967296 token positions, more than int32 "
                                  "positions hold");
}

TEST_CASE("every error code has a name and a message", "[cuda][errors]") {
  for (int c = 0; c <= static_cast<int>(shape_errc::plan_has_no_blocks); ++c) {
    const auto code = static_cast<shape_errc>(c);
    REQUIRE(std::string(name_of(code)) != "unknown");
    REQUIRE(std::string(message_template(code)) != "unknown error");
  }
}

// -----------------------------------------------------------------------------------------
// The bridge from a plan
// -----------------------------------------------------------------------------------------

using namespace kvplan;  // deployment, make_plan, models, gpus

TEST_CASE("Llama-3.1-8B on an H100: the shape is the plan's", "[cuda][plan]") {
  // From test_plan: 30,720 blocks of 16 tokens; per layer 8 KV heads x 128, bf16: a page is
  // 2 x 16 x 8 x 128 x 2 B = 65,536 B.
  constexpr plan p = make_plan({.model = models::llama_3_1_8b,
                                .gpu = gpus::h100_sxm,
                                .kv_cache_memory_bytes = 60 * GiB,
                                .block_size = 16,
                                .max_model_len = 131072});
  constexpr shape_result r = plan_shape(p);
  STATIC_REQUIRE(r.ok());
  STATIC_REQUIRE(r.shape.num_blocks == 30'720);
  STATIC_REQUIRE(r.shape.block_size == 16);
  STATIC_REQUIRE(r.shape.num_kv_heads == 8);
  STATIC_REQUIRE(r.shape.head_size == 128);
  STATIC_REQUIRE(r.shape.element_bytes == 2);
  STATIC_REQUIRE(!r.shape.mla);
  STATIC_REQUIRE(r.shape.page_size_bytes() == p.buckets[0].spec.page_size_bytes());
  STATIC_REQUIRE(r.shape.page_size_bytes() == 65'536);
  STATIC_REQUIRE(r.shape.max_num_seqs == 1024);          // vLLM's H100 default
  STATIC_REQUIRE(r.shape.max_blocks_per_seq == 8'192);  // 131,072 / 16

  // The layout covers exactly the plan's bytes per layer: 30,720 x 65,536 = 2,013,265,920 B.
  constexpr auto fa = plan_layout<kv_layout::flash_attn, fixed_block_size<16>>(p);
  STATIC_REQUIRE(fa.ok());
  STATIC_REQUIRE(fa.layout.num_elements() * r.shape.element_bytes == 2'013'265'920);
  STATIC_REQUIRE(fa.layout.kv_stride == 503'316'480);  // 30,720 x 16 x 8 x 128
  STATIC_REQUIRE(plan_layout<kv_layout::hnd>(p).ok());

  // A kernel compiled for blocks of 32 does not match this plan.
  constexpr auto wrong = plan_layout<kv_layout::flash_attn, fixed_block_size<32>>(p);
  STATIC_REQUIRE(wrong.error.code == shape_errc::block_size_mismatch);
  REQUIRE(describe(wrong.error) == "fixed_block_size<32> does not match the block_size 16 of the shape");
  STATIC_REQUIRE(plan_shape(p, 0, 24).error.code == shape_errc::block_size_not_power_of_two);
  STATIC_REQUIRE(plan_shape(p, 1).error.code == shape_errc::bucket_out_of_range);
  STATIC_REQUIRE(plan_shape(p, -1).error.code == shape_errc::bucket_out_of_range);
}

TEST_CASE("a table of 2^31 blocks does not fit int32 block ids", "[cuda][plan][errors]") {
  // --num-gpu-blocks-override 2,147,483,648: vLLM would allocate them; int32 ids cannot name
  // them all.
  const plan p = make_plan({.model = models::llama_3_1_8b,
                            .gpu = gpus::h100_sxm,
                            .kv_cache_memory_bytes = 60 * GiB,
                            .max_model_len = 8192,
                            .num_gpu_blocks_override = count_t{1} << 31});
  REQUIRE(p.num_gpu_blocks == count_t{1} << 31);
  const shape_result r = plan_shape(p);
  REQUIRE(r.error.code == shape_errc::num_blocks_exceed_int32);
  REQUIRE(describe(r.error) ==
          "num_blocks 2147483648 does not fit the int32 block ids of a block table (at most 2147483647)");
}

TEST_CASE("MLA plans: 576-element latents and fp8_ds_mla byte rows", "[cuda][plan][mla]") {
  // DeepSeek-V3, bf16 cache on B200: block 32, one latent of 576 bf16 values.
  constexpr plan v3 = make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8});
  constexpr shape_result a = plan_shape(v3);
  STATIC_REQUIRE(a.ok());
  STATIC_REQUIRE(a.shape.mla);
  STATIC_REQUIRE(a.shape.block_size == 32);
  STATIC_REQUIRE(a.shape.num_kv_heads == 1);
  STATIC_REQUIRE(a.shape.head_size == 576);
  STATIC_REQUIRE(a.shape.element_bytes == 2);
  STATIC_REQUIRE(a.shape.bytes_per_token() == 1'152);
  STATIC_REQUIRE(plan_layout<kv_layout::mla, fixed_block_size<32>>(v3).ok());
  STATIC_REQUIRE(plan_layout<kv_layout::flash_attn>(v3).error.code == shape_errc::layout_mismatch);

  // DeepSeek-V3.2 with an fp8 cache on Hopper: fp8_ds_mla, 656-byte rows, block 64; bucket 1 is
  // the indexer's 132-byte keys (128 fp8 + one fp32 scale).
  constexpr plan v32 = make_plan({.model = models::deepseek_v3_2,
                                  .gpu = gpus::h200,
                                  .tensor_parallel_size = 8,
                                  .kv_cache_dtype = kvplan::cache_dtype::fp8,
                                  .kv_cache_memory_bytes = 64 * GiB});
  constexpr shape_result ds = plan_shape(v32, 0);
  STATIC_REQUIRE(ds.ok());
  STATIC_REQUIRE(ds.shape.head_size == 656);
  STATIC_REQUIRE(ds.shape.element_bytes == 1);
  STATIC_REQUIRE(ds.shape.num_blocks == 22'337);
  STATIC_REQUIRE(ds.shape.page_size_bytes() == 41'984);  // 64 x 656, as test_plan pins
  constexpr shape_result idx = plan_shape(v32, 1);
  STATIC_REQUIRE(idx.ok());
  STATIC_REQUIRE(idx.shape.head_size == 132);
  STATIC_REQUIRE(idx.shape.page_size_bytes() == 8'448);  // 64 x 132
  // Byte 655 of slot 100 (block 1, offset 36): 100 x 656 + 655 = 66,255.
  constexpr auto l = plan_layout<kv_layout::mla, fixed_block_size<64>>(v32);
  STATIC_REQUIRE(l.layout.k_offset(100, 0, 655) == 66'255);
}

TEST_CASE("hybrid plans: a Mamba bucket has no layout; a 2,096-token block is run-time only", "[cuda][plan]") {
  constexpr plan p = make_plan({.model = models::nemotron_3_nano,
                                .gpu = gpus::h100_sxm,
                                .kv_cache_memory_bytes = 100 * GiB,
                                .max_model_len = 32768});
  STATIC_REQUIRE(plan_shape(p, 0).error.code == shape_errc::bucket_is_not_paged_attention);
  constexpr shape_result r = plan_shape(p, 1);
  STATIC_REQUIRE(r.ok());
  STATIC_REQUIRE(r.shape.block_size == 2'096);
  STATIC_REQUIRE(r.shape.num_kv_heads == 2);
  STATIC_REQUIRE(r.shape.head_size == 128);
  STATIC_REQUIRE(r.shape.num_blocks == 8'337);
  STATIC_REQUIRE(r.shape.page_size_bytes() == 2'146'304);  // 2,096 x 1,024, as test_plan pins
  STATIC_REQUIRE(r.shape.max_blocks_per_seq == 16);       // cdiv(32,768, 2,096)
  constexpr auto rt = plan_layout<kv_layout::nhd>(p, 1);
  STATIC_REQUIRE(rt.ok());
  STATIC_REQUIRE(rt.layout.block_size.log2 == -1);  // divides
  STATIC_REQUIRE(plan_shape(p, 1, 2048).error.code == shape_errc::block_size_mismatch);
  REQUIRE(describe(plan_shape(p, 1, 2096).error) ==
          "block_size 2096 is not a power of two: fixed_block_size needs one (use runtime_block_size)");
  REQUIRE(describe(plan_shape(p, 0).error) ==
          "bucket 0 holds Mamba / linear-attention state, which has no paged KV layout");
}

TEST_CASE("formats without whole-byte elements are refused", "[cuda][plan][errors]") {
  constexpr plan p = make_plan({.model = models::llama_3_1_8b,
                                .gpu = gpus::b200,
                                .kv_cache_dtype = kvplan::cache_dtype::nvfp4,
                                .kv_cache_memory_bytes = 60 * GiB});
  STATIC_REQUIRE(plan_shape(p).error.code == shape_errc::kv_cache_dtype_not_addressable);
  // fp8 is one byte per element.
  constexpr plan q = make_plan({.model = models::llama_3_1_8b,
                                .gpu = gpus::h100_sxm,
                                .kv_cache_dtype = kvplan::cache_dtype::fp8,
                                .kv_cache_memory_bytes = 60 * GiB});
  STATIC_REQUIRE(plan_shape(q).shape.element_bytes == 1);
  STATIC_REQUIRE(plan_shape(q).shape.page_size_bytes() == 32'768);  // 2 x 16 x 8 x 128 x 1 B
}

TEST_CASE("every registry model: each paged bucket's layout holds the plan's page", "[cuda][plan]") {
  for (const model& m : models::all) {
    const plan_result pr = try_plan({.model = m, .gpu = gpus::b200, .kv_cache_memory_bytes = 64 * GiB});
    INFO(std::string(m.name));
    REQUIRE(pr.ok());
    const plan& p = pr.plan;
    for (std::int32_t b = 0; b < p.buckets.size(); ++b) {
      INFO("bucket " << b);
      const layer_spec& spec = p.buckets[static_cast<std::size_t>(b)].spec;
      const shape_result r = plan_shape(p, b);
      if (spec.kind == spec_kind::mamba) {
        REQUIRE(r.error.code == shape_errc::bucket_is_not_paged_attention);
        continue;
      }
      if (r.error.code == shape_errc::page_is_padded || r.error.code == shape_errc::head_sizes_differ) continue;
      REQUIRE(r.ok());
      REQUIRE(r.shape.page_size_bytes() == spec.page_size_bytes());
      REQUIRE(r.shape.num_blocks == p.num_gpu_blocks);
      if (r.shape.mla) {
        const auto l = make_layout<kv_layout::mla>(r.shape);
        REQUIRE(l.ok());
        REQUIRE(l.layout.num_elements() * r.shape.element_bytes == p.num_gpu_blocks * spec.page_size_bytes());
      } else {
        for (const auto n : {make_layout<kv_layout::flash_attn>(r.shape).layout.num_elements(),
                             make_layout<kv_layout::nhd>(r.shape).layout.num_elements(),
                             make_layout<kv_layout::hnd>(r.shape).layout.num_elements()})
          REQUIRE(n * r.shape.element_bytes == p.num_gpu_blocks * spec.page_size_bytes());
      }
    }
  }
}
