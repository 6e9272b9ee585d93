#pragma once

#include <chrono>
#include <cstddef>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/curl/post.hpp"

namespace artshop::imagegen {

using ServiceAnswer = curl::Answer;
using ServiceFailure = curl::Failure::Kind;

// Four 4096-pixel PNGs in base64 fit; a service sending more is broken or hostile.
inline constexpr std::size_t kMaxServiceAnswerBytes = std::size_t{256} * 1024 * 1024;

// curl::post of a JSON body, limited to kMaxServiceAnswerBytes. Any HTTP status is an answer;
// the failures are logged with curl's reason (never the headers, which may hold a key).
std::expected<ServiceAnswer, ServiceFailure> post_json(const std::string& url,
                                                       const std::vector<std::string>& headers,
                                                       std::string_view body,
                                                       std::chrono::milliseconds timeout);

}  // namespace artshop::imagegen
