#include "artshop/core/staff/open_setup_link.hpp"

#include <array>

#include "artshop/core/codec/base32.hpp"
#include "artshop/core/staff/totp.hpp"

namespace artshop {

Result<SetupPage> OpenSetupLink::operator()(std::string_view token) {
  const auto digest = services_.digests.digest(token);
  // Drawn outside the transaction, so that every attempt keeps the same secret.
  std::array<std::byte, kTotpSecretBytes> drawn{};
  services_.random.fill(drawn);
  const auto drawn_sealed = services_.secrets.seal(
      std::string_view(reinterpret_cast<const char*>(drawn.data()), drawn.size()));

  auto sealed = transactions_.write([&](Ports::Scope& tx) -> Result<SetupPage> {
    auto& staff = tx.get<StaffRepository>();
    auto link = staff.find_setup_link(digest);
    if (!link || link->expires_at <= services_.now()) {
      return std::unexpected(Error::not_found(
          ValidationErrors(ValidationErrors::kGeneral, std::string(staff_messages::kLinkInvalid)),
          "no live set-up link"));
    }
    const auto member = staff.find(link->member);
    const auto account = tx.get<AccountRepository>().find_by_id(link->member);
    if (!member || !account) return std::unexpected(Error::internal("a set-up link of nobody"));
    if (link->sealed_secret.empty()) {
      staff.keep_setup_secret(digest, drawn_sealed);
      link->sealed_secret = drawn_sealed;
    }
    return SetupPage{.email = member->email,
                     .role = member->role,
                     .needs_password = account->password_hash.empty(),
                     .secret = link->sealed_secret,
                     .otpauth_url = {}};
  });
  if (!sealed) return sealed;
  const auto secret = services_.secrets.open(sealed->secret);
  if (!secret) return std::unexpected(Error::internal("a set-up secret does not open"));
  sealed->secret = base32::encode(secret_bytes(*secret));
  sealed->otpauth_url = otpauth_uri(kTotpIssuer, sealed->email, secret_bytes(*secret));
  return sealed;
}

}  // namespace artshop
