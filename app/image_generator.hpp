#pragma once

#include <memory>

#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "config.hpp"

namespace artshop::app {

// The generator generation.provider names: the built-in procedural one, or a client of a
// remote service that decodes its PNGs with `decoder` (which must outlive it).
std::unique_ptr<ImageGenerator> make_image_generator(const Config::ImageGenerator& settings,
                                                     ImageProcessor& decoder);

}  // namespace artshop::app
