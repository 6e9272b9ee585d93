// The back office's catalogue on the real server (docs/back-office.md, "Catalogue"): who may
// call it, uploads refused by what their bytes are with nothing stored, a picture uploaded,
// priced and published into the gallery, hidden out of it while its buyer keeps the download,
// and a change on one server seen by another on the same database.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <boost/json.hpp>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "artshop/core/text.hpp"
#include "backstage.hpp"
#include "test_pictures.hpp"

namespace artshop::testing {
namespace {

using ::testing::Contains;
using ::testing::Not;

constexpr std::string_view kNotAPicture = "This file is not a JPEG, PNG or WebP picture.";
constexpr std::string_view kTooSmall =
    "The picture is too small: at least 512 pixels on each side.";
constexpr std::string_view kTooManyPixels =
    "The picture has more pixels than allowed (100 megapixels).";
constexpr std::string_view kFileTooLarge = "The file is larger than 25 MB.";

// 30,000 x 30,000 pixels of black, one bit each: 900 megapixels in about a hundred kilobytes.
std::string bomb_png() {
  constexpr int kSide = 30'000;
  return png_of(kSide, kSide, 1, 0, std::string(1 + kSide / 8, '\0'));
}

// The files a blob store folder holds.
std::int64_t files_in(const std::filesystem::path& folder) {
  if (!std::filesystem::exists(folder)) return 0;
  std::int64_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    files += entry.is_regular_file() ? 1 : 0;
  }
  return files;
}

// The back office on a seeded shop, with an owner, support and catalogue staff.
class AdminCatalogue : public ::testing::Test {
 protected:
  AdminCatalogue()
      : backstage({}, true),
        owner(backstage.first_owner()),
        support(backstage.invited_by(owner, "support@example.com", "support")),
        catalogue(backstage.invited_by(owner, "catalogue@example.com", "catalogue")) {
    backstage.owner_token = owner.token;
  }

  ShopServer& shop() { return backstage.shop; }

  HttpResponse upload(const Member& member, const std::string& bytes,
                      const std::string& title = "Harbour Lights at Dusk",
                      std::string_view content_type = "image/png") {
    return request(
        "POST",
        shop().url("/api/admin/offers?Title=" + text::percent_encode(title) +
                   "&Category=landscapes&Style=Watercolor"),
        bytes,
        {{"Authorization", "Bearer " + member.token}, {"Content-Type", std::string(content_type)}});
  }

  // What a refused call could have written: offers, audit records, stored files.
  std::int64_t written() {
    return backstage.rows("offers") + backstage.rows("offer_attributes") +
           backstage.rows("audit_log") + files_in(shop().data_dir() / "media") +
           files_in(shop().data_dir() / "originals");
  }

  static std::string offer_path(std::int64_t id, std::string_view rest = "") {
    return fmt::format("/api/admin/offers/{}{}", id, rest);
  }

  // The gallery's offers whose title holds `text`, by urlName.
  static std::vector<std::string> gallery(const std::string& base_url, const std::string& text) {
    const auto page =
        get(base_url + "/api/offers?Currency=EUR&PageSize=96&Search=" + text::percent_encode(text));
    EXPECT_EQ(page.status, 200) << page.body;
    std::vector<std::string> found;
    if (page.status != 200) return {"(no answer)"};
    const auto listing = parse_object(page);
    for (const auto& offer : listing.at("items").as_array()) {
      found.emplace_back(offer.at("urlName").as_string());
    }
    return found;
  }

