// SPDX-License-Identifier: GPL-2.0
/*
 * clone3() with set_tid entries of 0: the kernel chooses the pid at the
 * level of each 0 entry and uses every other entry as before.
 *
 * Each case runs in a process tree of its own, @depth pid namespaces
 * below the test's, so that no case chooses a pid in the namespace other
 * processes share.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sched.h>

#include "../kselftest.h"
#include "clone3_selftests.h"

#define NSPID_MAX 8

/* Exit codes of a case's process tree. */
#define CASE_PASS		0
#define CASE_WRONG_RESULT	1	/* clone3() did not return as expected */
#define CASE_WRONG_PID		2	/* a pid is not its non-zero entry */
#define CASE_SETUP_FAILED	3	/* the namespaces could not be made */

struct set_tid_zero_case {
	const char *name;
	int depth;		/* pid namespaces below the test's own */
	bool own_user_ns;	/* one more, owned by an unprivileged user ns */
	bool no_init;		/* the caller unshares a pid ns without init */
	__u64 flags;
	size_t set_tid_size;
	pid_t set_tid[4];	/* innermost first */
	int expected;		/* 0, or the errno clone3() fails with */
};

static const struct set_tid_zero_case cases[] = {
	{ "0 at the only entry lets the kernel choose",
	  0, false, false, 0, 1, { 0 }, 0 },
	{ "0 for a new pid namespace makes the child its init",
	  0, false, false, CLONE_NEWPID, 1, { 0 }, 0 },
	{ "0 outside a chosen pid",
	  1, false, false, 0, 2, { 300, 0 }, 0 },
	{ "0 inside a chosen pid",
	  2, false, false, 0, 3, { 0, 400, 0 }, 0 },
	{ "0 between chosen pids",
	  3, false, false, 0, 4, { 300, 0, 400, 0 }, 0 },
	{ "0 where the caller lacks CAP_CHECKPOINT_RESTORE",
	  1, true, false, 0, 2, { 200, 0 }, 0 },
	{ "a pid where the caller lacks CAP_CHECKPOINT_RESTORE",
	  1, true, false, 0, 2, { 200, 300 }, EPERM },
	{ "0 in a pid namespace without init makes the init",
	  1, false, true, 0, 1, { 0 }, 0 },
	{ "a pid other than 1 without init, outside a 0",
	  1, false, true, 0, 2, { 5, 0 }, EINVAL },
	{ "-1 beside a 0",
	  1, false, false, 0, 2, { -1, 0 }, EINVAL },
};

/* The pids of this process, outermost first, from NSpid; their number. */
static int read_nspid(pid_t *pids)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	int n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strlen("NSpid:"), *end;

		if (strncmp(line, "NSpid:", strlen("NSpid:")))
			continue;
		for (n = 0; n < NSPID_MAX; n++, p = end) {
			pids[n] = strtol(p, &end, 10);
			if (end == p)
				break;
		}
		break;
	}
	fclose(f);
	return n;
}

static int wait_exit_code(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, __WALL) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Makes the caller a process in a new pid namespace, or exits. */
static void enter_new_pid_ns(int flags)
{
	pid_t pid;

	if (unshare(flags))
		_exit(CASE_SETUP_FAILED);
	pid = fork();
	if (pid < 0)
		_exit(CASE_SETUP_FAILED);
	if (pid > 0)
		_exit(wait_exit_code(pid));
}

/* In the child: whether each non-zero entry is its pid at that level. */
static int child_check(const struct set_tid_zero_case *c)
{
	pid_t nspid[NSPID_MAX];
	int n = read_nspid(nspid);
	size_t i;

	if (n < (int)c->set_tid_size)
		return CASE_WRONG_PID;
	if ((c->flags & CLONE_NEWPID || c->no_init) && nspid[n - 1] != 1)
		return CASE_WRONG_PID;
	for (i = 0; i < c->set_tid_size; i++)
		if (c->set_tid[i] && nspid[n - 1 - i] != c->set_tid[i])
			return CASE_WRONG_PID;
	return CASE_PASS;
}

static int run_case(const struct set_tid_zero_case *c)
{
	struct __clone_args args = {
		.flags = c->flags,
		.exit_signal = SIGCHLD,
		.set_tid = ptr_to_u64(c->set_tid),
		.set_tid_size = c->set_tid_size,
	};
	pid_t pid;
	int i;

	for (i = 0; i < c->depth; i++)
		enter_new_pid_ns(CLONE_NEWPID);
	if (c->own_user_ns) {
		if (setresgid(65534, 65534, 65534) ||
		    setresuid(65534, 65534, 65534))
			return CASE_SETUP_FAILED;
		enter_new_pid_ns(CLONE_NEWUSER | CLONE_NEWPID);
	}
	if (c->no_init && unshare(CLONE_NEWPID))
		return CASE_SETUP_FAILED;

	pid = sys_clone3(&args, sizeof(args));
	if (pid == 0)
		_exit(child_check(c));
	if (c->expected)
		return pid < 0 && errno == c->expected ?
			CASE_PASS : CASE_WRONG_RESULT;
	if (pid < 0) {
		ksft_print_msg("%s: clone3() failed: %s\n", c->name,
			       strerror(errno));
		return CASE_WRONG_RESULT;
	}
	return wait_exit_code(pid);
}

int main(void)
{
	size_t i;

	ksft_print_header();
	test_clone3_supported();
	if (geteuid())
		ksft_exit_skip("set_tid with chosen pids needs root\n");
	ksft_set_plan(ARRAY_SIZE(cases));

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		pid_t pid;
		int ret;

		fflush(stdout);
		pid = fork();
		if (pid < 0)
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		if (pid == 0)
			_exit(run_case(&cases[i]));
		ret = wait_exit_code(pid);
		if (ret == CASE_WRONG_PID)
			ksft_print_msg("%s: a pid is not its entry\n",
				       cases[i].name);
		else if (ret == CASE_SETUP_FAILED)
			ksft_print_msg("%s: cannot make its pid namespaces\n",
				       cases[i].name);
		ksft_test_result(ret == CASE_PASS, "%s\n", cases[i].name);
	}
	ksft_finished();
}
