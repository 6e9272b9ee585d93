#pragma once

#include <curl/curl.h>

#include <memory>

// RAII and error handling around libcurl's easy interface.
namespace artshop::curl {

// curl_global_init must not race with other threads (libcurl before 7.84 or without atomics);
// this runs it exactly once, on first use. It is never cleaned up: other threads may still use
// curl while the process exits. Throws std::runtime_error when it fails.
void initialise_once();

struct Cleanup {
  void operator()(CURL* handle) const noexcept { curl_easy_cleanup(handle); }
  void operator()(curl_slist* list) const noexcept { curl_slist_free_all(list); }
};
using Handle = std::unique_ptr<CURL, Cleanup>;
using List = std::unique_ptr<curl_slist, Cleanup>;

// curl_easy_setopt, throwing std::runtime_error when curl refuses the option.
void check_option(CURLoption option, CURLcode code);
template <typename Value>
void set_option(CURL* handle, CURLoption option, Value value) {
  check_option(option, curl_easy_setopt(handle, option, value));
}

}  // namespace artshop::curl
