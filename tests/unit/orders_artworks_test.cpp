// DownloadArtwork: a bought picture rendered at exactly its long edge, from the generator's
// recipe or the private original, for its owner only.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "artshop/core/orders/artworks.hpp"
#include "artshop/core/orders/download_artwork.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/generation_fakes.hpp"
#include "fakes/order_fakes.hpp"

namespace artshop {
namespace {

using ::testing::IsEmpty;
using ::testing::SizeIs;

// Remembers what it was asked to draw; the pixels say nothing.
class RecordingGenerator final : public ImageGenerator {
 public:
  Image generate(const GenerationRequest& request) override {
    requests.push_back(request);
    if (fail) throw std::runtime_error("the generator is down");
    return {.width = request.long_edge, .height = request.long_edge / 2, .rgb = {7}};
  }
  std::vector<GenerationRequest> requests;
  bool fail = false;
};

// "png(<width>x<height>)" for an encoded picture; a render remembers its input and edge.
class RecordingProcessor final : public ImageProcessor {
 public:
  struct Render {
    std::string input;
    int long_edge = 0;
    ImageFormat format = ImageFormat::Png;
  };
  EncodedImage thumbnail(std::span<const std::uint8_t>, ImageFormat format) override {
    return {format, "thumb", 480, 270};
  }
  EncodedImage watermarked_preview(std::span<const std::uint8_t>, ImageFormat format) override {
    return {format, "preview", 1600, 900};
  }
  EncodedImage render_at(std::span<const std::uint8_t> original, int long_edge,
                         ImageFormat format) override {
    renders.push_back({{original.begin(), original.end()}, long_edge, format});
    return {format, "jpeg@" + std::to_string(long_edge), long_edge, long_edge / 2};
  }
  EncodedImage encode_at(const Image& picture, int long_edge, ImageFormat format) override {
    renders.push_back(
        {"pixels(" + std::to_string(picture.width) + "x" + std::to_string(picture.height) + ")",
         long_edge, format});
    return {format, "jpeg@" + std::to_string(long_edge), long_edge, long_edge / 2};
  }
  EncodedImage encode_png(const Image& image) override {
    return {ImageFormat::Png,
            "png(" + std::to_string(image.width) + "x" + std::to_string(image.height) + ")",
            image.width, image.height};
  }
  Derivatives derivatives(const Image&) override { return {}; }
  ImageSize probe(std::span<const std::uint8_t>) override { return {1, 1}; }

