#include "artshop/curl/easy.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace artshop::curl {

void initialise_once() {
  static const CURLcode result = curl_global_init(CURL_GLOBAL_DEFAULT);
  if (result != CURLE_OK) {
    throw std::runtime_error(
        fmt::format("curl_global_init failed: {}", curl_easy_strerror(result)));
  }
}

void check_option(CURLoption option, CURLcode code) {
  if (code != CURLE_OK) {
    throw std::runtime_error(fmt::format("curl option {} refused: {}", static_cast<int>(option),
                                         curl_easy_strerror(code)));
  }
}

}  // namespace artshop::curl
