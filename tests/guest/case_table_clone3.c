// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The rows of clone_extended_cases.h (tools/testing/selftests/clone_extended/)
 * through clone3() on the kernel of kernel-patches/clone3-set-tid-zero,
 * one TAP case each
 * (case_table_tap.h).  A row's pid set becomes set_tid
 * (clone3_with_pid_set.h).  Built by scripts/kernel selftests, 64-bit and
 * 32-bit.
 */
#define _GNU_SOURCE
#include <stdio.h>

#include "case_table_tap.h"
#include "clone3_with_pid_set.h"

/* The rows clone3() does not take as the table says. */
static const struct case_rule clone3_rules[] = {
	{ "num_pids 0 reads no pids",
	  "set_tid_size counts the pids and a set_tid with no entries is EINVAL" },
	{ "CLONE_INTO_CGROUP",
	  "clone3() takes CLONE_INTO_CGROUP with a cgroup file descriptor" },
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
	size_t number = 0;
	int failed;

	printf("TAP version 13\n1..%zu\n", CLONE_EXTENDED_NUM_CASES);
	failed = case_table_tap("clone3", row_call, clone3_rules,
				sizeof(clone3_rules) / sizeof(*clone3_rules),
				&number);
	return failed;
}
