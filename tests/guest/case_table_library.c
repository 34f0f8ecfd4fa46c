// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The rows of clone_extended_cases.h (tools/testing/selftests/clone_extended/)
 * through both variants of libclone_extended on the kernel of kernel-patches/clone3-set-tid-zero,
 * one TAP case each (case_table_tap.h): the library's path for a kernel
 * whose set_tid takes 0 entries, which passes a pid set whole.  Every row
 * must behave as the table says, the two the host's kernels make the
 * library refuse (0 after a chosen pid, tests/library/conformance_test.c)
 * included.  Built by scripts/kernel selftests, 64-bit and 32-bit, with
 * the static library.
 */
#define _GNU_SOURCE
#include <stdio.h>

#include "case_table_tap.h"
#include "library_row_call.h"

int main(void)
{
	size_t number = 0;
	int failed = 0;

	printf("TAP version 13\n1..%zu\n",
	       VARIANT_COUNT * CLONE_EXTENDED_NUM_CASES);
	for (library_row_variant = 0; library_row_variant < VARIANT_COUNT;
	     library_row_variant++)
		failed |= case_table_tap(variant_name(library_row_variant),
					 library_row_call,
					 NULL, 0, &number);
	return failed;
}
