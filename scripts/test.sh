#!/usr/bin/env bash
# Installs what a fresh Debian bookworm machine lacks (Catch2), then builds and runs every
# test as users build them, Release with g++ and with clang++, and the run-time tests once more
# in a Debug build under AddressSanitizer and UndefinedBehaviorSanitizer.
# Usage: scripts/test.sh [build-root]   (default: build/ci)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/ci}
jobs=$(nproc 2>/dev/null || echo 2)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else return 1; fi; }

# Catch2: Debian's package (version 2) when no Catch2 is installed.
have_catch2=no
for f in /usr/lib/cmake/Catch2/Catch2Config.cmake /usr/local/lib/cmake/Catch2/Catch2Config.cmake \
         /usr/lib/*/cmake/Catch2/Catch2Config.cmake /usr/share/cmake/Catch2/Catch2Config.cmake; do
  [ -e "$f" ] && have_catch2=yes
done
if [ "$have_catch2" = no ]; then
  echo "== installing Catch2 (Debian package catch2)"
  if ! { as_root apt-get install -y -q catch2 || { as_root apt-get update -q && as_root apt-get install -y -q catch2; }; }; then
    echo "error: Catch2 is missing and could not be installed: apt-get install catch2" >&2
    exit 1
  fi
fi

# clang 19 gives the compile-fail suite a C++26 run (computed static_assert messages). Optional:
# without it that run is skipped, visibly.
if ! command -v clang++-19 >/dev/null && ! command -v clang++-20 >/dev/null && ! command -v clang++-21 >/dev/null; then
  echo "== installing clang-19 for the C++26 diagnostics (optional)"
  as_root apt-get install -y -q --no-install-recommends clang-19 >/dev/null 2>&1 ||
    echo "   (clang-19 not installed: the C++26 compile-fail run will be skipped)"
fi

configure_build_test() {  # name, build type, extra cmake args...
  local name=$1 type=$2; shift 2
  echo "== $name: configure ($type)"
  cmake -S "$root" -B "$out/$name" -G "$generator" -DCMAKE_BUILD_TYPE="$type" "$@" >"$out/$name.configure.log" 2>&1 || {
    cat "$out/$name.configure.log"; return 1; }
  grep -E "^-- kvplan:" "$out/$name.configure.log" || true
  echo "== $name: build"
  cmake --build "$out/$name" -j "$jobs"
  echo "== $name: test"
  ctest --test-dir "$out/$name" --output-on-failure -j "$jobs" "${CTEST_ARGS[@]}"
}

# promtool (Debian package prometheus) checks the alert rules `kvplan alerts` writes. Optional:
# without it that test is skipped, visibly.
if ! command -v promtool >/dev/null; then
  echo "== installing promtool for the alert-rules check (optional)"
  as_root apt-get install -y -q --no-install-recommends prometheus >/dev/null 2>&1 ||
    echo "   (prometheus not installed: cli_alerts_promtool will be skipped)"
fi

# Ninja when it is there or can be installed, else Make.
command -v ninja >/dev/null || as_root apt-get install -y -q ninja-build >/dev/null 2>&1 || true
generator=Ninja
command -v ninja >/dev/null || { generator="Unix Makefiles"; echo "== ninja not available: building with make"; }
# Both compilers are part of the run; clang++ is installed when missing.
command -v clang++ >/dev/null || as_root apt-get install -y -q clang >/dev/null 2>&1 ||
  { echo "error: clang++ is required and could not be installed (apt-get install clang)" >&2; exit 1; }
mkdir -p "$out"

CTEST_ARGS=()
configure_build_test gcc Release -DCMAKE_CXX_COMPILER=g++
configure_build_test clang Release -DCMAKE_CXX_COMPILER=clang++

# Debug with g++ (assertions on, no optimization), and Debug with clang++ under the sanitizers:
# only the run-time tests (label unit) need these second runs.
CTEST_ARGS=(-L unit)
configure_build_test gcc-debug Debug -DCMAKE_CXX_COMPILER=g++ -DKVPLAN_BUILD_BENCHMARKS=OFF
configure_build_test sanitize Debug -DCMAKE_CXX_COMPILER=clang++ \
  "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
  -DKVPLAN_BUILD_BENCHMARKS=OFF

echo "== all tests passed"

# The compile-time cost, as figures (never a pass/fail): the core header over the standard
# headers, one constexpr plan, one config.json parse, with g++ and clang++.
echo "== compile-time benchmark (figures, not a test)"
RUNS=3 bash "$root/benchmarks/compile_time.sh" g++ clang++ || echo "   (benchmark could not run)"
