/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CAPABILITY_CHECK_H
#define CAPABILITY_CHECK_H

/*
 * Runs one row of capability_cases.h in its sandbox and judges what
 * happened, whatever makes the call: the compat library's variants on the
 * host (capability_test.c) or system call 463 of a patched kernel
 * (tests/guest/capability_matrix.c).  Test frameworks differ
 * between the two; the checks do not.
 */

#include <stddef.h>
#include <sys/types.h>
#include <linux/pid_set.h>

#include "capability_cases.h"

/*
 * Calls clone_extended() with exit signal SIGCHLD, no other flag and the
 * pids of @pid_set; returns as fork() does.  @arg is the caller's.
 */
typedef pid_t (*capability_call)(const struct pid_set *pid_set, void *arg);

enum capability_verdict {
	CAPABILITY_PASS,
	CAPABILITY_FAIL,
	CAPABILITY_SKIP,	/* the machine cannot set up the row */
};

/*
 * Runs @row through @call: expected errno or expected pids, and for a
 * refusal, no child and the innermost pid still free, then the retry at the
 * owned levels granted.  Unless it passes, @why (of @why_size bytes) says
 * what went wrong or why it was skipped.
 */
enum capability_verdict capability_check(const struct capability_case *row,
					 capability_call call, void *arg,
					 char *why, size_t why_size);

#endif /* CAPABILITY_CHECK_H */
