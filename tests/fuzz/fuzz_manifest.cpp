// The import manifest an operator hands to `artshop import DIR`: the input is written as
// DIR/manifest.json when it starts like JSON ('[' or '{'), as DIR/manifest.csv otherwise, and
// read back with read_manifest; the manifest's CSV reader also reads it directly. Nothing may
// crash; every row keeps its place in the manifest and its tags come out trimmed, lower-case
// and non-empty.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "artshop/core/text.hpp"
#include "fuzz/fuzz_input.hpp"
#include "manifest.hpp"

namespace {

using namespace artshop;
namespace fs = std::filesystem;

// In memory where the system offers it: rewriting a file on disk for every input would make
// the target some ten times slower.
fs::path scratch_root() {
  std::error_code error;
  return fs::is_directory("/dev/shm", error) ? fs::path("/dev/shm") : fs::temp_directory_path();
}

// One folder per process, so that two runs of the target never read each other's manifest.
const fs::path& manifest_dir() {
  static const fs::path dir =
      scratch_root() / ("artshop-fuzz-manifest-" + std::to_string(getpid()));
  return dir;
}

bool looks_like_json(std::string_view text) {
  const auto trimmed = text::trim(text);
  return trimmed.starts_with('[') || trimmed.starts_with('{');
}

void write_manifest(std::string_view text) {
  fs::create_directories(manifest_dir());
  const auto name = looks_like_json(text) ? "manifest.json" : "manifest.csv";
  std::ofstream(manifest_dir() / name, std::ios::binary) << text;
}

bool is_clean_tag(const std::string& tag) {
  return !tag.empty() && tag == text::trim(tag) && tag == text::to_lower_ascii(tag);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  (void)app::parse_csv(text);

  write_manifest(text);
  const auto rows = app::read_manifest(manifest_dir());
  // Removed after every input, as libFuzzer leaves without running exit handlers.
  fs::remove_all(manifest_dir());
  if (!rows) return 0;
  // A CSV manifest's first row is its header, so its pictures start on line 2.
  int line = looks_like_json(text) ? 1 : 2;
  for (const auto& row : *rows) {
    fuzz::require(row.line == line++, "each row keeps its place in the manifest");
    for (const auto& tag : row.tags) {
      fuzz::require(is_clean_tag(tag) || looks_like_json(text),
                    "a CSV manifest's tags are trimmed, lower-case and non-empty");
    }
  }
  return 0;
}
