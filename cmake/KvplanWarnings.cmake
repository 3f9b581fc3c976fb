# Warnings for kvplan's own targets: the public headers must be clean under all of these.
# kvplan_strict_warnings(<target>) adds them; tests, examples and benchmarks all use it.
set(KVPLAN_WARNINGS
  -Wall -Wextra -Wpedantic -Werror
  -Wconversion -Wsign-conversion -Wshadow)

# GCC 12's -Wrestrict misfires inside libstdc++'s own std::string operator+ at -O2 and above
# (GCC bugs 105329 and 105651, fixed in GCC 13): `"x" + std::string(...)` is reported as an
# overlapping memcpy of 2^63 bytes. The false positive is in the standard library's inlined
# code, not in kvplan's, so it is switched off for those compilers alone.
set(KVPLAN_GCC12_RESTRICT_WORKAROUND
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)

function(kvplan_strict_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:${KVPLAN_WARNINGS} ${KVPLAN_GCC12_RESTRICT_WORKAROUND}>)
endfunction()
