#pragma once

#include <filesystem>
#include <string_view>

namespace artshop::testing {

// A fresh directory under the system's temporary folder, removed with everything in it when
// the object goes away.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const noexcept { return path_; }

  // Writes `content` to `relative` below the directory, creating folders on the way.
  std::filesystem::path write(std::string_view relative, std::string_view content) const;

 private:
  std::filesystem::path path_;
};

}  // namespace artshop::testing
