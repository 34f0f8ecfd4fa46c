// SPDX-License-Identifier: GPL-2.0 OR MIT
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capability_check.h"

/* One call and what its child saw. */
struct call_outcome {
	pid_t ret;
	int call_errno;
	int child_nspid[NSPID_MAX];
	int child_nspid_count;	/* 0 unless a child ran */
};

/* In memory shared by the sandbox's processes and the checker. */
struct case_outcome {
	__u64 caps_effective;	/* the caller's, in its user namespace */
	struct call_outcome first;
	int leftover_child;	/* a process remained after a refused call */
	int inner_pid_in_use;	/* the innermost pid asked for was taken */
	struct call_outcome retry;	/* owned levels only, after a refusal */
};

struct case_run {
	const struct capability_case *row;
	capability_call call;
	void *arg;
	struct case_outcome *outcome;
};

static void call_and_report(const struct case_run *run, const int *pids,
			    struct call_outcome *outcome)
{
	struct pid_set pid_set = { run->row->num_pids, (__kernel_pid_t *)pids };
	pid_t pid;

	outcome->child_nspid_count = 0;
	pid = run->call(&pid_set, run->arg);
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

/* The row's pids at the levels the caller owns, 0 further out. */
static void owned_pids(const struct capability_case *row,
		       int pids[CAPABILITY_CASE_PIDS_MAX])
{
	int i;

	for (i = 0; i < row->num_pids; i++)
		pids[i] = i < row->num_pids - row->owned_levels ?
			  0 : row->pids[i];
}

/* The caller, in the sandbox. */
static int call_row(void *arg)
{
	const struct case_run *run = arg;
	const struct capability_case *row = run->row;
	struct case_outcome *outcome = run->outcome;
	int inner = row->pids[row->num_pids - 1];
	int retry[CAPABILITY_CASE_PIDS_MAX];

	outcome->caps_effective = effective_caps();
	call_and_report(run, row->pids, &outcome->first);
	if (outcome->first.ret > 0)
		return 0;
	/* The caller is its namespace's init: any process is its child. */
	outcome->leftover_child = waitpid(-1, NULL, WNOHANG | __WALL) != -1 ||
				  errno != ECHILD;
	outcome->inner_pid_in_use = inner && (kill(inner, 0) == 0 ||
					      errno != ESRCH);
	owned_pids(row, retry);
	call_and_report(run, retry, &outcome->retry);
	return 0;
}

static enum capability_verdict say(enum capability_verdict verdict,
				   char *why, size_t why_size,
				   const char *format, ...)
	__attribute__((format(printf, 4, 5)));

static enum capability_verdict say(enum capability_verdict verdict,
				   char *why, size_t why_size,
				   const char *format, ...)
{
	va_list args;

	va_start(args, format);
	vsnprintf(why, why_size, format, args);
	va_end(args);
	return verdict;
}

/* The child's pid at each level with a non-zero entry is that entry. */
static enum capability_verdict check_child(const struct call_outcome *call,
					   const int *pids, int num_pids,
					   const char *what, char *why,
					   size_t why_size)
{
	int count = call->child_nspid_count;
	int i;

	if (call->ret <= 0)
		return say(CAPABILITY_FAIL, why, why_size,
			   "%s: failed with %s", what,
			   strerror(call->call_errno));
	if (count <= 0)
		return say(CAPABILITY_FAIL, why, why_size,
			   "%s: the child did not report", what);
	for (i = 0; i < num_pids; i++) {
		int at = count - num_pids + i;

		if (!pids[i])
			continue;
		if (at < 0)
			return say(CAPABILITY_FAIL, why, why_size,
				   "%s: entry %d has no level", what, i);
		if (call->child_nspid[at] != pids[i])
			return say(CAPABILITY_FAIL, why, why_size,
				   "%s: entry %d: pid %d, expected %d", what,
				   i, call->child_nspid[at], pids[i]);
	}
	return CAPABILITY_PASS;
}

static enum capability_verdict judge(const struct capability_case *row,
				     const struct case_outcome *outcome,
				     char *why, size_t why_size)
{
	int retry[CAPABILITY_CASE_PIDS_MAX];

	/* What the caller holds over root's namespaces is what the row says. */
	if (row->sandbox.drop_keeping_caps && !row->sandbox.own_user_ns &&
	    outcome->caps_effective != (row->sandbox.kept_caps &
					effective_caps()))
		return say(CAPABILITY_FAIL, why, why_size,
			   "the caller has capabilities %#llx",
			   (unsigned long long)outcome->caps_effective);
	if (!row->expect_errno)
		return check_child(&outcome->first, row->pids, row->num_pids,
				   "the call", why, why_size);
	if (outcome->first.ret != -1)
		return say(CAPABILITY_FAIL, why, why_size,
			   "returned %d, expected %s", outcome->first.ret,
			   strerror(row->expect_errno));
	if (outcome->first.call_errno != row->expect_errno)
		return say(CAPABILITY_FAIL, why, why_size, "%s, expected %s",
			   strerror(outcome->first.call_errno),
			   strerror(row->expect_errno));
	if (outcome->first.child_nspid_count)
		return say(CAPABILITY_FAIL, why, why_size,
			   "a child ran although the call failed");
	if (outcome->leftover_child)
		return say(CAPABILITY_FAIL, why, why_size,
			   "a process remained after the refused call");
	if (outcome->inner_pid_in_use)
		return say(CAPABILITY_FAIL, why, why_size,
			   "pid %d in use after the refused call",
			   row->pids[row->num_pids - 1]);
	owned_pids(row, retry);
	return check_child(&outcome->retry, retry, row->num_pids,
			   "the retry at the owned levels", why, why_size);
}

enum capability_verdict capability_check(const struct capability_case *row,
					 capability_call call, void *arg,
					 char *why, size_t why_size)
{
	struct case_run run = { .row = row, .call = call, .arg = arg };
	enum capability_verdict verdict;
	const char *step;
	int status;

	*why = '\0';
	if (geteuid() != 0)
		return say(CAPABILITY_SKIP, why, why_size,
			   "needs root to set up the namespaces");
	run.outcome = shared_page(sizeof(*run.outcome));
	if (!run.outcome)
		return say(CAPABILITY_FAIL, why, why_size,
			   "no shared memory: %s", strerror(errno));
	memset(run.outcome, 0, sizeof(*run.outcome));
	/* Nothing buffered may be written again by the sandbox's processes. */
	fflush(NULL);
	status = sandbox_run(&row->sandbox, call_row, &run, &step);
	if (status == SANDBOX_NO_USER_NS)
		verdict = say(CAPABILITY_SKIP, why, why_size,
			      "no unprivileged user namespaces");
	else if (status)
		verdict = say(CAPABILITY_FAIL, why, why_size,
			      "sandbox status %d (%s)", status, step);
	else
		verdict = judge(row, run.outcome, why, why_size);
	munmap(run.outcome, sizeof(*run.outcome));
	return verdict;
}
