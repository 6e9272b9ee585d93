# Fails when a file under DIR includes a header outside its allow-list: the C++ standard
# library, DIR's own headers (quoted, found next to the including file or under DIR's src/ or
# include/), and the entries of ALLOWED, separated by "|": prefixes ending in "/" ("fmt/",
# "artshop/sql/") or whole names ("libpq-fe.h").
# Run as a script: cmake -DDIR=<folder> -DNAME=<rule> -DALLOWED=<entries> -P include_rule.cmake
cmake_minimum_required(VERSION 3.25)

set(standard_headers
  algorithm any array atomic barrier bit bitset charconv chrono compare complex concepts
  condition_variable coroutine deque exception execution expected filesystem format
  forward_list fstream functional future initializer_list iomanip ios iosfwd iostream istream
  iterator latch limits list locale map memory memory_resource mutex new numbers numeric
  optional ostream print queue random ranges ratio regex scoped_allocator semaphore set
  shared_mutex source_location span spanstream sstream stack stacktrace stdexcept stop_token
  streambuf string string_view syncstream system_error thread tuple type_traits typeindex
  typeinfo unordered_map unordered_set utility valarray variant vector version
  cassert cctype cerrno cfenv cfloat cinttypes climits clocale cmath csetjmp csignal cstdarg
  cstddef cstdint cstdio cstdlib cstring ctime cuchar cwchar cwctype)

string(REPLACE "|" ";" ALLOWED "${ALLOWED}")
file(GLOB_RECURSE files "${DIR}/*.hpp" "${DIR}/*.cpp" "${DIR}/*.h")
set(offenders "")
foreach(file IN LISTS files)
  file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include")
  get_filename_component(here "${file}" DIRECTORY)
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]")
      list(APPEND offenders "${file}: ${line} (not a plain include)")
      continue()
    endif()
    set(header "${CMAKE_MATCH_2}")
    if(header IN_LIST standard_headers)
      continue()
    endif()
    if(CMAKE_MATCH_1 STREQUAL "\"" AND (EXISTS "${here}/${header}" OR EXISTS "${DIR}/src/${header}"
                                         OR EXISTS "${DIR}/include/${header}"))
      continue()
    endif()
    set(allowed FALSE)
    foreach(entry IN LISTS ALLOWED)
      string(LENGTH "${entry}" length)
      string(SUBSTRING "${header}" 0 ${length} start)
      if((entry MATCHES "/$" AND start STREQUAL entry) OR header STREQUAL entry)
        set(allowed TRUE)
        break()
      endif()
    endforeach()
    if(NOT allowed)
      list(APPEND offenders "${file}: ${line}")
    endif()
  endforeach()
endforeach()
if(offenders)
  list(JOIN offenders "\n" report)
  list(JOIN ALLOWED " " allowed_text)
  message(FATAL_ERROR "${NAME} may include the standard library, its own headers and "
                      "${allowed_text} only:\n${report}")
endif()
list(LENGTH files count)
message(STATUS "${NAME}: the include rule holds for ${count} files")
