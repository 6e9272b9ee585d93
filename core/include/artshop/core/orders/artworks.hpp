#pragma once

#include <string>
#include <string_view>

#include "artshop/core/catalogue/aspect_ratio.hpp"

// The sizes and file names of the pictures customers own.
namespace artshop {

// The largest long edge the image generator draws (ImageGenerator's adapters refuse more).
inline constexpr int kGeneratorMaxLongEdge = 4096;

// The pixel size of a `width` x `height` picture scaled so that its longer side is
// `long_edge`: the shorter side keeps the proportions, rounded half-up to whole pixels and at
// least 1 (what ImageProcessor::render_at makes of it).
ImageSize size_at_long_edge(int width, int height, int long_edge) noexcept;

// "<urlName>-<sizeName>.jpg" with anything but ASCII letters, digits, '-' and '_' in the size
// name turned into '-': "misty-harbour-4K.jpg", "misty-harbour-Full-size.jpg".
std::string artwork_file_name(std::string_view url_name, std::string_view size_name);

}  // namespace artshop
