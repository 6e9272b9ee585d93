#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

StaffSession a_session(std::string digest, UserId member, sys_seconds at) {
  return {.token_digest = std::move(digest),
          .member = member,
          .created_at = at,
          .last_seen_at = at,
          .expires_at = at + 12h,
          .address = "203.0.113.9"};
}

AuditRecord a_record(std::optional<UserId> actor, std::string email, std::string action,
                     sys_seconds at) {
  return {.id = 0,
          .at = at,
          .actor = actor,
          .actor_email = std::move(email),
          .address = actor ? "203.0.113.9" : "command line",
          .action = std::move(action),
          .object = "staff:1",
          .before = R"({"role":"support"})",
          .after = R"({"role":"owner"})"};
}

std::vector<std::string> actions(const AuditPage& page) {
  std::vector<std::string> found;
  for (const auto& record : page.items) found.push_back(record.action);
  return found;
}

TEST_P(StaffContract, Insert_ThenFind_GivesEveryFieldWithTheAccountsEmail) {
  const auto ann = add_account("ann@example.com");
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.staff.insert(ann, StaffRole::Support, StaffStatus::Invited, kNow);
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.staff.insert(ann, StaffRole::Owner, StaffStatus::Active, kNow);
  })) << "an account is staff once";
  write([&](Repositories& repos) {
    repos.staff.update(ann, StaffRole::Catalogue, StaffStatus::Active);
    repos.staff.record_sign_in(ann, kNow + 5s);
  });
  EXPECT_EQ(read([&](Repositories& repos) { return repos.staff.find(ann); }),
            (StaffMember{.id = ann,
                         .email = "ann@example.com",
                         .role = StaffRole::Catalogue,
                         .status = StaffStatus::Active,
                         .created_at = kNow,
                         .last_sign_in_at = kNow + 5s}));
  EXPECT_FALSE(read([](Repositories& repos) { return repos.staff.find(UserId{999}); }));
}

TEST_P(StaffContract, List_IsByEmail_AndActiveOwnersAreCounted) {
  const auto zoe = add_account("zoe@example.com");
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.staff.insert(zoe, StaffRole::Owner, StaffStatus::Active, kNow);
    repos.staff.insert(ann, StaffRole::Owner, StaffStatus::Suspended, kNow);
    repos.staff.insert(bob, StaffRole::Support, StaffStatus::Active, kNow);
  });
  std::vector<std::string> emails;
  for (const auto& member : read([](Repositories& repos) { return repos.staff.list(); })) {
    emails.push_back(member.email);
  }
  EXPECT_THAT(emails, ElementsAre("ann@example.com", "bob@example.com", "zoe@example.com"));
  EXPECT_EQ(read([](Repositories& repos) { return repos.staff.count_active_owners(); }), 1);
}

TEST_P(StaffContract, TheSecondFactor_AdvancesOnlyForwardAndRecoveryCodesWorkOnce) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.staff.insert(ann, StaffRole::Owner, StaffStatus::Active, kNow);
    repos.staff.replace_second_factor(
        {.member = ann, .sealed_secret = "sealed", .last_used_step = std::nullopt}, {"d1", "d2"});
  });
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.staff.advance_step(ann, 100); }));
  EXPECT_FALSE(write([&](Repositories& repos) { return repos.staff.advance_step(ann, 100); }))
      << "the same step twice";
  EXPECT_FALSE(write([&](Repositories& repos) { return repos.staff.advance_step(ann, 99); }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.staff.second_factor(ann); }),
            (StaffSecondFactor{.member = ann, .sealed_secret = "sealed", .last_used_step = 100}));
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.staff.use_recovery_code(ann, "d1"); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.staff.use_recovery_code(ann, "d1"); }));
  write([&](Repositories& repos) { repos.staff.remove_second_factor(ann); });
  EXPECT_FALSE(read([&](Repositories& repos) { return repos.staff.second_factor(ann); }));
  EXPECT_FALSE(write([&](Repositories& repos) { return repos.staff.use_recovery_code(ann, "d2"); }))
      << "dropped with the factor";
}

