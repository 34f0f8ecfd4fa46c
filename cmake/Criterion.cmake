# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# ce_add_criterion_test(NAME <name> BITS 64|32 SOURCES <file>...
#                       [LIBS <lib>...] [INCLUDES <dir>...] [LABELS <label>...])
#
# Builds the Criterion test program <name> from SOURCES and registers it as
# the ctest test <name>.
#   BITS 64   native x86_64 build, linked with the system libcriterion
#             (scripts/deps build installs it).
#   BITS 32   built and linked with -m32 against the i386 Criterion that
#             scripts/criterion-i386 unpacks into build/deps/criterion-i386/
#             (CE_CRITERION_I386_DIR); the test runs with the LD_LIBRARY_PATH
#             that Criterion's indirect dependencies need.  The label "m32"
#             is added, so `ctest -L m32` runs only 32-bit programs.
#   LIBS      further libraries or targets to link (build them for the same
#             BITS yourself).
#   INCLUDES  further include directories, searched before Criterion's.
#   LABELS    ctest labels, e.g. unit.
# The signature is stable: other parts of the tree call it.

# CE_M32_NO_ASAN: see the top-level CMakeLists.txt.

set(CE_CRITERION_I386_DIR "${CMAKE_SOURCE_DIR}/build/deps/criterion-i386"
    CACHE PATH "Folder scripts/criterion-i386 unpacks the i386 Criterion into")

find_path(CE_CRITERION_INCLUDE_DIR criterion/criterion.h)
find_library(CE_CRITERION_LIBRARY criterion)
if(NOT CE_CRITERION_INCLUDE_DIR OR NOT CE_CRITERION_LIBRARY)
  message(FATAL_ERROR "Criterion not found: install libcriterion-dev (scripts/deps build), or configure with -DBUILD_TESTING=OFF")
endif()

# Checked on the first BITS 32 test, so a tree without one does not need it.
function(_ce_require_criterion_i386)
  set(dir "${CE_CRITERION_I386_DIR}")
  if(NOT EXISTS "${dir}/.complete"
     OR NOT EXISTS "${dir}/usr/lib/i386-linux-gnu/libcriterion.so")
    message(FATAL_ERROR
      "i386 Criterion missing in ${dir}: run scripts/criterion-i386 first")
  endif()
endfunction()

function(ce_add_criterion_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;BITS"
                        "SOURCES;LIBS;INCLUDES;LABELS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "ce_add_criterion_test: unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_NAME OR NOT arg_SOURCES)
    message(FATAL_ERROR "ce_add_criterion_test: NAME and SOURCES are required")
  endif()

  add_executable(${arg_NAME} ${arg_SOURCES})
  target_include_directories(${arg_NAME} PRIVATE ${arg_INCLUDES})
  target_link_libraries(${arg_NAME} PRIVATE ${arg_LIBS})
  add_test(NAME ${arg_NAME} COMMAND ${arg_NAME})
  set_tests_properties(${arg_NAME} PROPERTIES TIMEOUT 120)

  if(arg_BITS STREQUAL "64")
    target_include_directories(${arg_NAME} SYSTEM PRIVATE
                               "${CE_CRITERION_INCLUDE_DIR}")
    target_link_libraries(${arg_NAME} PRIVATE "${CE_CRITERION_LIBRARY}")
    set(labels ${arg_LABELS})
  elseif(arg_BITS STREQUAL "32")
    _ce_require_criterion_i386()
    ce_needs_i386_host(${arg_NAME})
    set(dir "${CE_CRITERION_I386_DIR}")
    set(libdirs "${dir}/usr/lib/i386-linux-gnu" "${dir}/lib/i386-linux-gnu")
    list(JOIN libdirs ":" libpath)
    target_compile_options(${arg_NAME} PRIVATE -m32 ${CE_M32_NO_ASAN})
    target_include_directories(${arg_NAME} SYSTEM PRIVATE "${dir}/usr/include")
    # rpath-link lets the linker resolve libcriterion's own dependencies.
    # -no-pie: BoxFort maps its arena into each test worker at the
    # runner's address with MAP_FIXED, chosen in 0x40000000-0xa0000000 on
    # 32-bit, where a PIE worker's heap lies when ASLR moves it there; a
    # non-PIE test's heap starts below 0x10000000.
    target_link_options(${arg_NAME} PRIVATE -m32 -no-pie ${CE_M32_NO_ASAN}
                        "LINKER:-rpath-link,${libpath}")
    target_link_libraries(${arg_NAME} PRIVATE
                          "${dir}/usr/lib/i386-linux-gnu/libcriterion.so")
    # RUNPATH does not reach indirect dependencies; LD_LIBRARY_PATH does.
    set_tests_properties(${arg_NAME} PROPERTIES
                         ENVIRONMENT "LD_LIBRARY_PATH=${libpath}")
    set(labels ${arg_LABELS} m32)
  else()
    message(FATAL_ERROR
      "ce_add_criterion_test(${arg_NAME}): BITS must be 64 or 32, not '${arg_BITS}'")
  endif()

  if(labels)
    set_tests_properties(${arg_NAME} PROPERTIES LABELS "${labels}")
  endif()
endfunction()
