// POST /api/generated-images against a remote image service that the test plays on loopback:
// fewer images than asked, a failing service and a saturated generator each end as the
// shopper is told (206, 400, 503), charged only for what was delivered.
#include <gtest/gtest.h>

#include <condition_variable>
#include <future>
#include <mutex>

#include "adapter/payments_test_support.hpp"
#include "shop_api.hpp"

namespace artshop::testing {
namespace {

using payments::test_support::CannedAnswer;
using payments::test_support::LoopbackHttpServer;
using payments::test_support::RecordedRequest;
using namespace std::chrono_literals;

// A 1 x 1 PNG, as an Automatic1111 service answers pictures: base64 in "images".
constexpr std::string_view kTinyPng =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+"
    "M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

std::string images_answer(int count) {
  json::array images;
  for (int i = 0; i < count; ++i) images.emplace_back(kTinyPng);
  return json::serialize(json::object{{"images", images}, {"info", "{}"}});
}

json::object two_images() {
  return {{"prompt", "a lighthouse at dusk"},
          {"style", "Watercolor"},
          {"aspectRatio", "1x1"},
          {"count", 2},
          {"seed", 7}};
}

std::vector<std::pair<std::string, std::string>> remote_service(const LoopbackHttpServer& service,
                                                                std::string queue = "4") {
  return {{"ARTSHOP_GENERATION_PROVIDER", "automatic1111"},
          {"ARTSHOP_GENERATION_BASE_URL", service.url("")},
          {"ARTSHOP_GENERATION_TIMEOUT_SECONDS", "20"},
          {"ARTSHOP_GENERATION_THREADS", "1"},
          {"ARTSHOP_GENERATION_QUEUE", std::move(queue)}};
}

std::int64_t free_remaining(ShopServer& shop, const Customer& customer) {
  const auto allowance = shop.get("/api/generated-images/allowance", customer);
  return json::parse(allowance.body).at("freeRemaining").as_int64();
}

TEST(GenerationWithARemoteService, FewerImagesThanAsked_Answers206AndChargesOnlyWhatCame) {
  LoopbackHttpServer service([](const RecordedRequest&) {
    return CannedAnswer{200, images_answer(1)};
  });
  ShopServer shop(false, remote_service(service));
  const auto ann = shop.sign_up();

  const auto partial = shop.post("/api/generated-images", two_images(), ann);
  ASSERT_EQ(partial.status, 206) << partial.body;
  EXPECT_EQ(partial.header("X-Images-Requested"), "2");
  EXPECT_EQ(partial.header("X-Images-Returned"), "1");
  EXPECT_EQ(partial.header("Content-Type"), "image/png");
  EXPECT_TRUE(partial.body.starts_with("\x89PNG"));
  EXPECT_EQ(free_remaining(shop, ann), 2) << "one free image used, not two";
  EXPECT_EQ(service.received().size(), 1U);
  EXPECT_EQ(service.received().front().target, "/sdapi/v1/txt2img");
}

TEST(GenerationWithARemoteService, AServiceThatFails_Answers400NamingTheCauseAndChargesNothing) {
  LoopbackHttpServer service([](const RecordedRequest&) { return CannedAnswer{500, "{}"}; });
  ShopServer shop(false, remote_service(service));
  const auto ann = shop.sign_up();

  const auto failed = shop.post("/api/generated-images", two_images(), ann);
  ASSERT_EQ(failed.status, 400) << failed.body;
  const auto general = field_errors(failed, "");
  ASSERT_EQ(general.size(), 1U) << failed.body;
  EXPECT_NE(general.front().find("HTTP 500"), std::string::npos) << general.front();
  EXPECT_EQ(free_remaining(shop, ann), 3) << "nothing charged for images never made";
}

TEST(GenerationWithARemoteService, ASaturatedGenerator_Answers503AtOnceWithRetryAfter) {
  std::mutex mutex;
  std::condition_variable released;
  bool release = false;
  std::promise<void> reached;
  LoopbackHttpServer service([&](const RecordedRequest&) {
    reached.set_value();
    // Holds the one generation thread busy until the test has seen the 503.
    std::unique_lock lock(mutex);
    released.wait_for(lock, 30s, [&] { return release; });
    return CannedAnswer{200, images_answer(2)};
  });
  ShopServer shop(false, remote_service(service, "0"));
  const auto ann = shop.sign_up();
  const auto bob = shop.sign_up();

  auto first = std::async(std::launch::async,
                          [&] { return shop.post("/api/generated-images", two_images(), ann); });
  ASSERT_EQ(reached.get_future().wait_for(20s), std::future_status::ready)
      << "the first request reached the service";
  const auto busy = shop.post("/api/generated-images", two_images(), bob);
  EXPECT_EQ(busy.status, 503) << busy.body;
  EXPECT_FALSE(busy.header("Retry-After").empty());
  EXPECT_EQ(shop.get("/api/offers?Currency=EUR", bob).status, 200)
      << "the catalogue answers while generation is saturated";
  {
    const std::scoped_lock lock(mutex);
    release = true;
  }
  released.notify_all();
  EXPECT_EQ(first.get().status, 200);
  EXPECT_EQ(free_remaining(shop, bob), 3) << "the refused request charged nothing";
}

}  // namespace
}  // namespace artshop::testing