  Backstage backstage;
  Member owner;
  Member support;
  Member catalogue;
};

TEST_F(AdminCatalogue, EveryRoute_RefusesAnyoneButStaffWhoEditTheCatalogue) {
  const auto made = upload(catalogue, rgb_png(800, 600));
  ASSERT_EQ(made.status, 201) << made.body;
  const auto id = parse_object(made).at("id").as_int64();
  const auto ann = shop().sign_up();
  struct Route {
    std::string method;
    std::string path;
    json::value body;
  };
  const std::vector<Route> routes{{"GET", "/api/admin/offers", nullptr},
                                  {"GET", offer_path(id), nullptr},
                                  {"PATCH", offer_path(id), {{"title", "Renamed"}}},
                                  {"POST", offer_path(id, "/publish"), nullptr},
                                  {"POST", offer_path(id, "/hide"), nullptr}};
  const auto changed = [&] {
    return written() + shop().count("SELECT count(*) FROM offers WHERE title = 'Renamed'") +
           shop().count("SELECT count(*) FROM offers WHERE status = 'Active'");
  };
  for (const auto& [token, message, who] :
       std::vector<std::tuple<std::string, std::string_view, std::string>>{
           {"", kSignIn, "no token"},
           {ann.token, kSignIn, "a customer"},
           {support.token, kRoleForbids, "support"}}) {
    for (const auto& route : routes) {
      const auto before = changed();
      const auto answer = backstage.call(route.method, route.path, token, route.body);
      EXPECT_EQ(answer.status, 403) << who << " " << route.method << " " << route.path;
      EXPECT_EQ(general_error(answer), message) << who << " " << route.method << " " << route.path;
      EXPECT_EQ(changed(), before) << who << " " << route.method << " " << route.path;
    }
    const auto before = changed();
    const auto uploaded =
        upload(Member{.email = who, .id = 0, .secret = {}, .recovery_codes = {}, .token = token},
               rgb_png(700, 700), "Another Harbour");
    EXPECT_EQ(uploaded.status, 403) << who << " upload";
    EXPECT_EQ(general_error(uploaded), message) << who << " upload";
    EXPECT_EQ(changed(), before) << who << " upload";
  }
}

TEST_F(AdminCatalogue, BadUploads_AreRefusedByWhatTheirBytesAreAndStoreNothing) {
  const struct {
    std::string what;
    std::string bytes;
    std::string_view message;
  } refused[] = {{"a text file sent as a PNG", "These are words, not pixels.\n", kNotAPicture},
                 {"a GIF",
                  std::string("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!", 20) +
                      std::string("\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00"
                                  "\x00\x02\x02\x44\x01\x00;",
                                  23),
                  kNotAPicture},
                 {"a one-pixel PNG", rgb_png(1, 1), kTooSmall},
                 {"a PNG narrower than 512 pixels", rgb_png(511, 2000), kTooSmall},
                 {"a 30,000 x 30,000 PNG", bomb_png(), kTooManyPixels}};
  for (const auto& bad : refused) {
    const auto before = written();
    const auto answer = upload(catalogue, bad.bytes);
    EXPECT_EQ(answer.status, 400) << bad.what << ": " << answer.body;
    EXPECT_THAT(field_errors(answer, "file"), ::testing::ElementsAre(std::string(bad.message)))
        << bad.what;
    EXPECT_EQ(written(), before) << bad.what << " stored something";
  }
  EXPECT_LT(bomb_png().size(), 200'000U) << "the bomb is a small file";

  // Past the upload's byte limit the server answers from the request's head.
  const auto before = written();
  const auto huge = upload(catalogue, std::string(25 * 1024 * 1024 + 1, 'x'));
  EXPECT_EQ(huge.status, 413);
  EXPECT_EQ(general_error(huge), kFileTooLarge);
  EXPECT_EQ(written(), before);
}

TEST_F(AdminCatalogue, APictureUploadedPricedAndPublished_IsOnSaleInTheGallery) {
  const auto originals_before = files_in(shop().data_dir() / "originals");
  // A JPEG's Content-Type over PNG bytes: the bytes decide, and the original is kept as a PNG.
  const auto made = upload(catalogue, rgb_png(1200, 800), "Harbour Lights at Dusk", "image/jpeg");
  ASSERT_EQ(made.status, 201) << made.body;
  const auto offer = parse_object(made);
  const auto id = offer.at("id").as_int64();
  EXPECT_EQ(offer.at("state").as_string(), "hidden");
  EXPECT_EQ(offer.at("urlName").as_string(), "harbour-lights-at-dusk");
  EXPECT_EQ(offer.at("width").as_int64(), 1200);
  EXPECT_EQ(files_in(shop().data_dir() / "originals"), originals_before + 1);
  EXPECT_EQ(shop().count("SELECT count(*) FROM offers WHERE original_key LIKE '%.png'"), 1);
  EXPECT_TRUE(gallery(shop().url(""), "Harbour Lights").empty()) << "a draft is not on sale";

  // The list shows drafts, found by title, urlName or id.
  for (const auto& query :
       {std::string("harbour LIGHTS"), std::string("lights-at"), std::to_string(id)}) {
    const auto listed =
        backstage.call("GET", "/api/admin/offers?State=hidden&Query=" + text::percent_encode(query),
                       catalogue.token);
    ASSERT_EQ(listed.status, 200) << listed.body;
    const auto items = parse_object(listed).at("items").as_array();
    ASSERT_EQ(items.size(), 1U) << query;
    EXPECT_EQ(items[0].at("id").as_int64(), id) << query;
  }
  EXPECT_EQ(parse_object(backstage.call(
                             "GET", "/api/admin/offers?State=published&Query=" + std::to_string(id),
                             catalogue.token))
                .at("total")
                .as_int64(),
            0);

  const auto sizes = offer.at("sizes").as_array();
  ASSERT_FALSE(sizes.empty());
  const auto first_size = sizes[0].at("attributeId").as_int64();
  const auto edited = backstage.call(
      "PATCH", offer_path(id), catalogue.token,
      {{"description", "Lanterns over still water."},
       {"tags", json::array{"harbour", "night"}},
       {"prices", json::array{json::object{{"attributeId", first_size}, {"price", "24.50"}}}}});
  ASSERT_EQ(edited.status, 200) << edited.body;
  EXPECT_EQ(parse_object(edited).at("price").at("amount").as_string(), "24.50");

  const auto bad_price = backstage.call(
      "PATCH", offer_path(id), catalogue.token,
      {{"prices", json::array{json::object{{"attributeId", first_size}, {"price", "0.005"}}}}});
  EXPECT_EQ(bad_price.status, 400);
  EXPECT_THAT(field_errors(bad_price, fmt::format("prices.{}", first_size)),
              ::testing::ElementsAre("Use at most 2 decimals for EUR."));

  const auto published = backstage.call("POST", offer_path(id, "/publish"), catalogue.token);
  ASSERT_EQ(published.status, 200) << published.body;
  EXPECT_EQ(parse_object(published).at("state").as_string(), "published");

  const auto listed = get(shop().url("/api/offers?Currency=EUR&Search=Harbour%20Lights"));
  ASSERT_EQ(listed.status, 200);
  const auto items = parse_object(listed).at("items").as_array();
  ASSERT_EQ(items.size(), 1U) << listed.body;
  EXPECT_EQ(items[0].at("urlName").as_string(), "harbour-lights-at-dusk");
  EXPECT_EQ(items[0].at("price").at("amount").as_string(), "24.50");

  backstage.owner_token = owner.token;
  const auto actions = backstage.actions_of("catalogue@example.com");
  for (const auto* action : {"offer.create", "offer.edit", "offer.publish"}) {
    EXPECT_THAT(actions, Contains(action));
  }
}

TEST_F(AdminCatalogue, AHiddenPicture_LeavesTheGalleryAndSearchButItsBuyerStillDownloadsIt) {
  const auto made = upload(catalogue, rgb_png(900, 900), "Quiet Lantern Square");
  ASSERT_EQ(made.status, 201) << made.body;
  const auto id = made.status == 201 ? parse_object(made).at("id").as_int64() : 0;
  ASSERT_EQ(backstage.call("POST", offer_path(id, "/publish"), catalogue.token).status, 200);

  const auto ann = shop().sign_up();
  Sku bought;
  for (const auto& sku : shop().skus()) {
    if (sku.offer_id == id) bought = sku;
  }
  ASSERT_EQ(bought.offer_id, id) << "the published picture is for sale";
  shop().fund_cents(ann, bought.price_cents);
  const auto placed = shop().place_order(ann, {bought}, nullptr, true);
  ASSERT_EQ(placed.status, 200) << placed.body;

  const auto hidden = backstage.call("POST", offer_path(id, "/hide"), catalogue.token);
  ASSERT_EQ(hidden.status, 200) << hidden.body;
  EXPECT_EQ(parse_object(hidden).at("state").as_string(), "hidden");
  EXPECT_THAT(gallery(shop().url(""), "Quiet Lantern"), Not(Contains("quiet-lantern-square")));
  EXPECT_EQ(get(shop().url("/api/offers/get-one?UrlName=quiet-lantern-square&Currency=EUR")).status,
            404);

  const auto artworks = shop().get("/api/artworks", ann);
  ASSERT_EQ(artworks.status, 200);
  const auto list = json::parse(artworks.body).as_array();
  ASSERT_EQ(list.size(), 1U);
  EXPECT_EQ(list[0].at("offerId").as_int64(), id);
  const auto download = shop().get(std::string(list[0].at("downloadUrl").as_string()), ann);
  EXPECT_EQ(download.status, 200) << download.body;
  EXPECT_GT(download.body.size(), 1000U);

  // An exclusive flag on a picture someone ordered would take their size away: refused.
  const auto flag = backstage.call("PATCH", offer_path(id), catalogue.token, {{"exclusive", true}});
  EXPECT_EQ(flag.status, 400);
  EXPECT_THAT(field_errors(flag, "exclusive"),
              ::testing::ElementsAre(
                  "This picture was ordered already: whether it is exclusive cannot change."));
}

TEST_F(AdminCatalogue, AChangeOnOneServer_ShowsInTheGalleryOfAnotherOnTheSameDatabase) {
  // A second server process on the same data folder, as several app servers share a database.
  ServerProcess other({.env = {{"ARTSHOP_DATA_DIR", shop().data_dir().string()}}});
  ASSERT_TRUE(eventually([&] { return get(other.url("/readyz")).status == 200; }));

  const auto made = upload(catalogue, rgb_png(1000, 700), "Copper Tide Pools");
  ASSERT_EQ(made.status, 201) << made.body;
  const auto id = parse_object(made).at("id").as_int64();
  ASSERT_EQ(backstage.call("POST", offer_path(id, "/publish"), catalogue.token).status, 200);
  EXPECT_TRUE(eventually([&] {
    return gallery(other.base_url(), "Copper Tide") ==
           std::vector<std::string>{"copper-tide-pools"};
  })) << "published on one server, on sale on the other";

  const auto renamed =
      backstage.call("PATCH", offer_path(id), catalogue.token, {{"title", "Copper Tide at Noon"}});
  ASSERT_EQ(renamed.status, 200) << renamed.body;
  EXPECT_TRUE(eventually([&] {
    const auto page = get(other.url("/api/offers/get-one?UrlName=copper-tide-pools&Currency=EUR"));
    return page.status == 200 &&
           parse_object(page).at("title").as_string() == "Copper Tide at Noon";
  })) << "the new title, under the same urlName";

  ASSERT_EQ(backstage.call("POST", offer_path(id, "/hide"), catalogue.token).status, 200);
  EXPECT_TRUE(eventually([&] { return gallery(other.base_url(), "Copper Tide").empty(); }))
      << "hidden on one server, gone from the other";
}

}  // namespace
}  // namespace artshop::testing
