#include "mood.hpp"

#include <array>
#include <cstdint>

#include "random.hpp"

namespace artshop::imagegen {
namespace {

struct HueWord {
  std::string_view word;
  float hue;
};

constexpr std::array<HueWord, 34> kHueWords{{
    {"red", 0},         {"crimson", 350}, {"scarlet", 5},   {"ruby", 345},    {"fire", 12},
    {"orange", 28},     {"amber", 38},    {"autumn", 30},   {"gold", 45},     {"golden", 45},
    {"yellow", 52},     {"sunny", 50},    {"desert", 38},   {"green", 120},   {"forest", 125},
    {"jungle", 115},    {"emerald", 145}, {"meadow", 95},   {"spring", 100},  {"teal", 175},
    {"turquoise", 172}, {"blue", 220},    {"ocean", 205},   {"sea", 200},     {"sapphire", 225},
    {"winter", 205},    {"ice", 195},     {"purple", 275},  {"violet", 270},  {"lavender", 265},
    {"pink", 330},      {"rose", 340},    {"magenta", 315}, {"blossom", 335},
}};
constexpr std::array<std::string_view, 7> kNightWords{"night",   "midnight", "dark",  "moon",
                                                      "moonlit", "stars",    "starry"};
constexpr std::array<std::string_view, 6> kDuskWords{"sunset", "sunrise", "dusk",
                                                     "dawn",   "evening", "twilight"};

char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
bool is_letter(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool same_word(std::string_view word, std::string_view lower_case) noexcept {
  if (word.size() != lower_case.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (lower(word[i]) != lower_case[i]) return false;
  }
  return true;
}

void apply_word(std::string_view word, Mood& mood) noexcept {
  for (const auto& entry : kHueWords) {
    // The first colour word wins: "red roses in a green vase" is a red picture.
    if (!mood.hue_named && same_word(word, entry.word)) {
      mood.hue = entry.hue;
      mood.hue_named = true;
    }
  }
  for (const auto night_word : kNightWords) mood.night = mood.night || same_word(word, night_word);
  for (const auto dusk_word : kDuskWords) mood.dusk = mood.dusk || same_word(word, dusk_word);
}

}  // namespace

Mood mood_of(std::string_view prompt) noexcept {
  Mood mood;
  mood.hue = static_cast<float>(mix64(fnv1a(prompt)) % 360U);
  std::size_t start = 0;
  while (start < prompt.size()) {
    while (start < prompt.size() && !is_letter(prompt[start])) ++start;
    std::size_t end = start;
    while (end < prompt.size() && is_letter(prompt[end])) ++end;
    if (end > start) apply_word(prompt.substr(start, end - start), mood);
    start = end;
  }
  return mood;
}

}  // namespace artshop::imagegen
