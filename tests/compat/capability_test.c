// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The capability rule of spec section 5 (row 15), arrangement by arrangement:
 * a non-zero entry needs CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN over the
 * user namespace owning that level's pid namespace.  For a refused call the
 * test also checks that nothing was created (the caller has no child, the
 * innermost pid it asked for is free) and that the same pids at the levels
 * the caller owns are then granted.  clone_extended_cases.h has the simplest
 * own-user-namespace rows; these are the arrangements it lacks.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <errno.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pid_ns_sandbox.h"
#include "variant_call.h"

#define CAPS_NONE		0ULL
#define CAPS_CHECKPOINT_RESTORE	(1ULL << CAP_CHECKPOINT_RESTORE)
#define CAPS_SYS_ADMIN		(1ULL << CAP_SYS_ADMIN)

#define CASE_PIDS_MAX	4

struct capability_case {
	const char *name;
	struct sandbox sandbox;
	int num_pids;
	int pids[CASE_PIDS_MAX];	/* outermost first, never level 0 */
	int owned_levels;	/* innermost levels the caller may choose at */
	int expect_errno;
};

static const struct capability_case capability_cases[] = {
	{ .name = "CAP_CHECKPOINT_RESTORE alone chooses in root's namespaces",
	  .sandbox = { .depth = 2, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_CHECKPOINT_RESTORE },
	  .num_pids = 2, .pids = { 300, 200 }, .owned_levels = 2 },
	{ .name = "CAP_SYS_ADMIN alone chooses in root's namespaces",
	  .sandbox = { .depth = 2, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_SYS_ADMIN },
	  .num_pids = 2, .pids = { 300, 200 }, .owned_levels = 2 },
	{ .name = "no capability: EPERM in root's namespaces",
	  .sandbox = { .depth = 2, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_NONE },
	  .num_pids = 2, .pids = { 0, 200 }, .expect_errno = EPERM },
	{ .name = "other capabilities do not count",
	  .sandbox = { .depth = 1, .drop_keeping_caps = 1,
		       .kept_caps = ~(CAPS_CHECKPOINT_RESTORE |
				      CAPS_SYS_ADMIN) &
				    ((1ULL << (CAP_LAST_CAP + 1)) - 1) },
	  .num_pids = 1, .pids = { 200 }, .expect_errno = EPERM },
	{ .name = "own user namespace: both of its pid namespaces",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .own_pid_levels = 1 },
	  .num_pids = 3, .pids = { 0, 300, 200 }, .owned_levels = 2 },
	{ .name = "own user namespace: root's level above it is EPERM",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .own_pid_levels = 1 },
	  .num_pids = 3, .pids = { 400, 300, 200 }, .owned_levels = 2,
	  .expect_errno = EPERM },
	{ .name = "CAP_CHECKPOINT_RESTORE does not reach out of a user namespace",
	  .sandbox = { .depth = 1, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_CHECKPOINT_RESTORE,
		       .own_user_ns = 1 },
	  .num_pids = 2, .pids = { 300, 200 }, .owned_levels = 1,
	  .expect_errno = EPERM },
	{ .name = "nested user namespace: the outer one's level is EPERM",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .nested_user_ns = 1 },
	  .num_pids = 3, .pids = { 0, 300, 200 }, .owned_levels = 1,
	  .expect_errno = EPERM },
	{ .name = "nested user namespace: its own level is granted",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .nested_user_ns = 1 },
	  .num_pids = 3, .pids = { 0, 0, 200 }, .owned_levels = 1 },
};

#define NUM_CAPABILITY_CASES \
	(sizeof(capability_cases) / sizeof(capability_cases[0]))

/* One call and what its child saw. */
struct call_outcome {
	pid_t ret;
	int call_errno;
	int child_nspid[NSPID_MAX];
	int child_nspid_count;	/* 0 unless a child ran */
};

/* In memory shared with the test. */
struct case_outcome {
	__u64 caps_effective;	/* the caller's, in its user namespace */
	struct call_outcome first;
	int leftover_child;	/* a process remained after a refused call */
	int inner_pid_in_use;	/* the innermost pid asked for was taken */
	struct call_outcome retry;	/* owned levels only, after a refusal */
};

struct case_run {
	const struct capability_case *row;
	enum variant variant;
	struct case_outcome *outcome;
};

static void call_and_report(enum variant variant, const int *pids,
			    int num_pids, struct call_outcome *outcome)
{
	struct pid_set pid_set = { num_pids, (pid_t *)pids };
	pid_t pid;

	outcome->child_nspid_count = 0;
	pid = variant_fork(variant, SIGCHLD, NULL, NULL, &pid_set);
	if (pid == 0) {
		outcome->child_nspid_count = read_nspid(outcome->child_nspid);
		_exit(0);
	}
	outcome->ret = pid;
	outcome->call_errno = errno;
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

static __u64 effective_caps(void)
{
	struct __user_cap_header_struct header = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &header, data))
		return ~0ULL;
	return data[0].effective | (__u64)data[1].effective << 32;
}

