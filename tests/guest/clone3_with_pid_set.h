/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE3_WITH_PID_SET_H
#define CLONE3_WITH_PID_SET_H

/*
 * A clone_extended() call's flags and pid set as clone3() takes them, on a
 * kernel whose set_tid takes 0 entries (kernel-patches/clone3-set-tid-zero):
 * what the guest programs that run this project's tables through clone3()
 * share.
 */

#include <stdint.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/pid_set.h>
#include <linux/sched.h>

/* MAX_PID_NS_LEVEL: the most set_tid entries clone3() takes. */
#define SET_TID_MAX	32

/*
 * clone3() with @flags (exit signal in bits 0-7, as clone() packs it) and
 * the pids of @pid_set (NULL: none).  set_tid lists them innermost first,
 * after a 0 for the namespace CLONE_NEWPID makes, which a pid set leaves
 * out.  A count clone3() cannot take, or pids that are not @readable, are
 * passed on as they are, for clone3() to refuse.  CLONE_PIDFD and
 * CLONE_PARENT_SETTID share *@parent_tid, as in clone().
 */
static pid_t clone3_with_pid_set(__u64 flags, const struct pid_set *pid_set,
				 int readable, int *parent_tid)
{
	int new_ns = !!(flags & CLONE_NEWPID);
	pid_t set_tid[SET_TID_MAX];
	struct clone_args args = {
		.flags = flags & ~(__u64)CSIGNAL,
		.exit_signal = flags & CSIGNAL,
		.pidfd = (uintptr_t)parent_tid,
		.parent_tid = (uintptr_t)parent_tid,
	};
	int i, n = pid_set ? pid_set->num_pids : 0;

	if (!pid_set || n == 0) {
		/* No pids to give: no set_tid, as for a NULL pid set. */
	} else if (readable && n > 0 && n + new_ns <= SET_TID_MAX) {
		set_tid[0] = 0;
		for (i = 0; i < n; i++)
			set_tid[new_ns + i] = pid_set->pids[n - 1 - i];
		args.set_tid = (uintptr_t)set_tid;
		args.set_tid_size = n + new_ns;
	} else {
		args.set_tid = (uintptr_t)pid_set->pids;
		args.set_tid_size = (__u64)(__s64)n + new_ns;
	}
	return syscall(__NR_clone3, &args, sizeof(args));
}

#endif /* CLONE3_WITH_PID_SET_H */
