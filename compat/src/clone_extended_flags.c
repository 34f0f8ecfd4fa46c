// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_extended_flags() and clone_extended_flags_run(): the flags-array
 * variant (spec section 4.1).
 */
#define _GNU_SOURCE
#include <errno.h>

#include "clone_extended.h"
#include "clone3_call.h"

static pid_t flags_array_start(const clone_flags_t *flags,
			       const struct child_start *start,
			       unsigned long tls, int *parent_tid,
			       int *child_tid, const struct pid_set *pid_set)
{
	/* Field by field: an initializer would also zero the 33 pids. */
	struct clone_request req;
	int ret;

	req.tls = tls;
	req.parent_tid = parent_tid;
	req.child_tid = child_tid;
	ret = clone_request_from_flags_array(&req, flags, pid_set);

	if (!ret)
		ret = clone3_call_make(&req, start);
	return clone_request_result(ret);
}

CLONE_EXTENDED_EXPORT
pid_t clone_extended_flags(const clone_flags_t *flags, void *child_stack,
			   unsigned long tls, int *parent_tid, int *child_tid,
			   const struct pid_set *pid_set)
{
	struct child_start start = { .stack = child_stack };

	return flags_array_start(flags, &start, tls, parent_tid, child_tid,
				 pid_set);
}

CLONE_EXTENDED_EXPORT
pid_t clone_extended_flags_run(int (*fn)(void *), void *arg, void *stack,
			       size_t stack_size, const clone_flags_t *flags,
			       unsigned long tls, int *parent_tid,
			       int *child_tid, const struct pid_set *pid_set)
{
	struct child_start start = {
		.fn = fn, .arg = arg, .stack = stack, .stack_size = stack_size,
	};

	if (!fn)
		return clone_request_result(-EINVAL);
	return flags_array_start(flags, &start, tls, parent_tid, child_tid,
				 pid_set);
}
