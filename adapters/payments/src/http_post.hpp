#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/curl/post.hpp"

namespace artshop::payments {

using HttpAnswer = curl::Answer;

// curl::post with the payment providers' contract: a provider's answer is at most 1 MiB, and
// no answer at all (refused, timed out, TLS failure, too large) is exceptional for them, so it
// throws std::runtime_error with curl::Failure's reason (the URL, never a header).
HttpAnswer http_post(const std::string& url, const std::vector<std::string>& headers,
                     std::string_view body, std::chrono::milliseconds timeout);

}  // namespace artshop::payments
