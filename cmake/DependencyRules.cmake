# The architecture as allow-lists, checked on every build. Core may include the standard
# library and fmt only; each adapter names the headers it may include and the libraries it may
# link, and the build fails on anything else: a new dependency is a decision written here.
set(ARTSHOP_INCLUDE_RULE ${CMAKE_CURRENT_LIST_DIR}/include_rule.cmake)

# artshop_dependency_rule(<name> DIR <dir> [TARGETS <target>...] [INCLUDES <allowed>...]
#                         [LINKS <target>...])
# INCLUDES: header prefixes ending in "/" ("boost/", "artshop/sql/") or whole header names.
# LINKS: what TARGETS may link, besides the build's warning flags and the threads library.
function(artshop_dependency_rule name)
  cmake_parse_arguments(PARSE_ARGV 1 rule "" "DIR" "TARGETS;INCLUDES;LINKS")
  # One argument for the script: the list joined with "|", which no header name holds.
  list(JOIN rule_INCLUDES "|" allowed_includes)
  add_custom_target(${name}_dependency_rule ALL
    COMMAND ${CMAKE_COMMAND} -DDIR=${rule_DIR} -DNAME=${name} -DALLOWED=${allowed_includes}
            -P ${ARTSHOP_INCLUDE_RULE}
    COMMENT "Checking what ${name} includes" VERBATIM)
  set(allowed_links ${rule_LINKS} artshop_warnings Threads::Threads)
  foreach(target IN LISTS rule_TARGETS)
    add_dependencies(${target} ${name}_dependency_rule)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(links ${target} INTERFACE_LINK_LIBRARIES)
    else()
      get_target_property(links ${target} LINK_LIBRARIES)
    endif()
    foreach(link IN LISTS links)
      string(REGEX REPLACE "^\\$<BUILD_INTERFACE:(.*)>$" "\\1" link "${link}")
      if(link AND NOT link IN_LIST allowed_links)
        message(FATAL_ERROR "${target} links ${link}, which ${name}'s rule does not allow "
                            "(cmake/DependencyRules.cmake and the rule in adapters/CMakeLists.txt)")
      endif()
    endforeach()
  endforeach()
endfunction()
