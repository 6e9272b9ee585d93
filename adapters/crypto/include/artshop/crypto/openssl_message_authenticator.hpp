#pragma once

#include "artshop/core/ports/message_authenticator.hpp"

namespace artshop::crypto {

// HMAC-SHA1, -SHA256 and -SHA512 from OpenSSL.
class OpensslMessageAuthenticator final : public MessageAuthenticator {
 public:
  std::vector<std::byte> mac(MacAlgorithm algorithm, std::span<const std::byte> key,
                             std::span<const std::byte> message) const override;
};

}  // namespace artshop::crypto
