#include "support/unzip.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

// The command's output; throws when it exits with an error.
std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>&1").c_str(), "r"), pclose);
  if (!pipe) throw std::runtime_error("cannot run: " + command);
  std::string output;
  std::array<char, 512> chunk{};
  while (const auto read = std::fread(chunk.data(), 1, chunk.size(), pipe.get())) {
    output.append(chunk.data(), read);
  }
  if (pclose(pipe.release()) != 0) throw std::runtime_error(command + ": " + output);
  return output;
}

}  // namespace

std::map<std::string, std::string> unzip_with_python(std::string_view archive) {
  const TempDir dir;
  const auto file = dir.write("archive.zip", archive);
  const auto out = dir.path() / "extracted";
  // -t reports a bad CRC in its output but still exits 0.
  if (const auto tested = run("python3 -m zipfile -t '" + file.string() + "'");
      tested.find("corrupted") != std::string::npos) {
    throw std::runtime_error("python3 -m zipfile -t: " + tested);
  }
  run("python3 -m zipfile -e '" + file.string() + "' '" + out.string() + "'");
  std::map<std::string, std::string> files;
  if (!std::filesystem::exists(out)) return files;  // an archive with no entries
  for (const auto& entry : std::filesystem::recursive_directory_iterator(out)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    files[std::filesystem::relative(entry.path(), out).generic_string()] =
        std::string(std::istreambuf_iterator<char>(in), {});
  }
  return files;
}

}  // namespace artshop::testing
