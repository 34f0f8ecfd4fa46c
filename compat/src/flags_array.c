// SPDX-License-Identifier: GPL-2.0 OR MIT
/* The flags-array variant: spec section 4.1, rows 1, 5-12 of section 6. */
#define _GNU_SOURCE
#include <errno.h>

#include "clone_extended.h"
#include "caller_memory.h"
#include "clone_request.h"

long clone_request_from_flags_array(struct clone_request *req,
				    const clone_flags_t *flags,
				    const struct pid_set *pid_set)
{
	clone_flags_t set;
	struct pid_set pids;
	long err;

	err = copy_from_caller(&set, flags, sizeof(set));
	if (err)
		return err;
	req->flags = clone_flags_to_mask(&set);
	err = clone_request_check_flags(req->flags);
	if (err)
		return err;
	if (!pid_set)
		return clone_request_read_pids(req, 0, NULL);
	err = copy_from_caller(&pids, pid_set, sizeof(pids));
	if (err)
		return err;
	return clone_request_read_pids(req, pids.num_pids, pids.pids);
}

static pid_t clone_flags_array(const clone_flags_t *flags,
			       const struct child_start *start,
			       unsigned long tls, int *parent_tid,
			       int *child_tid, const struct pid_set *pid_set)
{
	struct clone_request req = {
		.tls = tls,
		.parent_tid = parent_tid,
		.child_tid = child_tid,
	};
	long ret = clone_request_from_flags_array(&req, flags, pid_set);

	if (!ret)
		ret = clone_request_start(&req, start);
	return clone_request_result(ret);
}

CLONE_EXTENDED_EXPORT
pid_t clone_extended_flags(const clone_flags_t *flags, void *child_stack,
			   unsigned long tls, int *parent_tid, int *child_tid,
			   const struct pid_set *pid_set)
{
	struct child_start start = { .stack = child_stack };

	return clone_flags_array(flags, &start, tls, parent_tid, child_tid,
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
	return clone_flags_array(flags, &start, tls, parent_tid, child_tid,
				 pid_set);
}
