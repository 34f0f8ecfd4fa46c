// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The rows of tests/shared/clone_extended_cases.h through both variants of
 * libclone_extended on the kernel of kernel-patches/clone3-set-tid-zero,
 * one TAP case each (case_table_tap.h): the library's path for a kernel
 * whose set_tid takes 0 entries, which passes a pid set whole.  Every row
 * must behave as the table says, the two the host's kernels make the
 * library refuse (0 after a chosen pid, tests/compat/conformance_test.c)
 * included.  Built by scripts/kernel selftests, 64-bit and 32-bit, with
 * the static library.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>

#include "case_table_tap.h"
#include "variant_call.h"

#define CHILD_STACK_SIZE	(256 * 1024)

/* The variant the row being run calls. */
static enum variant row_variant;

static int row_child(void *row)
{
	return row_child_check(row);
}

/* Step 5 through the library's run form, the child on a stack of its own. */
static pid_t row_call(const struct clone_extended_case *row,
		      const struct pid_set *pid_set)
{
	void *stack = mmap(NULL, CHILD_STACK_SIZE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

	if (stack == MAP_FAILED)
		return -1;
	return variant_run(row_variant, row_child, (void *)row, stack,
			   CHILD_STACK_SIZE, row->flags, 0, NULL, NULL,
			   pid_set);
}

int main(void)
{
	size_t number = 0;
	int failed = 0;

	printf("TAP version 13\n1..%zu\n",
	       VARIANT_COUNT * CLONE_EXTENDED_NUM_CASES);
	for (row_variant = 0; row_variant < VARIANT_COUNT; row_variant++)
		failed |= case_table_tap(variant_name(row_variant), row_call,
					 NULL, 0, &number);
	return failed;
}