TEST_P(StaffContract, ASetupLink_ReplacesTheOlderOneAndKeepsItsSecretOnce) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.staff.insert(ann, StaffRole::Owner, StaffStatus::Invited, kNow);
    repos.staff.replace_setup_link(
        {.token_digest = "old", .member = ann, .expires_at = kNow + 24h, .sealed_secret = {}});
    repos.staff.replace_setup_link(
        {.token_digest = "new", .member = ann, .expires_at = kNow + 24h, .sealed_secret = {}});
  });
  EXPECT_FALSE(read([](Repositories& repos) { return repos.staff.find_setup_link("old"); }));
  EXPECT_TRUE(
      write([](Repositories& repos) { return repos.staff.keep_setup_secret("new", "s1"); }));
  EXPECT_FALSE(
      write([](Repositories& repos) { return repos.staff.keep_setup_secret("new", "s2"); }));
  EXPECT_EQ(
      read([](Repositories& repos) { return repos.staff.find_setup_link("new"); }),
      (StaffSetupLink{
          .token_digest = "new", .member = ann, .expires_at = kNow + 24h, .sealed_secret = "s1"}));
  write([&](Repositories& repos) { repos.staff.remove_setup_links(ann); });
  EXPECT_FALSE(read([](Repositories& repos) { return repos.staff.find_setup_link("new"); }));
}

TEST_P(StaffContract, Sessions_AreTouchedAndEndedOneOrAllOfAMember) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.staff.insert(ann, StaffRole::Owner, StaffStatus::Active, kNow);
    repos.staff.insert(bob, StaffRole::Owner, StaffStatus::Active, kNow);
    repos.staff.insert_session(a_session("a1", ann, kNow));
    repos.staff.insert_session(a_session("a2", ann, kNow));
    repos.staff.insert_session(a_session("b1", bob, kNow));
    repos.staff.touch_session("a1", kNow + 2min);
  });
  auto touched = a_session("a1", ann, kNow);
  touched.last_seen_at = kNow + 2min;
  EXPECT_EQ(read([](Repositories& repos) { return repos.staff.find_session("a1"); }), touched);
  write([&](Repositories& repos) { repos.staff.end_session("a2"); });
  EXPECT_FALSE(read([](Repositories& repos) { return repos.staff.find_session("a2"); }));
  write([&](Repositories& repos) { repos.staff.end_sessions(ann); });
  EXPECT_FALSE(read([](Repositories& repos) { return repos.staff.find_session("a1"); }));
  EXPECT_TRUE(read([](Repositories& repos) { return repos.staff.find_session("b1"); }));
}

TEST_P(AuditLogContract, Append_ThenList_GivesEveryFieldNewestFirst) {
  const auto ann = add_account("ann@example.com");
  auto first = a_record(std::nullopt, "", "staff.add", kNow);
  auto second = a_record(ann, "ann@example.com", "staff.role_change", kNow + 1s);
  second.before = "";
  first.id = write([&](Repositories& repos) { return repos.audit_log.append(first); });
  second.id = write([&](Repositories& repos) { return repos.audit_log.append(second); });
  EXPECT_GT(second.id, first.id);
  const auto page = read([](Repositories& repos) { return repos.audit_log.list({}); });
  EXPECT_EQ(page.total, 2);
  EXPECT_THAT(page.items, ElementsAre(second, first));
}

TEST_P(AuditLogContract, List_FiltersByActorActionAndTimeAndPages) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.audit_log.append(a_record(ann, "ann@example.com", "staff.sign_in", kNow));
    repos.audit_log.append(a_record(ann, "ann@example.com", "staff.suspend", kNow + 1h));
    repos.audit_log.append(a_record(ann, "ann@example.com", "staff.sign_in", kNow + 2h));
    repos.audit_log.append(a_record(std::nullopt, "", "staff.add", kNow + 3h));
    repos.audit_log.append(a_record(ann, "ann@example.com", "staff.sign_in", kNow + 4h));
  });
  const auto list = [&](AuditQuery query) {
    return read([&](Repositories& repos) { return repos.audit_log.list(query); });
  };
  const auto by_ann = list({.actor_email = "ann@example.com",
                            .action = "staff.sign_in",
                            .from = kNow + 1h,
                            .until = kNow + 4h,
                            .offset = 0,
                            .limit = 50});
  EXPECT_EQ(by_ann.total, 1);
  EXPECT_EQ(by_ann.items.at(0).at, kNow + 2h);
  const auto paged = list({.actor_email = std::nullopt,
                           .action = std::nullopt,
                           .from = std::nullopt,
                           .until = std::nullopt,
                           .offset = 1,
                           .limit = 2});
  EXPECT_EQ(paged.total, 5);
  EXPECT_THAT(actions(paged), ElementsAre("staff.add", "staff.sign_in"));
  EXPECT_THAT(list({.actor_email = "bob@example.com",
                    .action = std::nullopt,
                    .from = std::nullopt,
                    .until = std::nullopt,
                    .offset = 0,
                    .limit = 50})
                  .items,
              IsEmpty());
}

}  // namespace
}  // namespace artshop::contract
