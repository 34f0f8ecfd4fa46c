/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CASE_TABLE_TAP_H
#define CASE_TABLE_TAP_H

/*
 * The rows of clone_extended_cases.h (tools/testing/selftests/clone_extended/)
 * as TAP cases (what scripts/kernel tap reads), run and judged by clone_extended_row.h as the
 * kselftests of both variants run them: what the guest programs that run
 * the table through another call share.
 */

#include <stdio.h>
#include <string.h>

#include "clone_extended_row.h"

/* A row a call does not take as the table says. */
struct case_rule {
	const char *row;
	const char *not_applicable;	/* why the call has no such call */
	int expect_errno;		/* else: its errno for the row */
};

/*
 * Runs every row through @call, one TAP case each, numbered from *@number
 * on and named "@label: row"; a rule of @rules may change a row's errno
 * or make it a skip that says "not applicable" and why.  Returns 1 if a
 * case failed, else 0.
 */
static int case_table_tap(const char *label, row_call_fn *call,
			  const struct case_rule *rules, size_t num_rules,
			  size_t *number)
{
	int failed = 0;
	size_t i, j;

	for (i = 0; i < CLONE_EXTENDED_NUM_CASES; i++) {
		const struct clone_extended_case *row = &clone_extended_cases[i];
		int expect_errno = row->expect_errno;
		const char *not_applicable = NULL;
		size_t n = ++*number;
		struct row_outcome outcome;
		char why[256];

		for (j = 0; j < num_rules; j++)
			if (!strcmp(rules[j].row, row->name)) {
				not_applicable = rules[j].not_applicable;
				expect_errno = rules[j].expect_errno;
			}
		if (not_applicable) {
			printf("ok %zu %s: %s # SKIP not applicable: %s\n", n,
			       label, row->name, not_applicable);
		} else if (row_run(row, call, &outcome)) {
			printf("not ok %zu %s: %s # cannot start the row: %s\n",
			       n, label, row->name, strerror(errno));
			failed = 1;
		} else if (outcome.no_user_ns) {
			printf("ok %zu %s: %s # SKIP uid 65534 may not create a user namespace\n",
			       n, label, row->name);
		} else if (row_check(row, expect_errno, &outcome, why,
				     sizeof(why))) {
			printf("not ok %zu %s: %s\n", n, label, why);
			failed = 1;
		} else {
			printf("ok %zu %s: %s\n", n, label, row->name);
		}
	}
	return failed;
}

#endif /* CASE_TABLE_TAP_H */
