// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Every row of clone_extended_cases.h through both variants of the compat
 * library, each in fresh pid namespaces (pid_ns_sandbox.h).
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clone_extended_cases.h"
#include "pid_ns_sandbox.h"
#include "variant_call.h"

#define CHILD_STACK_SIZE	(256 * 1024)

/* What the caller and its child saw, in memory shared with the test. */
struct row_outcome {
	int ran;		/* the caller got as far as the call */
	int pids[CE_CASE_PIDS_MAX];	/* the entries after substitution */
	pid_t ret;
	int call_errno;
	int child_status;
	int child_nspid[NSPID_MAX];
	int child_nspid_count;	/* 0 unless the child ran */
	char problem[128];	/* set when the caller could not do its part */
};

struct row_param {
	int row;
	int variant;
};

/*
 * Rows the library cannot make through clone3() (docs/compat.md,
 * differences), by name, with its answer: a 0 entry after a chosen pid.
 */
static const struct {
	const char *row;
	int errno_value;
} library_differs[] = {
	{ "0 between chosen pids", EOPNOTSUPP },
	{ "0 in the target namespace under a chosen pid", EOPNOTSUPP },
};

/* The errno the library must give for @row, 0 for success. */
static int library_errno(const struct clone_extended_case *row)
{
	size_t i;

	for (i = 0; i < sizeof(library_differs) / sizeof(*library_differs); i++)
		if (strcmp(library_differs[i].row, row->name) == 0)
			return library_differs[i].errno_value;
	return row->expect_errno;
}

struct row_run {
	const struct clone_extended_case *row;
	enum variant variant;
	struct row_outcome *outcome;
};

static int child_reports_nspid(void *arg)
{
	struct row_outcome *outcome = arg;

	outcome->child_nspid_count = read_nspid(outcome->child_nspid);
	return 0;
}

static int read_pid_max(void)
{
	FILE *file = fopen("/proc/sys/kernel/pid_max", "r");
	int pid_max = -1;

	if (file) {
		if (fscanf(file, "%d", &pid_max) != 1)
			pid_max = -1;
		fclose(file);
	}
	return pid_max;
}

/* Replaces the CE_PID_* symbols; returns 0 or -1 with outcome->problem. */
static int substitute_pids(const struct clone_extended_case *row,
			   int num_pids, struct row_outcome *outcome)
{
	int nspid[NSPID_MAX];
	int count = read_nspid(nspid);
	int i;

	for (i = 0; i < num_pids && i < CE_CASE_PIDS_MAX; i++) {
		/* Levels between this entry and the caller's own. */
		int up = num_pids - 1 - i - row->unshare_pid_ns;

		outcome->pids[i] = row->pids[i];
		if (row->pids[i] == CE_PID_LIMIT)
			outcome->pids[i] = read_pid_max();
		if (row->pids[i] == CE_PID_SELF)
			outcome->pids[i] = (up >= 0 && up < count) ?
					   nspid[count - 1 - up] : -1;
		if (outcome->pids[i] == -1 && row->pids[i] != -1) {
			snprintf(outcome->problem, sizeof(outcome->problem),
				 "cannot resolve entry %d", i);
			return -1;
		}
	}
	return 0;
}

