// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * clone_extended_info() and clone_extended_info_run(): the clone-info
 * variant (spec section 4.2).
 */
#define _GNU_SOURCE
#include <errno.h>

#include "clone_extended.h"
#include "clone3_call.h"

static pid_t clone_info_start(int flags_low, const struct child_start *start,
			      unsigned long tls, int *parent_tid,
			      int *child_tid,
			      const struct clone_info *clone_info)
{
	/* Field by field: an initializer would also zero the 33 pids. */
	struct clone_request req;
	int ret;

	req.tls = tls;
	req.parent_tid = parent_tid;
	req.child_tid = child_tid;
	ret = clone_request_from_clone_info(&req, flags_low, clone_info);

	if (!ret)
		ret = clone3_call_make(&req, start);
	return clone_request_result(ret);
}

CLONE_EXTENDED_EXPORT
pid_t clone_extended_info(int flags_low, void *child_stack, unsigned long tls,
			  int *parent_tid, int *child_tid,
			  const struct clone_info *clone_info)
{
	struct child_start start = { .stack = child_stack };

	return clone_info_start(flags_low, &start, tls, parent_tid, child_tid,
				clone_info);
}

CLONE_EXTENDED_EXPORT
pid_t clone_extended_info_run(int (*fn)(void *), void *arg, void *stack,
			      size_t stack_size, int flags_low,
			      unsigned long tls, int *parent_tid,
			      int *child_tid,
			      const struct clone_info *clone_info)
{
	struct child_start start = {
		.fn = fn, .arg = arg, .stack = stack, .stack_size = stack_size,
	};

	if (!fn)
		return clone_request_result(-EINVAL);
	return clone_info_start(flags_low, &start, tls, parent_tid, child_tid,
				clone_info);
}
