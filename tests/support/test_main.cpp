// The main of every test executable: GoogleTest's, plus one rule. GoogleTest does not run the
// tests of a suite whose SetUpTestSuite failed (a server that did not start, say) and reports
// them as skipped, and CTest counts a skipped test as not failed. No test here is ever skipped
// on purpose, so a skipped test ends the run as a failure, before its "SKIPPED" line is printed.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace {

class SkippedTestsFail final : public testing::EmptyTestEventListener {
  // End events reach listeners in the reverse order of their registration, so this one sees
  // the end of a test before the default printer does.
  void OnTestEnd(const testing::TestInfo& test) override {
    if (!test.result()->Skipped()) return;
    std::fprintf(stderr,
                 "[  FAILED  ] %s.%s did not run: its suite's set-up failed (reported above)\n",
                 test.test_suite_name(), test.name());
    std::fflush(nullptr);
    std::_Exit(EXIT_FAILURE);
  }
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  testing::UnitTest::GetInstance()->listeners().Append(new SkippedTestsFail);
  return RUN_ALL_TESTS();
}
