#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/sqlite/connection.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using ::testing::HasSubstr;

// The audit trail cannot be rewritten, even by someone with a connection to the file: its
// triggers refuse an UPDATE and a DELETE, and the record stays as written.
TEST(SqliteAuditLog, AnUpdateOrDeleteIsRefusedByTheTrigger) {
  testing::TempDir dir;
  Connection connection(dir.path() / "artshop.db");
  migrate(connection, artshop_schema());
  connection.execute(
      "INSERT INTO audit_log (at, actor_email, address, action, object, before_values, "
      "after_values) VALUES (1, '', 'command line', 'staff.add', 'staff:1', '', '')");
  for (const auto* change :
       {"UPDATE audit_log SET action = 'staff.sign_in'", "DELETE FROM audit_log"}) {
    try {
      connection.execute(change);
      ADD_FAILURE() << change << " went through";
    } catch (const sql::DatabaseError& error) {
      EXPECT_THAT(error.what(), HasSubstr("the audit log is append-only")) << change;
    }
  }
  auto row = connection.prepare("SELECT count(*), max(action) FROM audit_log");
  ASSERT_TRUE(row.step());
  EXPECT_EQ(row.column_int(0), 1);
  EXPECT_EQ(row.column_text(1), "staff.add");
}

}  // namespace
}  // namespace artshop::sqlite
