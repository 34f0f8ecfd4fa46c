// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The rows of tests/shared/clone_extended_cases.h through clone3() on the
 * kernel of kernel-patches/clone3-set-tid-zero, one TAP case each (what
 * scripts/kernel tap reads), run and judged by clone_extended_row.h as the
 * kselftests of both variants run them.  A row's pid set becomes set_tid
 * (clone3_with_pid_set.h).  Where clone3() has no meaning for a row, the
 * case is a skip that says "not applicable" and why; where it answers
 * otherwise, the errno it answers with is below.  Built by scripts/kernel
 * selftests, 64-bit and 32-bit.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "clone_extended_row.h"
#include "clone3_with_pid_set.h"

/* The rows clone3() does not take as the table says. */
static const struct {
	const char *row;
	const char *not_applicable;	/* why clone3() has no such call */
	int expect_errno;
} clone3_rows[] = {
	{ "num_pids 0 reads no pids",
	  "set_tid_size counts the pids and a set_tid with no entries is EINVAL" },
	{ "CLONE_INTO_CGROUP",
	  "clone3() takes CLONE_INTO_CGROUP with a cgroup file descriptor" },
	{ "CLONE_DETACHED is ignored", NULL, EINVAL },
};

/* Step 5 of a row: clone3(), no stack, the child checks its pids. */
static pid_t row_call(const struct clone_extended_case *row,
		      const struct pid_set *pid_set)
{
	int parent_tid;
	pid_t pid = clone3_with_pid_set(row->flags, pid_set,
					!row->pids_unreadable, &parent_tid);

	if (pid == 0)
		_exit(row_child_check(row));
	return pid;
}

int main(void)
{
	int failed = 0;
	size_t i, j;

	printf("TAP version 13\n1..%zu\n", CLONE_EXTENDED_NUM_CASES);
	for (i = 0; i < CLONE_EXTENDED_NUM_CASES; i++) {
		const struct clone_extended_case *row = &clone_extended_cases[i];
		int expect_errno = row->expect_errno;
		const char *not_applicable = NULL;
		struct row_outcome outcome;
		char why[256];

		for (j = 0; j < sizeof(clone3_rows) / sizeof(*clone3_rows); j++)
			if (!strcmp(clone3_rows[j].row, row->name)) {
				not_applicable = clone3_rows[j].not_applicable;
				expect_errno = clone3_rows[j].expect_errno;
			}
		if (not_applicable) {
			printf("ok %zu %s # SKIP not applicable: %s\n", i + 1,
			       row->name, not_applicable);
			continue;
		}
		if (row_run(row, row_call, &outcome)) {
			printf("not ok %zu %s # cannot start the row: %s\n",
			       i + 1, row->name, strerror(errno));
			failed = 1;
		} else if (outcome.no_user_ns) {
			printf("ok %zu %s # SKIP uid 65534 may not create a user namespace\n",
			       i + 1, row->name);
		} else if (row_check(row, expect_errno, &outcome, why,
				     sizeof(why))) {
			printf("not ok %zu %s # %s\n", i + 1, row->name, why);
			failed = 1;
		} else {
			printf("ok %zu %s\n", i + 1, row->name);
		}
	}
	return failed;
}
