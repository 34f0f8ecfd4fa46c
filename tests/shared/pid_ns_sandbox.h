/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef PID_NS_SANDBOX_H
#define PID_NS_SANDBOX_H

/*
 * Runs a test's caller in fresh nested pid namespaces, in a process tree of
 * its own: when the caller returns, every namespace's init exits and the
 * kernel kills whatever the test left in it, so no process outlives the
 * test.  The arrangements of the rows of clone_extended_cases.h, which
 * clone_extended_row.h makes itself, and those the rows lack: a /proc of
 * its own or none, kept capabilities, nested user namespaces.
 */

#include <sys/types.h>
#include <linux/types.h>

/* How many pid namespaces a test's NSpid can list. */
#define NSPID_MAX	40

struct sandbox {
	int depth;		/* nested pid namespaces made as root */
	int own_proc;		/* then a mount namespace with its own /proc,
				 * as a container has */
	int no_proc;		/* then a mount namespace with an empty /proc */
	/*
	 * Then as uid/gid 65534 keeping only the capabilities in bit mask
	 * @kept_caps (bit n: capability n), in the initial user namespace.
	 */
	int drop_keeping_caps;
	__u64 kept_caps;
	int own_user_ns;	/* then one more in a user namespace as 65534 */
	int own_pid_levels;	/* and this many more pid namespaces in it */
	int nested_user_ns;	/* with own_user_ns: then one more user namespace
				 * inside it, with one pid namespace */
	int unshare_pid_ns;	/* then unshare(CLONE_NEWPID) without a fork */
};

/* Exit status of the sandbox when its setup failed. */
#define SANDBOX_SETUP_FAILED	125
/* Exit status when the caller could not create a user namespace. */
#define SANDBOX_NO_USER_NS	124

/*
 * Runs caller(arg) inside @sandbox and returns its return value (0-123), one
 * of the SANDBOX_* statuses, or -1 if the sandbox could not be started.
 * On SANDBOX_SETUP_FAILED, @why (if not NULL) names the failed step.
 */
int sandbox_run(const struct sandbox *sandbox, int (*caller)(void *arg),
		void *arg, const char **why);

/* Map of shared memory the sandbox's processes and the test all see. */
void *shared_page(size_t size);

/*
 * The calling thread's pid in each namespace /proc shows, outermost first.
 * Returns how many, or -1.
 */
int read_nspid(int nspid[NSPID_MAX]);

#endif /* PID_NS_SANDBOX_H */
