// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A failed call leaves every pid it chose free (spec section 5): after an
 * EEXIST or EPERM found at an outer level, the pid the kernel had already
 * reserved at the inner level can be taken by the next call.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pid_ns_sandbox.h"
#include "variant_call.h"

/* Stands for the caller's own pid at that level, which is in use. */
#define CALLER_OWN_PID	(-2)

struct retry_outcome {
	int first_ret, first_errno;
	int second_ret, second_errno;
	int child_nspid[NSPID_MAX];
	int child_nspid_count;
};

struct retry {
	enum variant variant;
	struct pid_set first;	/* must fail */
	struct pid_set second;	/* must then get the inner pid */
	struct retry_outcome *outcome;
};

/* Fork-like call whose child reports its pids; returns the call's result. */
static pid_t call_and_report(const struct retry *retry,
			     const struct pid_set *pid_set)
{
	pid_t pid = variant_fork(retry->variant, SIGCHLD, NULL, NULL, pid_set);

	if (pid == 0) {
		retry->outcome->child_nspid_count =
			read_nspid(retry->outcome->child_nspid);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return pid;
}

static int fail_then_retry(void *arg)
{
	struct retry *retry = arg;
	struct retry_outcome *outcome = retry->outcome;
	int nspid[NSPID_MAX];
	int count = read_nspid(nspid);
	int i;

	/* -2 in the first set stands for the caller's own pid there. */
	for (i = 0; i < retry->first.num_pids; i++)
		if (retry->first.pids[i] == CALLER_OWN_PID)
			retry->first.pids[i] =
				nspid[count - retry->first.num_pids + i];
	outcome->first_ret = call_and_report(retry, &retry->first);
	outcome->first_errno = errno;
	outcome->child_nspid_count = 0;
	outcome->second_ret = call_and_report(retry, &retry->second);
	outcome->second_errno = errno;
	return 0;
}

static void check_retry(const struct sandbox *sandbox, pid_t *first,
			int num_first, int expect_errno, pid_t inner)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		struct retry_outcome *outcome = shared_page(sizeof(*outcome));
		pid_t first_pids[8], second_pids[1] = { inner };
		struct retry retry = {
			.variant = v,
			.first = { num_first, first_pids },
			.second = { 1, second_pids },
			.outcome = outcome,
		};
		const char *why;
		int status, count;

		memcpy(first_pids, first, num_first * sizeof(*first));
		cr_assert_not_null(outcome);
		status = sandbox_run(sandbox, fail_then_retry, &retry, &why);
		if (status == SANDBOX_NO_USER_NS)
			cr_skip_test("no unprivileged user namespaces");
		cr_assert_eq(status, 0, "%s: sandbox status %d (%s)",
			     variant_name(v), status, why);
		cr_assert_eq(outcome->first_ret, -1, "%s: first call made %d",
			     variant_name(v), outcome->first_ret);
		cr_assert_eq(outcome->first_errno, expect_errno,
			     "%s: first call: %s", variant_name(v),
			     strerror(outcome->first_errno));
		cr_assert_gt(outcome->second_ret, 0, "%s: second call: %s",
			     variant_name(v), strerror(outcome->second_errno));
		count = outcome->child_nspid_count;
		cr_assert_gt(count, 0, "%s: no report", variant_name(v));
		cr_assert_eq(outcome->child_nspid[count - 1], inner,
			     "%s: got %d, not the freed %d", variant_name(v),
			     outcome->child_nspid[count - 1], inner);
	}
}

Test(pid_reuse, inner_pid_free_after_eexist_at_outer_level)
{
	struct sandbox sandbox = { .depth = 2 };
	/* Level 1: the caller's own pid there (taken); level 2: 99. */
	pid_t first[] = { CALLER_OWN_PID, 99 };

	if (geteuid() != 0)
		cr_skip_test("needs root");
	check_retry(&sandbox, first, 2, EEXIST, 99);
}

Test(pid_reuse, inner_pid_free_after_eperm_at_outer_level)
{
	struct sandbox sandbox = { .depth = 1, .own_user_ns = 1 };
	/* Level 1 belongs to root's user namespace, level 2 to ours. */
	pid_t first[] = { 300, 200 };

	if (geteuid() != 0)
		cr_skip_test("needs root to set up the namespaces");
	check_retry(&sandbox, first, 2, EPERM, 200);
}
