// Baseline: the standard headers kvplan itself includes, and nothing else.
#include <array>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
int main() { return 0; }
