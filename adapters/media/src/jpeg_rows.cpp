#include "jpeg_rows.hpp"

// jpeglib.h needs size_t and FILE declared before it.
#include <jpeglib.h>

#include <csetjmp>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace artshop::media {

// libjpeg reports an error by calling error_exit, which must not return: it jumps back to
// the call that started the step (none of them holds an object with a destructor), which
// then throws.
struct JpegRowWriter::State {
  jpeg_compress_struct compress{};
  jpeg_error_mgr errors{};
  std::jmp_buf failed{};
  char message[JMSG_LENGTH_MAX]{};
  unsigned char* bytes = nullptr;  // libjpeg's growing output buffer, from malloc
  unsigned long size = 0;          // NOLINT(google-runtime-int): libjpeg's own type
  bool created = false;

  ~State() {
    if (created) jpeg_destroy_compress(&compress);
    std::free(bytes);  // NOLINT(cppcoreguidelines-no-malloc): allocated by libjpeg
  }
};

namespace {

using State = JpegRowWriter::State;

[[noreturn]] void jump_back(j_common_ptr common) {
  auto* state = static_cast<State*>(common->client_data);
  (*common->err->format_message)(common, state->message);
  std::longjmp(state->failed, 1);  // NOLINT(cert-err52-cpp): libjpeg's way out of an error
}

// Each step returns false when libjpeg failed, its message in the state.
bool start(State& state, int width, int height, int quality) noexcept {
  state.compress.err = jpeg_std_error(&state.errors);
  state.errors.error_exit = jump_back;
  state.compress.client_data = &state;
  if (setjmp(state.failed) != 0) return false;  // NOLINT(cert-err52-cpp)
  jpeg_create_compress(&state.compress);
  state.created = true;
  jpeg_mem_dest(&state.compress, &state.bytes, &state.size);
  state.compress.image_width = static_cast<JDIMENSION>(width);
  state.compress.image_height = static_cast<JDIMENSION>(height);
  state.compress.input_components = 3;
  state.compress.in_color_space = JCS_RGB;
  jpeg_set_defaults(&state.compress);
  jpeg_set_quality(&state.compress, quality, TRUE);
  state.compress.write_JFIF_header = FALSE;  // no metadata, as libvips with "strip"
  jpeg_start_compress(&state.compress, TRUE);
  return true;
}

bool write_rows(State& state, const std::uint8_t* rows, std::size_t count,
                std::size_t row_bytes) noexcept {
  if (setjmp(state.failed) != 0) return false;  // NOLINT(cert-err52-cpp)
  for (std::size_t i = 0; i < count; ++i) {
    // libjpeg only reads the row, through a pointer type without const.
    JSAMPROW row = const_cast<std::uint8_t*>(rows + i * row_bytes);
    jpeg_write_scanlines(&state.compress, &row, 1);
  }
  return true;
}

bool finish_file(State& state) noexcept {
  if (setjmp(state.failed) != 0) return false;  // NOLINT(cert-err52-cpp)
  jpeg_finish_compress(&state.compress);
  return true;
}

[[noreturn]] void fail(const State& state) {
  throw std::runtime_error(std::string("cannot write the JPEG: ") + state.message);
}

}  // namespace

JpegRowWriter::JpegRowWriter(int width, int height, int quality)
    : state_(std::make_unique<State>()), width_(width), height_(height) {
  if (width <= 0 || height <= 0) throw std::invalid_argument("a JPEG needs a size");
  if (!start(*state_, width, height, quality)) fail(*state_);
}

JpegRowWriter::~JpegRowWriter() = default;

void JpegRowWriter::write(std::span<const std::uint8_t> rgb) {
  const auto row_bytes = static_cast<std::size_t>(width_) * 3;
  const std::size_t count = rgb.size() / row_bytes;
  const std::size_t left = static_cast<std::size_t>(height_) - state_->compress.next_scanline;
  if (rgb.size() % row_bytes != 0 || count > left) {
    throw std::invalid_argument("a JPEG takes whole rows, up to its height");
  }
  if (!write_rows(*state_, rgb.data(), count, row_bytes)) fail(*state_);
}

std::string JpegRowWriter::finish() {
  if (state_->compress.next_scanline != static_cast<JDIMENSION>(height_)) {
    throw std::logic_error("a JPEG is finished once all its rows are written");
  }
  if (!finish_file(*state_)) fail(*state_);
  return {reinterpret_cast<const char*>(state_->bytes), state_->size};
}

}  // namespace artshop::media
