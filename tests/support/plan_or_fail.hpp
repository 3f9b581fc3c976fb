// The plan of a deployment the test expects to plan: on a refusal the test fails, saying why.
#pragma once

#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>

namespace kvplan_test {
inline kvplan::plan plan_of(const kvplan::deployment& d) {
  const kvplan::plan_result r = kvplan::try_plan(d);
  INFO(kvplan::describe(r.error));
  REQUIRE(r.ok());
  return r.plan;
}
}  // namespace kvplan_test
