// Every config.json of the shared corpus (../shared/corpus/configs: 211 files other projects
// vendor; sources in its SOURCES.md) is read: a plan for each one vLLM serves, a refusal naming
// why for the rest. A refusal that is not listed below fails, and so does any crash. Where the
// corpus is absent (a checkout without ../shared) the walk says so and skips.
#include "kvplan_catch.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

using namespace kvplan;

namespace {

// The files kvplan refuses, and the words its error must contain. Each is listed with its reason
// in docs/limitations.md.
struct expected_refusal {
  std::string_view file;
  std::string_view reason;
};
constexpr expected_refusal refused[] = {
#include "corpus_refusals.inc"
};

const expected_refusal* expected(std::string_view file) {
  for (const expected_refusal& r : refused)
    if (r.file == file) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("every config.json of the corpus: a plan, or the refusal listed for it", "[hf_config][corpus]") {
  const std::filesystem::path dir = KVPLAN_CORPUS_DIR;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    std::printf("test_corpus: SKIPPED, no corpus at %s\n", dir.string().c_str());
    SUCCEED("no corpus");
    return;
  }
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int planned = 0, refusals = 0;
  for (const std::filesystem::path& f : files) {
    const std::string name = f.filename().string();
    INFO(name);
    std::ifstream in(f, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const hf_config_result r = try_model_from_hf_config(text, {.hf_id = name});
    const expected_refusal* e = expected(name);
    if (!r.ok()) {
      INFO(describe(r.error));
      REQUIRE(e != nullptr);  // a new refusal
      CHECK(describe(r.error).find(e->reason) != std::string::npos);
      ++refusals;
      continue;
    }
    CHECK(e == nullptr);  // listed as refused, but read: take it off the list
    // A plan on a GPU large enough for the cache arithmetic: one request of 4,096 tokens with
    // 64 GiB of KV cache on a B200, at the smallest TP its heads allow.
    const model& m = r.model;
    deployment d{.model = m, .gpu = gpus::b200, .kv_cache_memory_bytes = 64 * GiB,
                 .max_model_len = std::min<count_t>(4096, m.max_model_len)};
    plan_result p = try_plan(d);
    for (std::int32_t tp = 2; !p.ok() && tp <= 16; tp *= 2) {
      d.tensor_parallel_size = tp;
      p = try_plan(d);
    }
    INFO(describe(p.error));
    REQUIRE(p.ok());
    CHECK(p.plan.bytes_per_block > 0);
    CHECK(m.total_params > 0);
    ++planned;
  }
  std::printf("test_corpus: %d of %zu configs planned, %d refused as listed\n", planned, files.size(), refusals);
  CHECK(planned + refusals == static_cast<int>(files.size()));
}
