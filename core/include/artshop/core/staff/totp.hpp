#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "artshop/core/ports/message_authenticator.hpp"

// Time-based one-time codes (RFC 6238 over RFC 4226), the second factor of staff sign-in:
// what an authenticator app shows from the secret it was given at set-up.
namespace artshop {

struct TotpSettings {
  MacAlgorithm algorithm = MacAlgorithm::Sha1;
  int digits = 6;  // 6 to 8
  std::chrono::seconds period{30};
  // Steps either side of the present that are accepted too: a phone's clock a little off, a
  // code typed as it changed.
  int tolerance = 1;
};

// Equal without an early exit: how long the comparison takes does not tell how much of a
// guessed code or MAC was right. Only the lengths leak, and those are public.
bool equal_without_early_exit(std::string_view a, std::string_view b) noexcept;

// 160 bits, the secret length RFC 4226 recommends (and what apps expect of SHA-1).
inline constexpr std::size_t kTotpSecretBytes = 20;

// The step `time` falls in: whole periods since the Unix epoch. Times before it are step 0.
std::uint64_t totp_step_at(std::chrono::sys_seconds time, std::chrono::seconds period) noexcept;

// RFC 4226's code for `counter`: the MAC's dynamic truncation, `digits` decimal digits with
// leading zeros.
std::string hotp_code(const MessageAuthenticator& authenticator, std::span<const std::byte> secret,
                      std::uint64_t counter, MacAlgorithm algorithm, int digits);

// The code an app shows at `time`.
std::string totp_code(const MessageAuthenticator& authenticator, std::span<const std::byte> secret,
                      std::chrono::sys_seconds time, const TotpSettings& settings = {});

enum class TotpRefusal : std::uint8_t {
  Malformed,    // not `digits` decimal digits (spaces between them are allowed)
  NoMatch,      // the code of no step within the tolerance of the present
  AlreadyUsed,  // the code of a step no later than the last one accepted: a replay
};

std::string_view describe(TotpRefusal refusal) noexcept;

// The step whose code `typed` is, when it lies within the tolerance of `now` and after
// `last_used_step` (the step of the last code accepted for this secret, which the caller
// stores with it): a code, once accepted, is refused ever after, and so is every older one.
// Every candidate is compared in full, whatever matched first.
std::expected<std::uint64_t, TotpRefusal> match_totp(const MessageAuthenticator& authenticator,
                                                     std::span<const std::byte> secret,
                                                     std::string_view typed,
                                                     std::chrono::sys_seconds now,
                                                     std::optional<std::uint64_t> last_used_step,
                                                     const TotpSettings& settings = {});

// The set-up link an authenticator app reads from a QR code (Google's Key URI format):
// otpauth://totp/ISSUER:ACCOUNT?secret=BASE32&issuer=ISSUER&algorithm=SHA1&digits=6&period=30
std::string otpauth_uri(std::string_view issuer, std::string_view account,
                        std::span<const std::byte> secret, const TotpSettings& settings = {});

}  // namespace artshop