static int call_row(void *arg)
{
	const struct case_run *run = arg;
	const struct capability_case *row = run->row;
	struct case_outcome *outcome = run->outcome;
	int inner = row->pids[row->num_pids - 1];
	int retry[CASE_PIDS_MAX];
	int i;

	outcome->caps_effective = effective_caps();
	call_and_report(run->variant, row->pids, row->num_pids,
			&outcome->first);
	if (outcome->first.ret > 0)
		return 0;
	/* The caller is its namespace's init: any process is its child. */
	outcome->leftover_child = waitpid(-1, NULL, WNOHANG | __WALL) != -1 ||
				  errno != ECHILD;
	outcome->inner_pid_in_use = inner && (kill(inner, 0) == 0 ||
					      errno != ESRCH);
	for (i = 0; i < row->num_pids; i++)
		retry[i] = i < row->num_pids - row->owned_levels ?
			   0 : row->pids[i];
	call_and_report(run->variant, retry, row->num_pids, &outcome->retry);
	return 0;
}

/* The child's pid at each level with a non-zero entry is that entry. */
static void check_child(const struct call_outcome *call, const int *pids,
			int num_pids, const char *what)
{
	int count = call->child_nspid_count;
	int i;

	cr_assert_gt(call->ret, 0, "%s: failed with %s", what,
		     strerror(call->call_errno));
	cr_assert_gt(count, 0, "%s: the child did not report", what);
	for (i = 0; i < num_pids; i++) {
		int at = count - num_pids + i;

		if (!pids[i])
			continue;
		cr_assert_geq(at, 0, "%s: entry %d has no level", what, i);
		cr_assert_eq(call->child_nspid[at], pids[i],
			     "%s: entry %d: pid %d, expected %d", what, i,
			     call->child_nspid[at], pids[i]);
	}
}

struct case_param {
	int row;
	int variant;
};

ParameterizedTestParameters(capability, row)
{
	static struct case_param params[NUM_CAPABILITY_CASES * VARIANT_COUNT];
	size_t i;

	for (i = 0; i < NUM_CAPABILITY_CASES * VARIANT_COUNT; i++) {
		params[i].row = (int)(i / VARIANT_COUNT);
		params[i].variant = (int)(i % VARIANT_COUNT);
	}
	return cr_make_param_array(struct case_param, params,
				   NUM_CAPABILITY_CASES * VARIANT_COUNT);
}

ParameterizedTest(struct case_param *param, capability, row, .timeout = 30)
{
	const struct capability_case *row = &capability_cases[param->row];
	struct case_outcome *outcome = shared_page(sizeof(*outcome));
	struct case_run run = {
		.row = row, .variant = param->variant, .outcome = outcome,
	};
	int retry[CASE_PIDS_MAX];
	char what[160];
	const char *why;
	int status, i;

	snprintf(what, sizeof(what), "%s [%s]", row->name,
		 variant_name(param->variant));
	if (geteuid() != 0)
		cr_skip_test("%s: needs root to set up the namespaces", what);
	cr_assert_not_null(outcome);
	status = sandbox_run(&row->sandbox, call_row, &run, &why);
	if (status == SANDBOX_NO_USER_NS)
		cr_skip_test("%s: no unprivileged user namespaces", what);
	cr_assert_eq(status, 0, "%s: sandbox status %d (%s)", what, status,
		     why);
	/* What the caller holds over root's namespaces is what the row says. */
	if (row->sandbox.drop_keeping_caps && !row->sandbox.own_user_ns)
		cr_assert_eq(outcome->caps_effective,
			     row->sandbox.kept_caps & effective_caps(),
			     "%s: caller has capabilities %#llx", what,
			     (unsigned long long)outcome->caps_effective);
	if (!row->expect_errno) {
		check_child(&outcome->first, row->pids, row->num_pids, what);
		return;
	}
	cr_assert_eq(outcome->first.ret, -1, "%s: returned %d, expected %s",
		     what, outcome->first.ret, strerror(row->expect_errno));
	cr_assert_eq(outcome->first.call_errno, row->expect_errno,
		     "%s: %s, expected %s", what,
		     strerror(outcome->first.call_errno),
		     strerror(row->expect_errno));
	cr_assert_eq(outcome->first.child_nspid_count, 0,
		     "%s: a child ran although the call failed", what);
	cr_assert_not(outcome->leftover_child,
		      "%s: a process remained after the refused call", what);
	cr_assert_not(outcome->inner_pid_in_use,
		      "%s: pid %d in use after the refused call", what,
		      row->pids[row->num_pids - 1]);
	for (i = 0; i < row->num_pids; i++)
		retry[i] = i < row->num_pids - row->owned_levels ?
			   0 : row->pids[i];
	check_child(&outcome->retry, retry, row->num_pids, what);
}
