/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE3_CALL_H
#define CLONE3_CALL_H

#include <stddef.h>
#include <sys/types.h>
#include <linux/sched.h>

#include "clone_request.h"

/* Where the child starts: on a copy of the caller's stack, or in fn(arg). */
struct child_start {
	int (*fn)(void *arg);	/* NULL: fork-like, returns 0 in the child */
	void *arg;
	void *stack;
	size_t stack_size;
};

/*
 * The clone3() call that makes a checked request: the arguments, the pid set
 * in set_tid order (innermost first, plus the level of a CLONE_NEWPID
 * namespace) that args.set_tid points to, and the child's stack pointer for
 * clone().
 */
struct clone3_call {
	struct clone_args args;
	size_t size;		/* CLONE_ARGS_SIZE_VER0 or VER1 */
	pid_t set_tid[CLONE_REQUEST_PIDS_MAX + 1];
	int truncated;		/* leading 0 entries left out of set_tid */
	void *child_sp;		/* run forms only, else NULL */
};

/*
 * Turns a checked request into its clone3() call without making it: the
 * library's own rules for the forms and the flags clone() handles
 * differently.  With @set_tid_zero (the kernel's set_tid takes 0 entries)
 * a pid set that fits is passed whole, 0 entries and all; without it, its
 * leading 0 entries are left out and a 0 after a chosen pid is EOPNOTSUPP.
 * Writes fn and arg to the top of a run form's stack.  Returns 0 or a
 * negative errno (EINVAL, EOPNOTSUPP).
 */
int clone3_call_build(const struct clone_request *req,
		      const struct child_start *start, int set_tid_zero,
		      struct clone3_call *call);

/*
 * Creates the child of a checked request: clone3(), or clone() where the
 * kernel has no clone3() and the request needs nothing only clone3() can
 * do.  A pid set with a 0 entry is passed whole where the kernel takes 0
 * entries (set_tid_zero_supported()).  E-PIDS-TOO-MANY and E-PID-RANGE
 * are checked (clone_request_check_pid_limits()) before the call only for
 * a pid set whose leading 0 entries are left out, else only after a
 * failure, to give their EINVAL precedence.  Returns the child's pid in the parent, 0 in a
 * fork-like child, or a negative errno.
 */
int clone3_call_make(const struct clone_request *req,
		     const struct child_start *start);

#endif /* CLONE3_CALL_H */
