# SPDX-License-Identifier: GPL-2.0 OR MIT
# CE_HOST_RUNS_I386: whether this host's kernel runs i386 programs
# (scripts/run-i386 --check).  A kernel booted with ia32_emulation=off, or a
# gVisor sandbox, builds them but refuses to run them.  The tests of -m32
# programs that qemu-i386 cannot stand in for are then disabled, which
# ctest lists as "Not Run (Disabled)", never as passed: those that need the
# host kernel itself (clone3(), namespaces, the 32-bit entries) and the
# Criterion and libFuzzer programs (Criterion's workers fail to start under
# qemu-user).  The kernel tests run their 32-bit programs in the guest,
# which runs them everywhere.

execute_process(COMMAND "${PROJECT_SOURCE_DIR}/scripts/run-i386" --check
                RESULT_VARIABLE ce_run_i386_check OUTPUT_QUIET ERROR_QUIET)
if(ce_run_i386_check EQUAL 0)
  set(CE_HOST_RUNS_I386 ON)
else()
  set(CE_HOST_RUNS_I386 OFF)
  message(STATUS "This kernel runs no i386 programs: the -m32 tests that "
                 "need it are disabled")
endif()

# ce_needs_i386_host(TEST...): disable TESTs where the kernel runs no i386
# programs.
function(ce_needs_i386_host)
  if(NOT CE_HOST_RUNS_I386)
    set_tests_properties(${ARGN} PROPERTIES DISABLED TRUE)
  endif()
endfunction()
