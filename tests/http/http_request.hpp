#pragma once

#include <gtest/gtest.h>

#include <string>

#include "artshop/http/message.hpp"
#include "dispatcher.hpp"
#include "url.hpp"

namespace artshop::http::testing {

// A request as the server hands it on once the head is read: target parsed, request id set.
inline Request request(std::string method, std::string target, Fields headers = {},
                       std::string body = {}) {
  Request built{.method = std::move(method),
                .target = std::move(target),
                .headers = std::move(headers),
                .body = std::move(body),
                .remote_address = "127.0.0.1"};
  built.request_id = Dispatcher::request_id(built.header("X-Request-Id"));
  EXPECT_TRUE(parse_target(built)) << built.target;
  return built;
}

}  // namespace artshop::http::testing
