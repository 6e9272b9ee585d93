#pragma once

#include <cstdint>
#include <vector>

#include "canvas.hpp"
#include "mood.hpp"
#include "random.hpp"

// One painter per style (styles/*.cpp) and the few drawing helpers several of them share.
namespace artshop::imagegen {

using Painter = void (*)(Canvas&, Random&, const Mood&);

void paint_none(Canvas& canvas, Random& random, const Mood& mood);
void paint_exclusive(Canvas& canvas, Random& random, const Mood& mood);
void paint_abstract(Canvas& canvas, Random& random, const Mood& mood);
void paint_anime(Canvas& canvas, Random& random, const Mood& mood);
void paint_cyberpunk(Canvas& canvas, Random& random, const Mood& mood);
void paint_fantasy(Canvas& canvas, Random& random, const Mood& mood);
void paint_impressionism(Canvas& canvas, Random& random, const Mood& mood);
void paint_minimalism(Canvas& canvas, Random& random, const Mood& mood);
void paint_photorealism(Canvas& canvas, Random& random, const Mood& mood);
void paint_pop_art(Canvas& canvas, Random& random, const Mood& mood);
void paint_watercolor(Canvas& canvas, Random& random, const Mood& mood);

// Sky-like backdrop: `top` at y = 0 blending to `bottom` at y = until (and below).
void vertical_gradient(Canvas& canvas, Colour top, Colour bottom, float until);

// A skyline of hills or mountains: per column the y of the top edge, around `base` and up to
// `amplitude` higher, with features about `feature` pixels wide. Sharp lines have peaks.
std::vector<float> ridge_line(int width, float base, float amplitude, float feature,
                              std::uint64_t seed, bool sharp);

// Gentle rolling line from a few sine waves.
std::vector<float> wave_line(int width, float base, float amplitude, float wavelength,
                             Random& random);

// How many of something to scatter so that density stays the same at any size.
int scaled_count(const Canvas& canvas, float per_megapixel);

}  // namespace artshop::imagegen
