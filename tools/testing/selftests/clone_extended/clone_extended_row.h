/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE_EXTENDED_ROW_H
#define CLONE_EXTENDED_ROW_H

/*
 * The driver of clone_extended_cases.h: row_run() runs a row as the steps
 * there say, in a process tree of its own, with the call (step 5) made by a
 * function of the test; row_check() judges what the caller and the child
 * saw.  Plain C with no test framework, so that the kselftests of every
 * variant and the tests of a userspace implementation run the rows alike.
 */

#include <errno.h>
#include <signal.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/pid_set.h>
#include <linux/types.h>

#include "clone_extended_cases.h"

/* Pid namespace levels NSpid can list: MAX_PID_NS_LEVEL + 1, and spare. */
#define ROW_NSPID_MAX	40

/* Exit codes of a row's child, 0 when it has the pids it should. */
#define ROW_CHILD_NOT_INIT	1	/* not pid 1 of its new namespace */
#define ROW_CHILD_WRONG_PID	2	/* a pid is not its non-zero entry */
#define CHILD_BROKEN		99	/* could not check what it was asked */

/* What a row's caller and child saw. */
struct row_outcome {
	const char *setup_failed;	/* the step of 1 to 4 that failed */
	int setup_errno;
	int no_user_ns;		/* uid 65534 may not create a user namespace */
	int called;
	pid_t ret;
	int call_errno;
	int child_ran;
	int child_exit;		/* a ROW_CHILD_* code, or -1: no normal exit */
	int num_pids;
	/* The entries after substitution, zeroed past the row's. */
	pid_t pids[ROW_NSPID_MAX];
};

/*
 * Step 5 of the test: clone_extended() with @row's flags and @pid_set
 * (NULL for none), whose child exits with row_child_check(@row).  Returns
 * what the call returned in the caller, with errno set.
 */
typedef pid_t row_call_fn(const struct clone_extended_case *row,
			  const struct pid_set *pid_set);

/* Exit code of the child @pid, or -1 if it did not exit normally. */
static int wait_exit_code(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, __WALL) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * The pids of the calling thread from /proc/thread-self/status (NSpid),
 * outermost first, as seen from the pid namespace of /proc.  Returns their
 * number, or -1.
 */
static int read_nspid(pid_t *pids, int max)
{
	char line[512];
	FILE *f = fopen("/proc/thread-self/status", "r");
	int n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strlen("NSpid:");
		char *end;

		if (strncmp(line, "NSpid:", strlen("NSpid:")))
			continue;
		for (n = 0; n < max; n++, p = end) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			pids[n] = v;
		}
		break;
	}
	fclose(f);
	return n;
}

