// POST /api/generated-images and its list, allowance and file downloads against the real
// server: PNGs and ZIPs, the free quota and the price, 206 and 400 when they run out, and
// parallel requests of one customer that never take more than the quota and balance allow.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>

#include "shop_api.hpp"
#include "support/unzip.hpp"

namespace artshop::testing {
namespace {

// The IHDR's width and height of a PNG; nullopt for anything else.
std::optional<std::pair<int, int>> png_size(std::string_view bytes) {
  if (bytes.size() < 24 || !bytes.starts_with("\x89PNG\r\n\x1a\n") ||
      bytes.substr(12, 4) != "IHDR") {
    return std::nullopt;
  }
  const auto big_endian = [&](std::size_t at) {
    int value = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
    }
    return value;
  };
  return std::pair{big_endian(16), big_endian(20)};
}

json::object request_of(std::string_view ratio, int count, std::int64_t seed,
                        std::string_view style = "Watercolor") {
  return {{"prompt", "a lighthouse at dusk"},
          {"style", style},
          {"aspectRatio", ratio},
          {"count", count},
          {"seed", seed}};
}

// A generated image costs 3.00 EUR here, so that the smallest deposit (5.00) pays for one.
constexpr std::int64_t kPriceCents = 300;

class GenerationApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shop =
        new ShopServer(true, {{"ARTSHOP_GENERATION_PRICE_EUR_CENTS", std::to_string(kPriceCents)},
                              {"ARTSHOP_GENERATION_QUEUE", "16"}});
  }
  static void TearDownTestSuite() {
    delete shop;
    shop = nullptr;
  }

  static HttpResponse generate(const Customer& customer, const json::value& body) {
    return shop->post("/api/generated-images", body, customer);
  }

  static inline ShopServer* shop = nullptr;
};

TEST_F(GenerationApi, OneImage_IsAPngWithALongEdgeOf1024InEveryAspectRatio) {
  const std::map<std::string, std::pair<int, int>> sizes{
      {"16x9", {1024, 576}}, {"3x2", {1024, 683}}, {"4x3", {1024, 768}}, {"1x1", {1024, 1024}},
      {"2x3", {683, 1024}},  {"3x4", {768, 1024}}, {"9x16", {576, 1024}}};
  for (const auto& [ratio, size] : sizes) {
    const auto customer = shop->sign_up();  // three free images each
    const auto response = generate(customer, request_of(ratio, 1, 12345));

    ASSERT_EQ(response.status, 200) << ratio << ": " << response.body;
    EXPECT_EQ(response.header("Content-Type"), "image/png");
    EXPECT_EQ(png_size(response.body), size) << ratio;
    EXPECT_EQ(response.header("Content-Disposition"),
              "attachment; filename=\"a-lighthouse-at-dusk-watercolor-12345.png\"");
    EXPECT_EQ(response.header("X-Images-Requested"), "1");
    EXPECT_EQ(response.header("X-Images-Returned"), "1");
    EXPECT_EQ(response.header("X-Generation-Seed"), "12345");
    EXPECT_EQ(response.header("Cache-Control"), "private, no-store");
  }
}

