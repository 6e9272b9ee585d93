#pragma once

#include <cstdint>

// Value noise: smooth, repeatable randomness over the plane for clouds, mist, mountain ridges
// and paper grain. Integer hashing keeps it identical everywhere.
namespace artshop::imagegen {

// A hash of a lattice point to [0, 1).
float lattice(std::int64_t x, std::int64_t y, std::uint64_t seed) noexcept;

// Smoothly interpolated noise in [0, 1), one feature per unit.
float value_noise(float x, float y, std::uint64_t seed) noexcept;
float value_noise(float x, std::uint64_t seed) noexcept;

// Fractal sums of `octaves` layers, each at twice the frequency and half the weight, in [0, 1).
float fbm(float x, float y, std::uint64_t seed, int octaves) noexcept;
float fbm(float x, std::uint64_t seed, int octaves) noexcept;

}  // namespace artshop::imagegen
