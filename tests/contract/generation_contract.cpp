#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;

GeneratedImage an_image(UserId owner, std::string prompt, sys_seconds created_at,
                        std::int64_t price_eur_cents = 0) {
  return {.id = {},
          .owner = owner,
          .prompt = prompt,
          .style = ArtStyle::Cyberpunk,
          .aspect_ratio = AspectRatio::R9x16,
          .seed = 4'294'967'295u,  // the largest seed survives the round trip
          .width = 1080,
          .height = 1920,
          .blob_key = "generated/ab/cd.png",
          .file_name = prompt + "-cyberpunk-4294967295.png",
          .price_eur_cents = price_eur_cents,
          .created_at = created_at};
}

std::vector<std::string> prompts(const GeneratedImagePage& page) {
  std::vector<std::string> found;
  for (const auto& image : page.items) found.push_back(image.prompt);
  return found;
}

TEST_P(GeneratedImageContract, Add_ThenFind_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  auto image = an_image(ann, "neon-city", kNow, 150);
  image.id = write([&](Repositories& repos) { return repos.generated_images.add(image); });
  EXPECT_EQ(read([&](Repositories& repos) { return repos.generated_images.find(image.id); }),
            image);
  EXPECT_FALSE(read([&](Repositories& repos) {
    return repos.generated_images.find(GeneratedImageId{image.id.value + 1});
  }));
}

TEST_P(GeneratedImageContract, ListForUser_GivesTheOwnersImagesNewestFirstPageByPage) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.generated_images.add(an_image(ann, "old", kNow - 2h));
    repos.generated_images.add(an_image(ann, "new", kNow));
    repos.generated_images.add(an_image(bob, "bobs", kNow));
    repos.generated_images.add(an_image(ann, "middle", kNow - 1h));
    repos.generated_images.add(an_image(ann, "newest-same-second", kNow));
  });
  read([&](Repositories& repos) {
    const auto first = repos.generated_images.list_for_user(ann, 0, 3);
    EXPECT_EQ(first.total, 4);
    EXPECT_THAT(prompts(first), ElementsAre("newest-same-second", "new", "middle"));
    const auto second = repos.generated_images.list_for_user(ann, 3, 3);
    EXPECT_EQ(second.total, 4);
    EXPECT_THAT(prompts(second), ElementsAre("old"));
  });
}

TEST_P(GeneratedImageContract, CountFreeSince_CountsTheOwnersFreeImagesFromThatTimeOn) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto midnight = kNow - 5h;
  write([&](Repositories& repos) {
    repos.generated_images.add(an_image(ann, "yesterday", midnight - 1s));
    repos.generated_images.add(an_image(ann, "at-midnight", midnight));
    repos.generated_images.add(an_image(ann, "today", kNow));
    repos.generated_images.add(an_image(ann, "paid", kNow, 150));
    repos.generated_images.add(an_image(bob, "bobs", kNow));
  });
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.generated_images.count_free_since(ann, midnight);
            }),
            2);
}

}  // namespace
}  // namespace artshop::contract