  std::vector<Render> renders;
};

using KeyedBlobs = fakes::MemoryBlobs;

class Artworks : public ::testing::Test {
 protected:
  Artworks() {
    ann = fakes::add_account(store.state, "ann@example.com");
    bob = fakes::add_account(store.state, "bob@example.com");
    generated = fakes::add_offer(store.state, "Neon Alley", {{11, Licence::Personal, 20'00}});
    imported = fakes::add_offer(store.state, "Old Harbour", {{21, Licence::Personal, 20'00}});
    auto& drawn = offer(generated);
    drawn.style = ArtStyle::Cyberpunk;
    drawn.aspect_ratio = AspectRatio::R16x9;
    drawn.width = 4096;
    drawn.height = 2304;
    drawn.source = {.prompt = "a neon alley in the rain", .seed = 42, .original_key = {}};
    auto& photo = offer(imported);
    photo.width = 3000;
    photo.height = 2000;
    photo.source = {.prompt = {}, .seed = 0, .original_key = originals.put("ORIGINAL", "jpg")};
  }

  Result<ArtworkFile> fetch(UserId caller, ArtworkId id) {
    return download({.caller = caller, .id = id});
  }

  Offer& offer(OfferId id) { return store.state.offers[static_cast<std::size_t>(id.value - 1)]; }

  // An artwork of `owner` for the offer's first attribute, at `long_edge`.
  ArtworkId own(UserId owner, OfferId offer_id, int long_edge, std::string size_name) {
    fakes::InMemoryArtworks artworks(store.state);
    return artworks.add({.owner = owner,
                         .order = OrderId{1},
                         .offer = offer_id,
                         .attribute = offer(offer_id).attributes.at(0).id,
                         .title = offer(offer_id).title,
                         .size_name = std::move(size_name),
                         .long_edge = long_edge,
                         .licence = Licence::Personal,
                         .acquired_at = {}});
  }

  fakes::InMemoryUnitOfWork store;
  RecordingGenerator generator;
  RecordingProcessor processor;
  KeyedBlobs originals;
  DownloadArtwork download{store, generator, processor, originals};
  UserId ann, bob;
  OfferId generated, imported;
};

TEST_F(Artworks, AGeneratedOffer_IsDrawnFromItsRecipeAtTheBoughtEdge) {
  const auto id = own(ann, generated, 1920, "HD");
  const auto file = fetch(ann, id);
  ASSERT_TRUE(file) << file.error().detail;
  ASSERT_THAT(generator.requests, SizeIs(1));
  const auto& drawn = generator.requests[0];
  EXPECT_EQ(drawn.prompt, "a neon alley in the rain");
  EXPECT_EQ(drawn.seed, 42U);
  EXPECT_EQ(drawn.style, ArtStyle::Cyberpunk);
  EXPECT_EQ(drawn.aspect_ratio, AspectRatio::R16x9);
  EXPECT_EQ(drawn.long_edge, 1920);  // drawn at the bought size, not enlarged from a smaller one
  ASSERT_THAT(processor.renders, SizeIs(1));
  EXPECT_EQ(processor.renders[0].input, "pixels(1920x960)");
  EXPECT_EQ(processor.renders[0].long_edge, 1920);
  EXPECT_EQ(processor.renders[0].format, ImageFormat::Jpeg);
  EXPECT_EQ(file->image.bytes, "jpeg@1920");
  EXPECT_EQ(file->image.format, ImageFormat::Jpeg);
  EXPECT_EQ(file->file_name, "neon-alley-HD.jpg");
}

TEST_F(Artworks, ASizeLargerThanTheGeneratorDraws_IsEnlargedFromItsLargestDrawing) {
  offer(generated).width = 7680;
  offer(generated).height = 4320;
  ASSERT_TRUE(fetch(ann, own(ann, generated, 7680, "8K")));
  ASSERT_THAT(generator.requests, SizeIs(1));
  EXPECT_EQ(generator.requests[0].long_edge, kGeneratorMaxLongEdge);
  EXPECT_EQ(processor.renders.at(0).input, "pixels(4096x2048)");
  EXPECT_EQ(processor.renders.at(0).long_edge, 7680);
}

TEST_F(Artworks, AnImportedOffer_IsRenderedFromItsPrivateOriginal) {
  const auto file = fetch(ann, own(ann, imported, 3000, "Full size"));
  ASSERT_TRUE(file) << file.error().detail;
  EXPECT_THAT(generator.requests, IsEmpty());
  ASSERT_THAT(processor.renders, SizeIs(1));
  EXPECT_EQ(processor.renders[0].input, "ORIGINAL");
  EXPECT_EQ(processor.renders[0].long_edge, 3000);
  EXPECT_EQ(file->file_name, "old-harbour-Full-size.jpg");
}

TEST_F(Artworks, AnotherUsersOrAnUnknownArtwork_IsNotFoundAndNothingIsRendered) {
  const auto id = own(ann, generated, 1920, "HD");
  const auto foreign = fetch(bob, id);
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().kind, ErrorKind::NotFound);
  const auto unknown = fetch(ann, ArtworkId{99});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_THAT(generator.requests, IsEmpty());
  EXPECT_THAT(processor.renders, IsEmpty());
}

TEST_F(Artworks, AMissingOriginalOrAFailingGenerator_IsAnInternalError) {
  originals.blobs.clear();
  const auto missing = fetch(ann, own(ann, imported, 1920, "HD"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ErrorKind::Internal);
  generator.fail = true;
  const auto failed = fetch(ann, own(ann, generated, 1920, "HD"));
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().kind, ErrorKind::Internal);
  EXPECT_NE(failed.error().detail.find("the generator is down"), std::string::npos);
}

TEST_F(Artworks, TheSecondDownloadOfASize_ReadsTheStoredFileInsteadOfRendering) {
  const auto first = fetch(ann, own(ann, generated, 1920, "HD"));
  ASSERT_TRUE(first) << first.error().detail;
  const auto stored = originals.blobs.size();
  EXPECT_EQ(originals.blobs.at(first->version), "jpeg@1920");

  // Another owner of the same size shares the file.
  const auto second = fetch(bob, own(bob, generated, 1920, "HD"));
  ASSERT_TRUE(second) << second.error().detail;
  EXPECT_THAT(generator.requests, SizeIs(1));
  EXPECT_THAT(processor.renders, SizeIs(1));
  EXPECT_EQ(originals.blobs.size(), stored);
  EXPECT_EQ(second->version, first->version);
  EXPECT_EQ(second->image.bytes, "jpeg@1920");
  EXPECT_EQ(second->file_name, "neon-alley-HD.jpg");
  EXPECT_EQ(second->image.width, 1920);
  EXPECT_EQ(second->image.height, 1080);
}

TEST_F(Artworks, AClientHoldingTheStoredVersion_IsToldItIsNotModified) {
  const auto id = own(ann, imported, 1920, "HD");
  const auto first = fetch(ann, id);
  ASSERT_TRUE(first) << first.error().detail;
  const auto again = download({.caller = ann, .id = id, .held_versions = {"old", first->version}});
  ASSERT_TRUE(again) << again.error().detail;
  EXPECT_TRUE(again->not_modified);
  EXPECT_EQ(again->version, first->version);
  EXPECT_THAT(again->image.bytes, IsEmpty());
  const auto stale = download({.caller = ann, .id = id, .held_versions = {"old"}});
  ASSERT_TRUE(stale);
  EXPECT_FALSE(stale->not_modified);
  EXPECT_EQ(stale->image.bytes, "jpeg@1920");
  EXPECT_THAT(processor.renders, SizeIs(1));
}

TEST_F(Artworks, AHead_RendersOnlyTheFirstTimeAndNeverReadsTheFile) {
  const auto id = own(ann, imported, 1920, "HD");
  const auto first = download({.caller = ann, .id = id, .bytes_wanted = false});
  ASSERT_TRUE(first) << first.error().detail;
  EXPECT_THAT(first->image.bytes, IsEmpty());
  EXPECT_FALSE(first->version.empty());
  const auto second = download({.caller = ann, .id = id, .bytes_wanted = false});
  ASSERT_TRUE(second);
  EXPECT_EQ(second->version, first->version);
  EXPECT_THAT(second->image.bytes, IsEmpty());
  EXPECT_THAT(processor.renders, SizeIs(1));
}

TEST_F(Artworks, AnotherUsersArtwork_IsNotFoundEvenForAClientHoldingItsVersion) {
  const auto id = own(ann, imported, 1920, "HD");
  const auto first = fetch(ann, id);
  ASSERT_TRUE(first);
  const auto foreign = download({.caller = bob, .id = id, .held_versions = {first->version}});
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().kind, ErrorKind::NotFound);
}

TEST(ArtworkSizes, TheShorterSideFollowsTheProportionsRoundedHalfUp) {
  EXPECT_EQ(size_at_long_edge(4096, 2304, 1920), (ImageSize{1920, 1080}));
  EXPECT_EQ(size_at_long_edge(2304, 4096, 3840), (ImageSize{2160, 3840}));
  EXPECT_EQ(size_at_long_edge(4096, 4096, 1920), (ImageSize{1920, 1920}));
  EXPECT_EQ(size_at_long_edge(3, 2, 5), (ImageSize{5, 3}));       // 3.33 -> 3
  EXPECT_EQ(size_at_long_edge(4, 3, 2), (ImageSize{2, 2}));       // 1.5 -> 2
  EXPECT_EQ(size_at_long_edge(1000, 1, 10), (ImageSize{10, 1}));  // never 0
  EXPECT_EQ(size_at_long_edge(0, 100, 10), (ImageSize{}));
}

TEST(ArtworkFileNames, KeepOnlySafeCharactersOfTheSizeName) {
  EXPECT_EQ(artwork_file_name("misty-harbour", "4K"), "misty-harbour-4K.jpg");
  EXPECT_EQ(artwork_file_name("misty-harbour", "Full size"), "misty-harbour-Full-size.jpg");
  EXPECT_EQ(artwork_file_name("a", "x\"/\\y"), "a-x---y.jpg");
}

}  // namespace
}  // namespace artshop
