/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef LIBRARY_ROW_CALL_H
#define LIBRARY_ROW_CALL_H

/*
 * Step 5 of a row of clone_extended_cases.h through libclone_extended:
 * what the library's conformance test and the guest program that runs the
 * table through the library (tests/guest/case_table_library.c)
 * share.  The caller sets library_row_variant before each row.
 */

#include <sys/mman.h>

#include "clone_extended_row.h"
#include "variant_call.h"

#define LIBRARY_ROW_STACK_SIZE	(256 * 1024)

/* The variant the row being run calls. */
static enum variant library_row_variant;

static int library_row_child(void *row)
{
	return row_child_check(row);
}

/* The call through the library's run form, the child on a stack of its own. */
static pid_t library_row_call(const struct clone_extended_case *row,
			      const struct pid_set *pid_set)
{
	void *stack = mmap(NULL, LIBRARY_ROW_STACK_SIZE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

	if (stack == MAP_FAILED)
		return -1;
	return variant_run(library_row_variant, library_row_child, (void *)row,
			   stack, LIBRARY_ROW_STACK_SIZE, row->flags, 0, NULL,
			   NULL, pid_set);
}

#endif /* LIBRARY_ROW_CALL_H */
