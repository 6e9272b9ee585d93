# Writes a C++ source defining `std::string_view FUNCTION()` that answers the bytes of INPUT.
# Bytes, not a string literal: the list is larger than the 64 KiB literal ISO C++ guarantees.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){24})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}"
  "// Generated from ${INPUT}; do not edit.\n"
  "#include <string_view>\n\n"
  "namespace artshop {\n"
  "namespace {\n"
  "constexpr char kText[] = {\n${bytes}};\n"
  "}  // namespace\n\n"
  "std::string_view ${FUNCTION}() { return {kText, sizeof kText}; }\n\n"
  "}  // namespace artshop\n")