/* /proc/sys/kernel/pid_max, or -1 if it cannot be read. */
static pid_t read_pid_max(void)
{
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	int v = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/*
 * An address nothing can read: a PROT_NONE page, left mapped so that no
 * later mapping (a sanitizer's, say) can take its place.
 */
static void *unmapped_address(void)
{
	void *p = mmap(NULL, getpagesize(), PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Give up every capability: all uids 65534, no SECBIT_KEEP_CAPS. */
static int drop_privileges(void)
{
	if (setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
		return -1;
	return 0;
}

/* The outcome of the row this process tree runs, in shared memory. */
static struct row_outcome *row_shared;

static void row_setup_failed(const char *step)
{
	row_shared->setup_failed = step;
	row_shared->setup_errno = errno;
	_exit(CHILD_BROKEN);
}

/*
 * Make the caller init of a new pid namespace: the parent stays behind and
 * exits with the child's status when it ends, which brings the namespace,
 * and whatever a row left in it, down with it.
 */
static void row_enter_new_pid_ns(int unshare_flags)
{
	pid_t pid;

	if (unshare(unshare_flags)) {
		if (unshare_flags & CLONE_NEWUSER)
			row_shared->no_user_ns = 1;
		row_setup_failed("unshare() of a new pid namespace");
	}
	pid = fork();
	if (pid < 0)
		row_setup_failed("fork() into a new pid namespace");
	if (pid > 0)
		_exit(wait_exit_code(pid) & 0xff);
}

/* Steps 1 to 3. */
static void row_sandbox(const struct clone_extended_case *row)
{
	int i;

	for (i = 0; i < row->depth; i++)
		row_enter_new_pid_ns(CLONE_NEWPID);
	if (row->own_user_ns) {
		if (drop_privileges())
			row_setup_failed("dropping to uid/gid 65534");
		row_enter_new_pid_ns(CLONE_NEWUSER | CLONE_NEWPID);
	}
	if (row->unshare_pid_ns && unshare(CLONE_NEWPID))
		row_setup_failed("unshare(CLONE_NEWPID) of the caller");
}

/* Step 4: the pid set's entries, with the CE_PID_* symbols replaced. */
static void row_pids(const struct clone_extended_case *row)
{
	pid_t nspid[ROW_NSPID_MAX];
	int count = read_nspid(nspid, ROW_NSPID_MAX);
	int i;

	if (count < 1)
		row_setup_failed("reading NSpid");
	row_shared->num_pids = row->num_pids;
	if (row->num_pids_over_level)
		row_shared->num_pids = count - 1 + row->unshare_pid_ns + 1 +
					row->num_pids_over_level;
	for (i = 0; i < row_shared->num_pids && i < CE_CASE_PIDS_MAX; i++) {
		/* Levels between this entry and the caller's own. */
		int up = row_shared->num_pids - 1 - i - row->unshare_pid_ns;

		row_shared->pids[i] = row->pids[i];
		if (row->pids[i] == CE_PID_LIMIT)
			row_shared->pids[i] = read_pid_max();
		if (row->pids[i] == CE_PID_SELF) {
			if (up < 0 || up >= count)
				row_setup_failed("finding the caller's own pid");
			row_shared->pids[i] = nspid[count - 1 - up];
		}
	}
}

/*
 * In the child of a row's call: 0 when its pid at each level with a
 * non-zero entry is that entry, and 1 in a namespace made by CLONE_NEWPID.
 */
static int row_child_check(const struct clone_extended_case *row)
{
	int new_ns = !!(row->flags & CLONE_NEWPID);
	pid_t nspid[ROW_NSPID_MAX];
	int count = read_nspid(nspid, ROW_NSPID_MAX);
	int i;

	row_shared->child_ran = 1;
	if (count < 1)
		return CHILD_BROKEN;
	if (new_ns && nspid[count - 1] != 1)
		return ROW_CHILD_NOT_INIT;
	for (i = 0; i < row_shared->num_pids && i < CE_CASE_PIDS_MAX; i++) {
		int at = count - 1 - new_ns - (row_shared->num_pids - 1 - i);

		if (row_shared->pids[i] &&
		    (at < 0 || nspid[at] != row_shared->pids[i]))
			return ROW_CHILD_WRONG_PID;
	}
	return 0;
}

/* The caller: steps 1 to 5, then the wait for the child. */
static void row_caller(const struct clone_extended_case *row,
		       row_call_fn *call)
{
	int signal_number = (int)(row->flags & CSIGNAL);
	struct pid_set set;
	pid_t pid;

	row_sandbox(row);
	row_pids(row);
	set.num_pids = row_shared->num_pids;
	set.pids = row_shared->pids;
	if (row->pids_unreadable) {
		set.pids = unmapped_address();
		if (!set.pids)
			row_setup_failed("finding an unmapped address");
	}

	/* The caller must outlive a child's real-time exit signal. */
	if (signal_number && signal_number != SIGCHLD && signal_number <= 64)
		signal(signal_number, SIG_IGN);
	row_shared->called = 1;
	/* Without pids to give, the pid set is left out altogether. */
	pid = call(row, set.num_pids || row->pids_unreadable ? &set : NULL);
	row_shared->ret = pid;
	row_shared->call_errno = errno;
	if (pid > 0)
		row_shared->child_exit = wait_exit_code(pid);
	_exit(0);
}

/*
 * Run @row with @call making the call, in a process tree of its own that
 * is gone when this returns, and fill @outcome.  Returns 0, or -1 with
 * errno set when the tree could not be started.
 */
static int row_run(const struct clone_extended_case *row, row_call_fn *call,
		   struct row_outcome *outcome)
{
	pid_t pid;

	if (!row->name) {
		errno = EINVAL;
		return -1;
	}
	row_shared = mmap(NULL, sizeof(*row_shared), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (row_shared == MAP_FAILED)
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0)
		row_caller(row, call);
	if (pid > 0)
		wait_exit_code(pid);
	*outcome = *row_shared;
	munmap(row_shared, sizeof(*row_shared));
	row_shared = NULL;
	return pid < 0 ? -1 : 0;
}

/*
 * 0 when @o is what @row says, with @expect_errno as the row's
 * errno (an implementation may differ from the kernel on some rows);
 * otherwise 1, and why in @why.
 */
static int row_check(const struct clone_extended_case *row, int expect_errno,
		     const struct row_outcome *o, char *why, size_t size)
{
	if (o->setup_failed)
		snprintf(why, size, "%s: setup failed at %s: %s", row->name,
			 o->setup_failed, strerror(o->setup_errno));
	else if (!o->called)
		snprintf(why, size, "%s: the caller died before the call",
			 row->name);
	else if (expect_errno && o->ret != -1)
		snprintf(why, size, "%s: returned %d, expected %s", row->name,
			 (int)o->ret, strerror(expect_errno));
	else if (expect_errno && o->call_errno != expect_errno)
		snprintf(why, size, "%s: %s, expected %s", row->name,
			 strerror(o->call_errno), strerror(expect_errno));
	else if (expect_errno && o->child_ran)
		snprintf(why, size, "%s: a child ran although the call failed",
			 row->name);
	else if (!expect_errno && o->ret <= 0)
		snprintf(why, size, "%s: returned %d: %s", row->name,
			 (int)o->ret, strerror(o->call_errno));
	else if (!expect_errno && o->child_exit == ROW_CHILD_NOT_INIT)
		snprintf(why, size, "%s: the child is not pid 1 of its namespace",
			 row->name);
	else if (!expect_errno && o->child_exit == ROW_CHILD_WRONG_PID)
		snprintf(why, size, "%s: the child's pids are not its entries",
			 row->name);
	else if (!expect_errno && o->child_exit)
		snprintf(why, size, "%s: the child exited with %d", row->name,
			 o->child_exit);
	else
		return 0;
	return 1;
}

#endif /* CLONE_EXTENDED_ROW_H */
