#pragma once

#include <map>
#include <string>
#include <string_view>

namespace artshop::testing {

// The files of a ZIP archive by name, read back by Python's zipfile module, an implementation
// independent of ours: `python3 -m zipfile -t` checks every entry's CRC first, then `-e`
// extracts them. Throws std::runtime_error when either refuses the archive.
std::map<std::string, std::string> unzip_with_python(std::string_view archive);

}  // namespace artshop::testing
