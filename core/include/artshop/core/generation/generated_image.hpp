#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/aspect_ratio.hpp"
#include "artshop/core/ids.hpp"

// Pictures drawn for a customer on request (DESIGN.md section 7) and where they are kept.
namespace artshop {

using GeneratedImageId = Id<struct GeneratedImageTag>;

// One picture as its owner's list shows it; the PNG itself is in the private blob store.
struct GeneratedImage {
  GeneratedImageId id;  // assigned when it is added
  UserId owner;
  std::string prompt;  // trimmed, as drawn
  ArtStyle style = ArtStyle::None;
  AspectRatio aspect_ratio = AspectRatio::R1x1;
  std::uint32_t seed = 0;
  int width = 0;
  int height = 0;
  std::string blob_key;              // in the private store, never served under /media/
  std::string file_name;             // "<prompt-slug>-<style-lower>-<seed>.png"
  std::int64_t price_eur_cents = 0;  // 0 for one of the day's free images
  std::chrono::sys_seconds created_at;
  friend bool operator==(const GeneratedImage&, const GeneratedImage&) = default;
};

struct GeneratedImagePage {
  std::vector<GeneratedImage> items;
  int total = 0;
};

// Runs inside the transaction that handed it out.
class GeneratedImageRepository {
 public:
  virtual ~GeneratedImageRepository() = default;
  // Stores the image; its id is assigned.
  virtual GeneratedImageId add(const GeneratedImage& image) = 0;
  virtual std::optional<GeneratedImage> find(GeneratedImageId id) = 0;
  // The owner's images, newest first (created_at, then id, descending): `limit` of them after
  // skipping `offset`, with the owner's total.
  virtual GeneratedImagePage list_for_user(UserId owner, int offset, int limit) = 0;
  // How many free images (price 0) the owner got at or after `since`.
  virtual int count_free_since(UserId owner, std::chrono::sys_seconds since) = 0;
};

// "<prompt-slug>-<style-lower>-<seed>.<extension>": the slug is the prompt's lower-case ASCII
// letters and digits joined by '-', at most 40 characters, "image" when nothing is left.
std::string generated_file_name(std::string_view prompt, ArtStyle style, std::uint32_t seed,
                                std::string_view extension);

// A stored picture with its PNG bytes.
struct GeneratedImageFile {
  GeneratedImage image;
  std::string png;
};

}  // namespace artshop
