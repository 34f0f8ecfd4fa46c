# SPDX-License-Identifier: GPL-2.0 OR MIT
# Included by CMakeLists.txt in this folder.
# Header hygiene of every header in include/uapi/linux/, as the kernel's
# header test and a C library vendoring them would compile it: alone, twice
# (include guard), as strict C90 and as C++98 to C++20, 64- and 32-bit, with
# this tree's C and C++ compilers (GCC in the gcc preset, Clang in clang).
# The tests compile at ctest time, so a broken header is a failed test.
# A header added to the folder is covered at the next configure.

file(GLOB uapi_headers CONFIGURE_DEPENDS "${CE_UAPI_DIR}/linux/*.h")
if(NOT uapi_headers)
  message(FATAL_ERROR "no headers found in ${CE_UAPI_DIR}/linux")
endif()

set(c_flags -std=c90 -pedantic -Wall -Wextra -Werror)
set(cxx_flags -pedantic -Wall -Wextra -Werror)
set(cxx_stds c++98 c++11 c++17 c++20)
set(probe_dir "${CMAKE_CURRENT_BINARY_DIR}/probes")
string(TOLOWER "${CMAKE_C_COMPILER_ID}" c_id)
string(TOLOWER "${CMAKE_CXX_COMPILER_ID}" cxx_id)

foreach(path IN LISTS uapi_headers)
  get_filename_component(header "${path}" NAME)
  get_filename_component(stem "${path}" NAME_WE)
  set(include "#include <linux/${header}>\n")
  file(WRITE "${probe_dir}/${stem}_once.c" "${include}")
  file(WRITE "${probe_dir}/${stem}_twice.c" "${include}${include}")
  file(WRITE "${probe_dir}/${stem}_once.cpp" "${include}")

  foreach(bits 64 32)
    foreach(times once twice)
      set(name headers/${header}/${c_id}-c90-m${bits}-${times})
      add_test(NAME ${name}
               COMMAND ${CMAKE_C_COMPILER} ${c_flags} -m${bits} -fsyntax-only
                       -I${CE_UAPI_DIR} "${probe_dir}/${stem}_${times}.c")
      set_tests_properties(${name} PROPERTIES LABELS headers)
    endforeach()
    foreach(std IN LISTS cxx_stds)
      set(name headers/${header}/${cxx_id}-${std}-m${bits})
      add_test(NAME ${name}
               COMMAND ${CMAKE_CXX_COMPILER} -std=${std} ${cxx_flags} -m${bits}
                       -fsyntax-only -I${CE_UAPI_DIR} "${probe_dir}/${stem}_once.cpp")
      set_tests_properties(${name} PROPERTIES LABELS headers)
    endforeach()
  endforeach()

  set(name headers/${header}/rules)
  add_test(NAME ${name}
           COMMAND "${CMAKE_CURRENT_SOURCE_DIR}/check-rules" "${path}")
  set_tests_properties(${name} PROPERTIES LABELS headers)
endforeach()
