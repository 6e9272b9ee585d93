#pragma once

#include <string_view>

namespace artshop::imagegen {

// What the prompt asks of every style: its colour and its time of day. A colour word ("red",
// "ocean", "forest") sets the hue; without one the hue comes from a hash of the prompt, so a
// prompt keeps its own colour across seeds. Styles keep their character and only lean on it.
struct Mood {
  float hue = 0;           // degrees
  bool hue_named = false;  // the prompt named a colour
  bool night = false;      // "night", "dark", "moon", "stars", ...
  bool dusk = false;       // "sunset", "dawn", "dusk", "evening", ...
};

Mood mood_of(std::string_view prompt) noexcept;

}  // namespace artshop::imagegen
