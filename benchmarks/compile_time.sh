#!/usr/bin/env bash
# Compile-time cost of kvplan, as figures (never a pass/fail): for each compiler,
#   umbrella / std   -fsyntax-only of <kvplan/kvplan.hpp> over a translation unit of the standard
#                    headers kvplan uses (goal: <= 1.5); the same for <kvplan/all.hpp>
#   per plan         one deployment planned in a constant expression: a batch of plans (every
#                    registry model x 4 GPUs x 2 lengths) less the same unit without them,
#                    divided by the batch size (goal: <= 5 ms)
#   per config.json  one config.json read in a constant expression, 1 KB and 37 KB
# Times are CPU seconds (user + system) of the compiler, the median of RUNS runs (default 5),
# with the units of a comparison run in turn so that a busy machine slows both alike.
# Usage: benchmarks/compile_time.sh [compiler...]   (default: g++ clang++)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
include="$here/../include"
runs=${RUNS:-5}
compilers=("$@")
[ ${#compilers[@]} -gt 0 ] || compilers=(g++ clang++)

cpu_seconds() {  # compiler file [flags...]: one run's user + system seconds
  local t
  t=$( { /usr/bin/time -f "%U %S" "$1" -std=c++20 -O0 -fsyntax-only -I"$include" "${@:3}" "$2" 2>&1 >/dev/null; } | tail -n 1)
  echo "$t" | awk '{printf "%.3f\n", $1 + $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Medians of several compilations, run in turn: "compiler file flags" triples separated by --.
declare -A result
measure() {  # compiler key:file[:flags] ...
  local cxx=$1; shift
  declare -A times
  for _ in $(seq "$runs"); do
    for spec in "$@"; do
      local key=${spec%%:*} rest=${spec#*:}
      local file=${rest%%:*} flags=""
      [ "$rest" != "$file" ] && flags=${rest#*:}
      # shellcheck disable=SC2086
      times[$key]+="$(cpu_seconds "$cxx" "$file" $flags) "
    done
  done
  for spec in "$@"; do
    local key=${spec%%:*}
    result[$key]=$(printf '%s\n' ${times[$key]} | median)
  done
}

ct="$here/compile_time"
configs=$(mktemp -d)
trap 'rm -rf "$configs"' EXIT
mkdir -p "$configs/configs"
for name in llama-3.1-8b nemotron-super-49b; do
  { printf 'R"kvplan_json('; cat "$here/../tests/data/configs/$name.json"; printf ')kvplan_json"\n'; } >"$configs/configs/$name.inc"
done
batch=$(grep -c '^inline constexpr model\|^inline constexpr kvplan::model' "$include"/kvplan/models/*.hpp | awk -F: '{s += $2} END {print s * 8}')

for cxx in "${compilers[@]}"; do
  command -v "$cxx" >/dev/null || { echo "$cxx: not found" >&2; continue; }
  measure "$cxx" "std:$ct/std_only.cpp" "core:$ct/umbrella.cpp" "all:$ct/all_headers.cpp"
  measure "$cxx" "none:$ct/many_plans.cpp:-DKVPLAN_BENCH_NO_PLANS" "plans:$ct/many_plans.cpp"
  measure "$cxx" "noparse:$ct/parse_config.cpp:-I$configs -DKVPLAN_BENCH_NO_PARSE" \
    "small:$ct/parse_config.cpp:-I$configs -DKVPLAN_BENCH_REPEAT=10 -DKVPLAN_BENCH_CONFIG=\"configs/llama-3.1-8b.inc\"" \
    "large:$ct/parse_config.cpp:-I$configs -DKVPLAN_BENCH_REPEAT=10"
  echo "$cxx ($($cxx --version | head -n 1))"
  printf '  headers   std %.3f s, <kvplan/kvplan.hpp> %.3f s (%.2fx, goal <= 1.5x), <kvplan/all.hpp> %.3f s (%.2fx)\n' \
    "${result[std]}" "${result[core]}" "$(echo "${result[core]} / ${result[std]}" | bc -l)" \
    "${result[all]}" "$(echo "${result[all]} / ${result[std]}" | bc -l)"
  printf '  plans     %d plans as constants %.3f s, without them %.3f s: %.2f ms per plan (goal <= 5 ms)\n' \
    "$batch" "${result[plans]}" "${result[none]}" "$(echo "(${result[plans]} - ${result[none]}) * 1000 / $batch" | bc -l)"
  printf '  config    per parse: Llama-3.1-8B (1 KB) %.3f s, Nemotron-Super-49B (37 KB) %.3f s\n' \
    "$(echo "(${result[small]} - ${result[noparse]}) / 10" | bc -l)" "$(echo "(${result[large]} - ${result[noparse]}) / 10" | bc -l)"
done
echo "(CPU seconds, median of $runs runs each, -fsyntax-only; figures, not pass/fail)"
