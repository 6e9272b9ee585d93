#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "artshop/core/accounts/user_id.hpp"

namespace artshop {

struct BillingAddress {
  std::string country;  // ISO 3166-1 alpha-2, empty until the customer gives one
  std::string state;
  std::string city;
  std::string address1;
  std::string zip_code;
  friend bool operator==(const BillingAddress&, const BillingAddress&) = default;
};

// A customer account as stored.
struct Account {
  UserId id;
  std::string email;  // normalized (trimmed, lower-case); unique
  std::string password_hash;
  std::string first_name;
  std::string last_name;
  BillingAddress billing;
  std::chrono::sys_seconds created_at;
  // Set by staff (LockCustomer): the account may not sign in and its logins have ended.
  std::optional<std::chrono::sys_seconds> locked_at;
};

// One login: the refresh tokens it has rotated through share a family, so presenting a
// rotated token can revoke every token of that login at once.
struct RefreshTokenRecord {
  std::string token_digest;
  UserId user;
  std::string family;
  std::chrono::sys_seconds expires_at;
  bool rotated = false;
  bool revoked = false;
  // Once rotated: when, and the token it was rotated to (its digest, and the token itself
  // sealed under this one, kept only through the grace period so that a second refresh of this
  // token from another tab is answered the same successor).
  std::chrono::sys_seconds rotated_at{};
  std::string successor_digest;
  std::string successor_sealed;
};

// The token a refresh rotates to, as kept in the rotated token's record.
struct RefreshSuccessor {
  std::string digest;
  std::string sealed;  // empty when no grace period is kept
};

struct ResetCodeRecord {
  UserId user;
  std::string code_digest;
  std::chrono::sys_seconds expires_at;
  int failed_attempts = 0;
};

}  // namespace artshop
