// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Rows of docs/compat.md's table of differences that the shared case table
 * cannot hold, one test each, through both variants, in fresh pid
 * namespaces (pid_ns_sandbox.h).
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

/* MAX_PID_NS_LEVEL: the deepest pid namespace level. */
#define PID_NS_LEVEL_MAX	32

struct request {
	enum variant variant;
	int num_pids;
	pid_t pids[PID_NS_LEVEL_MAX + 1];
	int expect_errno;	/* 0: a child whose pid here is pids[last] */
};

/* Exit statuses of call(), each naming what went wrong. */
enum { CALL_OK, CALL_WRONG_ERRNO, CALL_FAILED, CALL_WRONG_PID, CALL_CHILD };

static int call(void *arg)
{
	const struct request *req = arg;
	struct pid_set set = { req->num_pids, (pid_t *)req->pids };
	int status;
	pid_t pid = variant_fork(req->variant, SIGCHLD, NULL, NULL, &set);

	if (pid == 0)
		_exit(0);
	if (req->expect_errno)
		return pid == -1 && errno == req->expect_errno ?
			CALL_OK : CALL_WRONG_ERRNO;
	if (pid < 0)
		return CALL_FAILED;
	if (waitpid(pid, &status, 0) != pid || status != 0)
		return CALL_CHILD;
	return pid == req->pids[req->num_pids - 1] ? CALL_OK : CALL_WRONG_PID;
}

static void run(const struct sandbox *sandbox, struct request *req,
		const char *what)
{
	for (int v = 0; v < VARIANT_COUNT; v++) {
		const char *why;
		int status;

		req->variant = (enum variant)v;
		status = sandbox_run(sandbox, call, req, &why);
		cr_expect_eq(status, CALL_OK, "%s [%s]: status %d %s", what,
			     variant_name(req->variant), status, why);
	}
}

/* The level of the caller's pid namespace, as far as /proc shows it. */
static int own_level(void)
{
	int nspid[NSPID_MAX];

	return read_nspid(nspid) - 1;
}

Test(differences, pid_set_reaches_above_a_containers_own_proc, .timeout = 30)
{
	/* /proc of the innermost namespace shows one level of the three. */
	struct sandbox sandbox = { .depth = 2, .own_proc = 1 };
	struct request req = { .num_pids = 2, .pids = { 300, 400 } };

	if (geteuid() != 0)
		cr_skip_test("needs root");
	run(&sandbox, &req, "{300, 400} two levels deep under a container's /proc");
}

Test(differences, chosen_pids_need_no_proc, .timeout = 30)
{
	/* clone3() checks the set: /proc is read only after a failure. */
	struct sandbox sandbox = { .depth = 2, .no_proc = 1 };
	struct request req = { .num_pids = 2, .pids = { 300, 400 } };

	if (geteuid() != 0)
		cr_skip_test("needs root");
	run(&sandbox, &req, "{300, 400} two levels deep without /proc");
}

Test(differences, outermost_0_entry_without_proc_is_enoent, .timeout = 30)
{
	/* clone3() is not given the 0 entry: only /proc can count it. */
	struct sandbox sandbox = { .depth = 2, .no_proc = 1 };
	struct request req = {
		.num_pids = 2, .pids = { 0, 400 }, .expect_errno = ENOENT,
	};

	if (geteuid() != 0)
		cr_skip_test("needs root");
	run(&sandbox, &req, "{0, 400} two levels deep without /proc");
}

Test(differences, thirty_three_chosen_pids_at_level_32_are_eopnotsupp, .timeout = 60)
{
	struct sandbox sandbox = { .depth = PID_NS_LEVEL_MAX - own_level() };
	struct request req = {
		.num_pids = PID_NS_LEVEL_MAX + 1, .expect_errno = EOPNOTSUPP,
	};

	if (geteuid() != 0)
		cr_skip_test("needs root");
	for (int i = 0; i < req.num_pids; i++)
		req.pids[i] = 500;
	req.pids[0] = 1000 + getpid() % 1000;
	run(&sandbox, &req, "33 chosen pids at level 32");
}

Test(differences, thirty_three_entries_at_level_32_work_when_the_outermost_is_0,
     .timeout = 60)
{
	struct sandbox sandbox = { .depth = PID_NS_LEVEL_MAX - own_level() };
	struct request req = { .num_pids = PID_NS_LEVEL_MAX + 1 };

	if (geteuid() != 0)
		cr_skip_test("needs root");
	for (int i = 1; i < req.num_pids; i++)
		req.pids[i] = 500;
	run(&sandbox, &req, "{0, 500 x 32} at level 32");
}
