#include "artshop/core/generation/generate_images.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <exception>
#include <limits>

#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/text.hpp"
#include "generation_day.hpp"

namespace artshop {
namespace {

constexpr std::int64_t kMaxSeed = std::numeric_limits<std::uint32_t>::max();

struct ValidRequest {
  std::string prompt;
  ArtStyle style = ArtStyle::None;
  AspectRatio aspect_ratio = AspectRatio::R1x1;
  int count = 1;
  std::optional<std::uint32_t> seed;
};

template <class Names>
std::string choices(const Names& names) {
  std::string listed;
  for (const auto& candidate : names) {
    listed += listed.empty() ? "" : ", ";
    listed += name(candidate);
  }
  return listed;
}

std::expected<ValidRequest, ValidationErrors> validate(const GenerateImagesCommand& command) {
  // A field the adapter could not read already has its message; it gets no second one.
  auto errors = command.unreadable;
  const auto unread = [&](std::string_view field) { return command.unreadable.has(field); };
  ValidRequest request;

  request.prompt = std::string(text::trim(command.prompt));
  const auto length = text::utf8_length(request.prompt);
  if (!unread("prompt") && (!length || *length == 0 || *length > kMaxPromptLength)) {
    errors.add("prompt", fmt::format("prompt must be 1 to {} characters.", kMaxPromptLength));
  } else if (!unread("prompt") &&
             text::has_control_characters_besides_line_breaks(request.prompt)) {
    // Typed in a box of several lines: its line breaks are text.
    errors.add("prompt", "prompt contains characters that are not allowed.");
  }
  if (const auto style = parse_art_style(text::trim(command.style))) {
    request.style = *style;
  } else if (!unread("style")) {
    errors.add("style", fmt::format("style must be one of {}.", choices(kAllArtStyles)));
  }
  if (const auto ratio = parse_aspect_ratio(text::trim(command.aspect_ratio))) {
    request.aspect_ratio = *ratio;
  } else if (!unread("aspectRatio")) {
    errors.add("aspectRatio",
               fmt::format("aspectRatio must be one of {}.", choices(kAllAspectRatios)));
  }
  const auto count = command.count.value_or(1);
  if (count >= 1 && count <= kMaxImagesPerRequest) {
    request.count = static_cast<int>(count);
  } else if (!unread("count")) {
    errors.add("count",
               fmt::format("count must be a whole number from 1 to {}.", kMaxImagesPerRequest));
  }
  if (command.seed) {
    if (*command.seed >= 0 && *command.seed <= kMaxSeed) {
      request.seed = static_cast<std::uint32_t>(*command.seed);
    } else if (!unread("seed")) {
      errors.add("seed", fmt::format("seed must be a whole number from 0 to {}.", kMaxSeed));
    }
  }
  if (!errors.empty()) return std::unexpected(std::move(errors));
  return request;
}

std::uint32_t random_seed(RandomSource& random) {
  std::array<std::byte, sizeof(std::uint32_t)> bytes{};
  random.fill(bytes);
  std::uint32_t seed = 0;
  for (const auto byte : bytes) seed = (seed << 8U) | std::to_integer<std::uint32_t>(byte);
  return seed;
}

// The price of each image the caller can have, in order, up to `wanted`: free ones while the
// day's quota lasts, then paid ones while the balance covers a whole image.
std::vector<std::int64_t> prices_of_affordable(const GenerationRules& rules, int free_used,
                                               std::int64_t balance_micro_eur, int wanted) {
  std::vector<std::int64_t> prices;
  int free_left = std::max(0, rules.free_per_day - free_used);
  const auto price_micro_eur = rules.price_eur_cents * kMicroEurPerCent;
  while (std::ssize(prices) < wanted) {
    if (free_left > 0) {
      --free_left;
      prices.push_back(0);
    } else if (balance_micro_eur >= price_micro_eur) {
      balance_micro_eur -= price_micro_eur;
      prices.push_back(rules.price_eur_cents);
    } else {
      break;
    }
  }
  return prices;
}

std::vector<std::int64_t> affordable_now(GeneratedImageRepository& images, Ledger& ledger,
                                         const GenerationRules& rules, UserId user,
                                         std::chrono::sys_seconds day, int wanted) {
  return prices_of_affordable(rules, images.count_free_since(user, day),
                              ledger.customer_balance(user), wanted);
}

// Customer balance -> generation revenue, one posting per paid image.
Result<void> charge(Ledger& ledger, const GeneratedImage& image) {
  const Money price(image.price_eur_cents, Currency::EUR);
  const Rate euro{Rate::kScale};
  const auto micro_eur = image.price_eur_cents * kMicroEurPerCent;
  auto posting =
      Posting::Builder(fmt::format("generated-image:{}", image.id.value), image.created_at)
          .debit(LedgerAccount::customer(image.owner), micro_eur, price, euro)
          .credit(LedgerAccount::generation_revenue(), micro_eur, price, euro)
          .build();
  if (!posting) return std::unexpected(Error::internal(std::string(describe(posting.error()))));
  ledger.post(*posting);
  return {};
}

struct Drawn {
  GeneratedPicture picture;
  EncodedImage png;
  std::string blob_key;
};

}  // namespace

Result<GeneratedImages> GenerateImages::operator()(const GenerateImagesCommand& command) {
  auto valid = validate(command);
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  const auto& requested_seed = valid->seed;
  const auto seed = requested_seed ? *requested_seed : random_seed(random_);
  const auto day = detail::start_of_day(clock_.now());

  const auto affordable = transactions_.read([&](Ports::Scope& tx) -> Result<int> {
    const auto prices = affordable_now(tx.get<GeneratedImageRepository>(), tx.get<Ledger>(), rules_,
                                       command.user, day, valid->count);
    return static_cast<int>(prices.size());
  });
  if (!affordable) return std::unexpected(affordable.error());
  if (*affordable == 0) return std::unexpected(Error::general(std::string(kInsufficientBalance)));

  // Drawing takes seconds: it holds no connection and no lock.
  std::vector<Drawn> drawn;
  try {
    auto batch = generator_.generate_batch({.prompt = valid->prompt,
                                            .style = valid->style,
                                            .aspect_ratio = valid->aspect_ratio,
                                            .seed = seed,
                                            .long_edge = kGeneratedLongEdge},
                                           *affordable);
    if (batch.pictures.empty()) {
      const auto cause = batch.shortfall.empty() ? "it made no image" : batch.shortfall;
      return std::unexpected(Error::general(fmt::format("{}{}", kGeneratorFailed, cause)));
    }
    for (auto& picture : batch.pictures) {
      auto png = processor_.encode_png(picture.image);
      auto key = originals_.put(png.bytes, extension(png.format));
      drawn.push_back({std::move(picture), std::move(png), std::move(key)});
    }
  } catch (const std::exception& error) {
    return std::unexpected(
        Error::internal(fmt::format("generating images failed: {}", error.what())));
  }

  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  // The work only reads what was drawn: it may run again, and the bytes are handed over once,
  // after the commit.
  auto kept = transactions_.write([&](Ports::Scope& tx) -> Result<std::vector<GeneratedImage>> {
    auto& images = tx.get<GeneratedImageRepository>();
    auto& ledger = tx.get<Ledger>();
    // Parallel requests of the same caller may have taken the quota or the balance since.
    const auto prices =
        affordable_now(images, ledger, rules_, command.user, day, static_cast<int>(drawn.size()));
    if (prices.empty()) return std::unexpected(Error::general(std::string(kInsufficientBalance)));
    std::vector<GeneratedImage> stored;
    for (std::size_t i = 0; i < prices.size(); ++i) {
      const auto& [picture, png, key] = drawn[i];
      GeneratedImage image{
          .id = {},
          .owner = command.user,
          .prompt = valid->prompt,
          .style = valid->style,
          .aspect_ratio = valid->aspect_ratio,
          .seed = picture.seed,
          .width = png.width,
          .height = png.height,
          .blob_key = key,
          .file_name = generated_file_name(valid->prompt, valid->style, picture.seed, "png"),
          .price_eur_cents = prices[i],
          .created_at = now};
      image.id = images.add(image);
      if (image.price_eur_cents > 0) {
        if (auto charged = charge(ledger, image); !charged) return std::unexpected(charged.error());
      }
      stored.push_back(std::move(image));
    }
    return stored;
  });
  if (!kept) return std::unexpected(kept.error());
  std::vector<GeneratedImageFile> files;
  for (std::size_t i = 0; i < kept->size(); ++i) {
    files.push_back({std::move((*kept)[i]), std::move(drawn[i].png.bytes)});
  }
  return GeneratedImages{.requested = valid->count, .first_seed = seed, .images = std::move(files)};
}

}  // namespace artshop
