#include <gtest/gtest.h>

#include <string_view>

#include "artshop/payments/loopback.hpp"

namespace artshop::payments {
namespace {

TEST(PaymentsLoopback, LoopbackAddressesAndLocalhost_AreLoopback) {
  for (const std::string_view host :
       {"127.0.0.1", "127.1.2.3", "127.255.255.254", "::1", "[::1]", "0:0:0:0:0:0:0:1",
        "::ffff:127.0.0.1", "localhost", "LOCALHOST.", "LocalHost"}) {
    EXPECT_TRUE(is_loopback_host(host)) << host;
  }
}

TEST(PaymentsLoopback, NamesThatOnlyLookLocalWildcardsAndOtherAddresses_AreNot) {
  for (const std::string_view host :
       {"127.evil.example", "127.0.0.1.nip.io", "localhost.evil.example", "evil-localhost",
        "0.0.0.0", "::", "[::]", "10.0.0.1", "128.0.0.1", "::2", "::ffff:10.0.0.1", "127.1",
        "127.0.0.1 ", "127.0.0.01", "", "[::1", "localhost.."}) {
    EXPECT_FALSE(is_loopback_host(host)) << host;
  }
}

TEST(PaymentsLoopback, UrlHost_IsTheHostAfterTheLastAtWithoutBracketsOrPort) {
  EXPECT_EQ(url_host("http://127.0.0.1:8080/shop"), "127.0.0.1");
  EXPECT_EQ(url_host("HTTPS://[::1]:8443"), "::1");
  EXPECT_EQ(url_host("http://user@127.0.0.1@evil"), "evil");
  EXPECT_EQ(url_host("http://localhost?x=@127.0.0.1"), "localhost");
  EXPECT_EQ(url_host("ftp://127.0.0.1"), std::nullopt);
  EXPECT_EQ(url_host("127.0.0.1:8080"), std::nullopt);
  EXPECT_EQ(url_host("http://:8080"), std::nullopt);
  EXPECT_EQ(url_host("http://[::1]x"), std::nullopt);
}

TEST(PaymentsLoopback, Urls_AreLoopbackOnlyWhenTheirHostIs) {
  for (const std::string_view url :
       {"http://127.0.0.1:8080", "http://127.1.2.3", "http://[::1]:8080/", "http://localhost:5173",
        "https://LOCALHOST./order-history"}) {
    EXPECT_TRUE(is_loopback_url(url)) << url;
  }
  for (const std::string_view url :
       {"http://127.evil.example", "http://127.0.0.1.nip.io:8080", "http://0.0.0.0:8080",
        "http://[::]:8080", "http://10.0.0.1", "http://user@127.0.0.1@evil", "https://shop.example",
        "127.0.0.1", ""}) {
    EXPECT_FALSE(is_loopback_url(url)) << url;
  }
}

}  // namespace
}  // namespace artshop::payments
