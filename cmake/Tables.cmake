# SPDX-License-Identifier: GPL-2.0 OR MIT
# ce_read_table(TABLE PREFIX [KEY COLUMN]): reads scripts/lib/TABLE.tsv as
# the scripts do (table_cells in scripts/lib/script.sh): tab-separated, "#"
# lines are comments, the first other line names the columns, "-" is an
# empty cell, and each row is named by its first cell, or with KEY by its
# cell in COLUMN, rows without one left out.  Sets PREFIX_ROWS, the row
# names in order, and PREFIX_<ROW>_<COLUMN>, each cell ("" for "-"), in the
# caller's scope; a change to the table configures again.
function(ce_read_table table prefix)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "KEY" "")
  set(file "${PROJECT_SOURCE_DIR}/scripts/lib/${table}.tsv")
  # A cell may hold a ";", CMake's list separator: kept aside meanwhile.
  file(READ "${file}" text)
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  list(FILTER lines EXCLUDE REGEX "^(#|$)")
  list(POP_FRONT lines header)
  string(REPLACE "\t" ";" columns "${header}")
  set(key 0)
  if(arg_KEY)
    list(FIND columns "${arg_KEY}" key)
    if(key LESS 0)
      message(FATAL_ERROR "scripts/lib/${table}.tsv has no column ${arg_KEY}")
    endif()
  endif()
  set(rows)
  foreach(line IN LISTS lines)
    string(REPLACE "\t" ";" cells "${line}")
    list(GET cells ${key} row)
    if(row STREQUAL "-" OR row STREQUAL "")
      continue()
    endif()
    list(APPEND rows ${row})
    foreach(column IN LISTS columns)
      list(POP_FRONT cells cell)
      if(cell STREQUAL "-")
        set(cell "")
      endif()
      string(REPLACE "<semicolon>" ";" cell "${cell}")
      set(${prefix}_${row}_${column} "${cell}" PARENT_SCOPE)
    endforeach()
  endforeach()
  set(${prefix}_ROWS ${rows} PARENT_SCOPE)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file}")
endfunction()
