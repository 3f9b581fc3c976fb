// The core umbrella header (plans, guards, flags, GPUs), nothing evaluated.
#include <kvplan/kvplan.hpp>
int main() { return 0; }