TEST_F(GenerationApi, SeveralImages_AreAZipOfPngsNamedForTheirSeeds) {
  const auto ann = shop->sign_up();
  const auto response = generate(ann, request_of("16x9", 3, 4'294'967'294, "PopArt"));

  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(response.header("Content-Type"), "application/zip");
  EXPECT_EQ(response.header("Content-Disposition"),
            "attachment; filename=\"a-lighthouse-at-dusk-popart-4294967294.zip\"");
  EXPECT_EQ(response.header("X-Images-Requested"), "3");
  EXPECT_EQ(response.header("X-Images-Returned"), "3");
  const auto files = unzip_with_python(response.body);
  ASSERT_EQ(files.size(), 3U);
  // The seeds go on from the first, past 2^32 - 1 back to 0.
  for (const auto* name :
       {"a-lighthouse-at-dusk-popart-4294967294.png", "a-lighthouse-at-dusk-popart-4294967295.png",
        "a-lighthouse-at-dusk-popart-0.png"}) {
    ASSERT_TRUE(files.contains(name)) << name;
    EXPECT_EQ(png_size(files.at(name)), (std::pair{1024, 576})) << name;
  }
  EXPECT_NE(files.at("a-lighthouse-at-dusk-popart-0.png"),
            files.at("a-lighthouse-at-dusk-popart-4294967295.png"));
}

TEST_F(GenerationApi, TheSameRequestTwice_GivesTheSameBytesAndTheFileDownloadsAgainAsItWas) {
  const auto ann = shop->sign_up();
  const auto first = generate(ann, request_of("3x4", 1, 777, "Cyberpunk"));
  const auto second = generate(ann, request_of("3x4", 1, 777, "Cyberpunk"));
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(first.body, second.body);

  const auto listed = parse_object(shop->get("/api/generated-images", ann));
  const auto& newest = listed.at("items").at(0).as_object();
  const auto again = shop->get(std::string(newest.at("url").as_string()), ann);
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(again.header("Content-Type"), "image/png");
  EXPECT_EQ(again.header("Content-Disposition"),
            "attachment; filename=\"a-lighthouse-at-dusk-cyberpunk-777.png\"");
  EXPECT_EQ(again.body, first.body);
}

TEST_F(GenerationApi, PastTheFreeImages_TheBalancePaysForWhatItCoversThenIsInsufficient) {
  const auto ann = shop->sign_up();
  ASSERT_EQ(generate(ann, request_of("1x1", 3, 1)).status, 200);  // the day's free images
  shop->fund(ann, "5.00");                                        // one image and 2.00 left

  const auto partial = generate(ann, request_of("1x1", 2, 10));

  EXPECT_EQ(partial.status, 206) << partial.body;
  EXPECT_EQ(partial.header("Content-Type"), "image/png");
  EXPECT_EQ(partial.header("X-Images-Requested"), "2");
  EXPECT_EQ(partial.header("X-Images-Returned"), "1");
  EXPECT_EQ(png_size(partial.body), (std::pair{1024, 1024}));
  EXPECT_EQ(shop->balance(ann), 2'00);

  const auto refused = generate(ann, request_of("1x1", 1, 20));
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(field_errors(refused, ""), std::vector<std::string>{"Insufficient balance."});
  EXPECT_EQ(shop->balance(ann), 2'00);

  const auto listed = parse_object(shop->get("/api/generated-images", ann));
  EXPECT_EQ(listed.at("total").as_int64(), 4);
  EXPECT_EQ(listed.at("items").at(0).at("price"),
            json::parse(R"({"amount":"3.00","currency":"EUR","minorUnits":300})"));
  EXPECT_EQ(listed.at("items").at(1).at("price"),
            json::parse(R"({"amount":"0.00","currency":"EUR","minorUnits":0})"));
  const auto ledger = shop->ledger_totals();
  EXPECT_EQ(ledger.debits, ledger.credits) << "double entry holds over the whole ledger";
  EXPECT_GE(ledger.lowest_customer_running_balance, 0);
  EXPECT_EQ(shop->count("SELECT count(*) FROM ledger_entries WHERE account_kind = "
                        "'GenerationRevenue' AND side = 'Credit' AND amount_micro_eur = 3000000 "
                        "AND posting = 'generated-image:" +
                        std::to_string(listed.at("items").at(0).at("id").as_int64()) + "'"),
            1);
}

TEST_F(GenerationApi, EveryBadFieldIsInOne400FieldMap) {
  const auto ann = shop->sign_up();
  const auto response = generate(ann, json::object{{"prompt", std::string(501, 'x')},
                                                   {"style", "Cubism"},
                                                   {"aspectRatio", "5x4"},
                                                   {"count", 5},
                                                   {"seed", -1}});
  ASSERT_EQ(response.status, 400) << response.body;
  EXPECT_FALSE(field_errors(response, "prompt").empty());
  ASSERT_EQ(field_errors(response, "style").size(), 1U);
  EXPECT_NE(field_errors(response, "style")[0].find("Watercolor"), std::string::npos);
  ASSERT_EQ(field_errors(response, "aspectRatio").size(), 1U);
  EXPECT_NE(field_errors(response, "aspectRatio")[0].find("16x9"), std::string::npos);
  EXPECT_FALSE(field_errors(response, "count").empty());
  EXPECT_FALSE(field_errors(response, "seed").empty());

  const auto mistyped = generate(ann, json::object{{"prompt", 7},
                                                   {"style", "None"},
                                                   {"aspectRatio", "1x1"},
                                                   {"count", "two"},
                                                   {"seed", 4'294'967'296}});
  ASSERT_EQ(mistyped.status, 400) << mistyped.body;
  EXPECT_FALSE(field_errors(mistyped, "prompt").empty());
  EXPECT_FALSE(field_errors(mistyped, "count").empty());
  EXPECT_FALSE(field_errors(mistyped, "seed").empty());
  EXPECT_EQ(parse_object(shop->get("/api/generated-images", ann)).at("total").as_int64(), 0);
}

TEST_F(GenerationApi, AVisitorIsAnswered401) {
  for (const auto* path : {"/api/generated-images", "/api/generated-images/allowance",
                           "/api/generated-images/1/file"}) {
    const auto response = get(shop->url(path));
    EXPECT_EQ(response.status, 401) << path;
    EXPECT_EQ(response.header("WWW-Authenticate"), "Bearer") << path;
  }
  const auto posted =
      post_json(shop->url("/api/generated-images"), json::serialize(request_of("1x1", 1, 1)));
  EXPECT_EQ(posted.status, 401);
  EXPECT_EQ(posted.header("WWW-Authenticate"), "Bearer");
}

TEST_F(GenerationApi, AnotherCustomersFileAnUnknownOneAndAMalformedIdAre404) {
  const auto ann = shop->sign_up();
  const auto bob = shop->sign_up();
  ASSERT_EQ(generate(ann, request_of("1x1", 1, 5)).status, 200);
  const auto url = std::string(parse_object(shop->get("/api/generated-images", ann))
                                   .at("items")
                                   .at(0)
                                   .at("url")
                                   .as_string());

  EXPECT_EQ(shop->get(url, ann).status, 200);
  EXPECT_EQ(shop->get(url, bob).status, 404);
  EXPECT_EQ(shop->get("/api/generated-images/999999/file", ann).status, 404);
  EXPECT_EQ(shop->get("/api/generated-images/abc/file", ann).status, 404);
  EXPECT_EQ(parse_object(shop->get("/api/generated-images", bob)).at("total").as_int64(), 0);
}

TEST_F(GenerationApi, TheListIsNewestFirstAPageAtATime) {
  const auto ann = shop->sign_up();
  ASSERT_EQ(generate(ann, request_of("2x3", 2, 100)).status, 200);
  ASSERT_EQ(generate(ann, request_of("16x9", 1, 200)).status, 200);

  const auto first = shop->get("/api/generated-images?Page=1&PageSize=2", ann);
  ASSERT_EQ(first.status, 200) << first.body;
  const auto page = parse_object(first);
  EXPECT_EQ(page.at("total").as_int64(), 3);
  EXPECT_EQ(page.at("page").as_int64(), 1);
  EXPECT_EQ(page.at("pageSize").as_int64(), 2);
  const auto& items = page.at("items").as_array();
  ASSERT_EQ(items.size(), 2U);
  const auto& newest = items.at(0).as_object();
  EXPECT_EQ(newest.at("seed").as_int64(), 200);
  EXPECT_EQ(newest.at("prompt").as_string(), "a lighthouse at dusk");
  EXPECT_EQ(newest.at("style").as_string(), "Watercolor");
  EXPECT_EQ(newest.at("aspectRatio").as_string(), "16x9");
  EXPECT_EQ(newest.at("width").as_int64(), 1024);
  EXPECT_EQ(newest.at("height").as_int64(), 576);
  EXPECT_EQ(newest.at("fileName").as_string(), "a-lighthouse-at-dusk-watercolor-200.png");
  EXPECT_EQ(newest.at("url").as_string(),
            "/api/generated-images/" + std::to_string(newest.at("id").as_int64()) + "/file");
  EXPECT_TRUE(std::string(newest.at("createdAt").as_string()).ends_with("Z"));
  EXPECT_EQ(items.at(1).at("seed").as_int64(), 101);

  const auto second = parse_object(shop->get("/api/generated-images?Page=2&PageSize=2", ann));
  ASSERT_EQ(second.at("items").as_array().size(), 1U);
  EXPECT_EQ(second.at("items").at(0).at("seed").as_int64(), 100);
  EXPECT_EQ(parse_object(shop->get("/api/generated-images", ann)).at("pageSize").as_int64(), 12);

  const auto bad = shop->get("/api/generated-images?Page=0&PageSize=49", ann);
  EXPECT_EQ(bad.status, 400);
  EXPECT_FALSE(field_errors(bad, "Page").empty());
  EXPECT_FALSE(field_errors(bad, "PageSize").empty());
}

TEST_F(GenerationApi, TheAllowanceCountsDownTheDaysFreeImages) {
  const auto ann = shop->sign_up();
  const auto before = parse_object(shop->get("/api/generated-images/allowance", ann));
  EXPECT_EQ(before.at("freePerDay").as_int64(), 3);
  EXPECT_EQ(before.at("freeRemaining").as_int64(), 3);
  EXPECT_EQ(before.at("pricePerImage"),
            json::parse(R"({"amount":"3.00","currency":"EUR","minorUnits":300})"));
  EXPECT_TRUE(std::string(before.at("resetsAt").as_string()).ends_with("T00:00:00Z"));
  // No image model is configured: the page says the built-in generator draws abstract pictures.
  EXPECT_EQ(before.at("generator"), "built-in");

  ASSERT_EQ(generate(ann, request_of("1x1", 2, 1)).status, 200);
  EXPECT_EQ(parse_object(shop->get("/api/generated-images/allowance", ann))
                .at("freeRemaining")
                .as_int64(),
            1);
}

TEST(GenerationApiRace, TwentyParallelRequestsOfOneCustomerTakeOnlyTheQuotaAndWhatTheBalancePays) {
  // Room for every request in the queue: each is refused by the quota and the balance alone.
  ShopServer shop(true, {{"ARTSHOP_GENERATION_FREE_PER_DAY", "2"},
                         {"ARTSHOP_GENERATION_PRICE_EUR_CENTS", std::to_string(kPriceCents)},
                         {"ARTSHOP_GENERATION_THREADS", "2"},
                         {"ARTSHOP_GENERATION_QUEUE", "20"}});
  const auto ann = shop.sign_up();
  shop.fund(ann, "5.00");  // one paid image, 2.00 left over

  std::mutex mutex;
  std::map<long, int> statuses;
  std::atomic<int> returned{0};
  in_parallel(20, [&](int i) {
    const auto response = shop.post("/api/generated-images", request_of("1x1", 1, i), ann);
    if (response.status == 200) returned += std::stoi(response.header("X-Images-Returned"));
    if (response.status == 400) {
      EXPECT_EQ(field_errors(response, ""), std::vector<std::string>{"Insufficient balance."});
    }
    const std::scoped_lock lock(mutex);
    ++statuses[response.status];
  });

  EXPECT_EQ(returned.load(), 3) << "two free and one paid";
  EXPECT_EQ(statuses[200], 3);
  EXPECT_EQ(statuses[400], 17);
  EXPECT_EQ(shop.balance(ann), 2'00) << "charged for the one paid image only";
  EXPECT_EQ(shop.count("SELECT count(*) FROM generated_images"), 3);
  const auto ledger = shop.ledger_totals();
  EXPECT_EQ(ledger.debits, ledger.credits);
  EXPECT_GE(ledger.lowest_customer_running_balance, 0) << "the balance was never negative";
}

}  // namespace
}  // namespace artshop::testing
