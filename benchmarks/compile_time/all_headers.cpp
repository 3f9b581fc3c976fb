// Every header: the core, the model registry and the config.json reader, nothing evaluated.
#include <kvplan/all.hpp>
int main() { return 0; }