static int call_row(void *arg)
{
	const struct row_run *run = arg;
	const struct clone_extended_case *row = run->row;
	struct row_outcome *outcome = run->outcome;
	int nspid[NSPID_MAX];
	struct pid_set pid_set;
	void *stack, *unreadable;

	pid_set.num_pids = row->num_pids;
	if (row->num_pids_over_level)
		pid_set.num_pids = read_nspid(nspid) - 1 + row->unshare_pid_ns +
				   1 + row->num_pids_over_level;
	if (substitute_pids(row, pid_set.num_pids, outcome))
		return 1;
	stack = mmap(NULL, CHILD_STACK_SIZE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	unreadable = mmap(NULL, 4096, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (stack == MAP_FAILED || unreadable == MAP_FAILED) {
		snprintf(outcome->problem, sizeof(outcome->problem), "mmap");
		return 1;
	}
	pid_set.pids = row->pids_unreadable ? unreadable : outcome->pids;

	/* Real-time exit signals would kill the caller before it waits. */
	if ((row->flags & CSIGNAL) != CE_SIGCHLD && (row->flags & CSIGNAL) &&
	    (row->flags & CSIGNAL) <= 64)
		signal((int)(row->flags & CSIGNAL), SIG_IGN);
	outcome->ran = 1;
	outcome->ret = variant_run(run->variant, child_reports_nspid, outcome,
				   stack, CHILD_STACK_SIZE, row->flags, 0,
				   NULL, NULL, &pid_set);
	outcome->call_errno = errno;
	if (outcome->ret > 0 &&
	    waitpid(outcome->ret, &outcome->child_status, __WALL) !=
	    outcome->ret)
		snprintf(outcome->problem, sizeof(outcome->problem),
			 "waitpid: %s", strerror(errno));
	return 0;
}

/* The child's pids must be the non-zero entries, aligned to its target. */
static void check_child_pids(const struct clone_extended_case *row,
			     const struct row_outcome *outcome,
			     const char *what)
{
	int new_ns = !!(row->flags & CLONE_NEWPID);
	int count = outcome->child_nspid_count;
	int num_pids = row->num_pids;
	int i;

	cr_assert_gt(count, 0, "%s: the child did not report", what);
	if (new_ns)
		cr_assert_eq(outcome->child_nspid[count - 1], 1,
			     "%s: not pid 1 in its new namespace", what);
	for (i = 0; i < num_pids; i++) {
		int at = count - 1 - new_ns - (num_pids - 1 - i);

		if (!outcome->pids[i])
			continue;
		cr_assert_geq(at, 0, "%s: entry %d has no level", what, i);
		cr_assert_eq(outcome->child_nspid[at], outcome->pids[i],
			     "%s: entry %d: pid %d, expected %d", what, i,
			     outcome->child_nspid[at], outcome->pids[i]);
	}
}

ParameterizedTestParameters(conformance, row)
{
	static struct row_param params[CLONE_EXTENDED_NUM_CASES * VARIANT_COUNT];
	size_t i;

	for (i = 0; i < CLONE_EXTENDED_NUM_CASES * VARIANT_COUNT; i++) {
		params[i].row = (int)(i / VARIANT_COUNT);
		params[i].variant = (int)(i % VARIANT_COUNT);
	}
	return cr_make_param_array(struct row_param, params,
				   CLONE_EXTENDED_NUM_CASES * VARIANT_COUNT);
}

ParameterizedTest(struct row_param *param, conformance, row, .timeout = 30)
{
	const struct clone_extended_case *row = &clone_extended_cases[param->row];
	struct row_outcome *outcome = shared_page(sizeof(*outcome));
	struct sandbox sandbox = {
		.depth = row->depth,
		.own_user_ns = row->own_user_ns,
		.unshare_pid_ns = row->unshare_pid_ns,
	};
	struct row_run run = {
		.row = row, .variant = param->variant, .outcome = outcome,
	};
	int expect = library_errno(row);
	char what[160];
	const char *why;
	int status;

	snprintf(what, sizeof(what), "%s [%s]", row->name,
		 variant_name(param->variant));
	if (geteuid() != 0)
		cr_skip_test("%s: needs root", what);
	cr_assert_not_null(outcome);
	status = sandbox_run(&sandbox, call_row, &run, &why);
	if (status == SANDBOX_NO_USER_NS)
		cr_skip_test("%s: no unprivileged user namespaces", what);
	cr_assert_eq(status, 0, "%s: sandbox status %d (%s%s)", what, status,
		     why, outcome->problem);
	cr_assert(outcome->ran, "%s: the call was not made", what);
	if (expect) {
		cr_assert_eq(outcome->ret, -1, "%s: returned %d, expected %s",
			     what, outcome->ret, strerror(expect));
		cr_assert_eq(outcome->call_errno, expect, "%s: %s, expected %s",
			     what, strerror(outcome->call_errno),
			     strerror(expect));
		cr_assert_eq(outcome->child_nspid_count, 0,
			     "%s: a child ran although the call failed", what);
		return;
	}
	cr_assert_gt(outcome->ret, 0, "%s: failed with %s", what,
		     strerror(outcome->call_errno));
	cr_assert_str_empty(outcome->problem, "%s: %s", what,
			    outcome->problem);
	cr_assert(WIFEXITED(outcome->child_status) &&
		  WEXITSTATUS(outcome->child_status) == 0,
		  "%s: child status %#x", what, outcome->child_status);
	check_child_pids(row, outcome, what);
}
