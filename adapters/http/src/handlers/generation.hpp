#pragma once

#include "artshop/http/api.hpp"

namespace artshop::http::handlers {

// POST /api/generated-images: one PNG, or a ZIP of PNGs when more than one came back, as an
// attachment; 200 when every image asked for came back, 206 when fewer did.
Handler generate_images(const GenerationApi& api);
Handler list_generated_images(const GenerationApi& api);     // GET /api/generated-images
Handler get_generation_allowance(const GenerationApi& api);  // GET .../allowance
Handler download_generated_image(const GenerationApi& api);  // GET .../{id}/file

}  // namespace artshop::http::handlers
