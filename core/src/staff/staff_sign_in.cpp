#include "artshop/core/staff/staff_sign_in.hpp"

#include <algorithm>
#include <cctype>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/rate_limiter.hpp"
#include "artshop/core/staff/recovery_codes.hpp"

namespace artshop {
namespace {

// What a right password may be answered with: a session, or a refusal that is still recorded
// (the transaction that records it commits).
struct Verdict {
  std::optional<IssuedStaffSession> session;
  Error refusal;
};

// Digits only, maybe spaced, and fewer than a recovery code's ten are the app's; anything else
// is read as a recovery code (one may happen to be all digits).
bool looks_like_app_code(std::string_view typed) {
  const auto digits = std::ranges::count_if(
      typed, [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
  const auto spaces = std::ranges::count(typed, ' ');
  return digits + spaces == std::ssize(typed) &&
         digits < static_cast<std::ptrdiff_t>(kRecoveryCodeSymbols);
}

Error wrong_sign_in() {
  return Error::general(std::string(staff_messages::kWrongSignIn));
}

}  // namespace

StaffSignIn::StaffSignIn(Ports transactions, const Credentials& credentials,
                         const StaffServices& services, RateLimits limits)
    : transactions_(std::move(transactions)),
      credentials_(credentials),
      services_(services),
      limits_(limits),
      dummy_hash_(credentials.hash("not-a-password: unknown staff cost the same")) {}

Result<IssuedStaffSession> StaffSignIn::operator()(StaffSignInCommand command) {
  auto form = validate_login({.email = std::move(command.email), .password = command.password},
                             credentials_.text());
  if (!form) return std::unexpected(Error::validation(std::move(form.error())));
  // The shop's login limits, in buckets of their own.
  const auto address_bucket = rate_bucket("staff-failures-ip", command.rate_limit_key);
  const auto pair_bucket = rate_bucket("staff-failures", form->email, command.rate_limit_key);
  const auto check_limits = [&](RateLimiter& limiter) -> Result<void> {
    return limiter.check_all({{address_bucket, limits_.login_failures_per_ip},
                              {pair_bucket, limits_.login_failures_per_email_and_ip}});
  };
  const auto record_failure = [&](RateLimiter& limiter) {
    limiter.record(address_bucket);
    limiter.record(pair_bucket);
  };

  struct Candidate {
    Account account;
    std::optional<StaffMember> member;
  };
  auto found = transactions_.read([&](Ports::Scope& tx) -> Result<std::optional<Candidate>> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), services_.clock.now());
    if (auto limited = check_limits(limiter); !limited) return std::unexpected(limited.error());
    auto account = tx.get<AccountRepository>().find_by_email(form->email);
    if (!account) return std::nullopt;
    auto member = tx.get<StaffRepository>().find(account->id);
    return Candidate{.account = std::move(*account), .member = std::move(member)};
  });
  if (!found) return std::unexpected(found.error());

  // Slow on purpose, and outside any transaction so it holds no lock.
  const auto& candidate = *found;
  const auto match = credentials_.verify(
      form->password, candidate ? candidate->account.password_hash : std::string_view(dummy_hash_));
  const bool staff_set_up =
      candidate && candidate->member && candidate->member->status != StaffStatus::Invited;
  if (match == Credentials::Match::Wrong || !staff_set_up) {
    auto counted = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
      RateLimiter limiter(tx.get<RateLimitRepository>(), services_.clock.now());
      if (auto limited = check_limits(limiter); !limited) return limited;
      record_failure(limiter);
      return {};
    });
    if (!counted) return std::unexpected(counted.error());
    return std::unexpected(wrong_sign_in());
  }
  const StaffMember& member = *candidate->member;
  if (member.status == StaffStatus::Suspended) {
    return std::unexpected(Error::general(std::string(staff_messages::kSuspended)));
  }

  const bool app_code = looks_like_app_code(command.code);
  const auto recovery = app_code ? std::nullopt : normalise_recovery_code(command.code);
  const auto recovery_digest = recovery ? services_.code_digests.digest(*recovery) : std::string();
  auto verdict = transactions_.write([&](Ports::Scope& tx) -> Result<Verdict> {
    auto& staff = tx.get<StaffRepository>();
    RateLimiter limiter(tx.get<RateLimitRepository>(), services_.clock.now());
    const auto now = services_.now();
    // The password was right: the record names whose account it was.
    const StaffActor attempted{.id = member.id,
                               .email = member.email,
                               .role = member.role,
                               .session = {},
                               .expires_at = {}};
    const auto refuse = [&](std::string_view action, Error refusal) {
      tx.get<AuditLog>().append(staff_audit(attempted, command.address, action, member.id, now));
      return Verdict{.session = std::nullopt, .refusal = std::move(refusal)};
    };
    bool accepted = false;
    if (recovery) {
      accepted = staff.use_recovery_code(member.id, recovery_digest);
    } else if (app_code) {
      const auto factor = staff.second_factor(member.id);
      if (!factor) return refuse("staff.sign_in_failed", wrong_sign_in());
      const auto step =
          match_staff_code(services_, factor->sealed_secret, command.code, factor->last_used_step);
      if (!step && step.error() == TotpRefusal::AlreadyUsed) {
        return refuse("staff.second_factor_replayed",
                      Error::validation("code", std::string(staff_messages::kCodeUsed)));
      }
      accepted = step && staff.advance_step(member.id, *step);
    }
    if (!accepted) {
      if (auto limited = check_limits(limiter); !limited) return std::unexpected(limited.error());
      record_failure(limiter);
      return refuse("staff.sign_in_failed", wrong_sign_in());
    }
    staff.record_sign_in(member.id, now);
    auto issued = issue_staff_session(staff, services_, member, command.address);
    auto record = staff_audit(issued.actor, command.address, "staff.sign_in", member.id, now);
    if (recovery) record.after = audit_values({{"with", "recovery code"}});
    tx.get<AuditLog>().append(record);
    return Verdict{.session = std::move(issued), .refusal = {}};
  });
  if (!verdict) return std::unexpected(verdict.error());
  if (!verdict->session) return std::unexpected(std::move(verdict->refusal));
  return std::move(*verdict->session);
}

}  // namespace artshop
