#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <string>
#include <utility>

#include "artshop/core/validation.hpp"

namespace artshop {

// What went wrong, as a use case reports it. Adapters map each kind to their own protocol
// (HTTP: 400, 401, 403, 404, 409, 429, 500).
enum class ErrorKind : std::uint8_t {
  Validation,       // the request is wrong; `fields` says where
  Unauthenticated,  // no valid credentials
  Forbidden,        // the caller may not make this call; `fields` says why, as a general message
  NotFound,         // absent, or owned by someone else
  Conflict,         // clashes with the current state (e.g. an idempotency key reused)
  TooManyRequests,  // a rate limit; `retry_after` says when to come back
  Internal,         // an infrastructure fault; `detail` is for the log only
};

struct Error {
  ErrorKind kind = ErrorKind::Internal;
  ValidationErrors fields;
  std::string detail;
  std::chrono::seconds retry_after{0};

  static Error validation(ValidationErrors fields) {
    return make(ErrorKind::Validation, std::move(fields), {});
  }
  static Error validation(std::string_view field, std::string message) {
    return validation(ValidationErrors(field, std::move(message)));
  }
  static Error general(std::string message) {
    return validation(ValidationErrors(ValidationErrors::kGeneral, std::move(message)));
  }
  static Error unauthenticated(std::string detail = {}) {
    return make(ErrorKind::Unauthenticated, {}, std::move(detail));
  }
  // Refused whoever asks again with the same credentials: the back office's calls without a
  // live staff session, or by a role without the permission. `message` is shown.
  static Error forbidden(const std::string& message) {
    return make(ErrorKind::Forbidden, ValidationErrors(ValidationErrors::kGeneral, message),
                message);
  }
  static Error not_found(std::string detail = {}) {
    return make(ErrorKind::NotFound, {}, std::move(detail));
  }
  // Absent, with a message the client shows: `fields` as in a validation error.
  static Error not_found(ValidationErrors fields, std::string detail) {
    return make(ErrorKind::NotFound, std::move(fields), std::move(detail));
  }
  static Error conflict(std::string detail = {}) {
    return make(ErrorKind::Conflict, {}, std::move(detail));
  }
  // A conflict the client is told about: `fields` as in a validation error.
  static Error conflict(ValidationErrors fields, std::string detail) {
    return make(ErrorKind::Conflict, std::move(fields), std::move(detail));
  }
  static Error too_many_requests(std::chrono::seconds retry_after) {
    Error error = make(ErrorKind::TooManyRequests, {}, {});
    error.retry_after = retry_after;
    return error;
  }
  static Error internal(std::string detail) {
    return make(ErrorKind::Internal, {}, std::move(detail));
  }

 private:
  static Error make(ErrorKind kind, ValidationErrors fields, std::string detail) {
    Error error;
    error.kind = kind;
    error.fields = std::move(fields);
    error.detail = std::move(detail);
    return error;
  }
};

template <class T>
using Result = std::expected<T, Error>;

}  // namespace artshop
