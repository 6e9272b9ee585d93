#include "artshop/core/generation/generated_image.hpp"

#include <fmt/format.h>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::size_t kMaxSlugLength = 40;

}  // namespace

std::string generated_file_name(std::string_view prompt, ArtStyle style, std::uint32_t seed,
                                std::string_view extension) {
  auto slug = slugify(prompt);
  if (slug.size() > kMaxSlugLength) slug.resize(kMaxSlugLength);
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  if (slug.empty()) slug = "image";
  return fmt::format("{}-{}-{}.{}", slug, text::to_lower_ascii(name(style)), seed, extension);
}

}  // namespace artshop
