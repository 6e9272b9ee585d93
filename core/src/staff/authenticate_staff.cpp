#include "artshop/core/staff/authenticate_staff.hpp"

namespace artshop {
namespace {

Error sign_in_first(std::string detail) {
  Error error = Error::forbidden(std::string(staff_messages::kSignIn));
  error.detail = std::move(detail);
  return error;
}

}  // namespace

Result<StaffActor> AuthenticateStaff::operator()(std::string_view bearer_token) const {
  if (!bearer_token.starts_with(kStaffTokenPrefix)) {
    return std::unexpected(sign_in_first("no staff token"));
  }
  const auto digest = services_.digests.digest(bearer_token);
  const auto now = services_.now();
  struct Live {
    StaffActor actor;
    bool stale = false;  // last seen over a minute ago: worth writing down
  };
  const auto live = [&](Ports::Scope& tx) -> Result<Live> {
    auto& staff = tx.get<StaffRepository>();
    const auto session = staff.find_session(digest);
    if (!session) return std::unexpected(sign_in_first("no such staff session"));
    if (now >= session->expires_at) return std::unexpected(sign_in_first("session too old"));
    if (now - session->last_seen_at >= services_.sessions.idle) {
      return std::unexpected(sign_in_first("session idle too long"));
    }
    const auto member = staff.find(session->member);
    if (!member || member->status != StaffStatus::Active) {
      return std::unexpected(sign_in_first("member not active"));
    }
    return Live{.actor = {.id = member->id,
                          .email = member->email,
                          .role = member->role,
                          .session = digest,
                          .expires_at = session->expires_at},
                .stale = now - session->last_seen_at >= kStaffSessionTouchEvery};
  };
  auto read = transactions_.read(live);
  if (!read) return std::unexpected(read.error());
  if (!read->stale) return std::move(read->actor);
  // Checked again in the write: the session may have ended since the read.
  return transactions_.write([&](Ports::Scope& tx) -> Result<StaffActor> {
    auto checked = live(tx);
    if (!checked) return std::unexpected(checked.error());
    tx.get<StaffRepository>().touch_session(digest, now);
    return std::move(checked->actor);
  });
}

}  // namespace artshop
