// SPDX-License-Identifier: GPL-2.0 OR MIT
/* The clone-info variant: spec section 4.2, rows 2-7 and 9-12 of section 6. */
#define _GNU_SOURCE
#include <errno.h>

#include "clone_extended.h"
#include "caller_memory.h"
#include "clone_request.h"

/*
 * Reads the high flag words: word 0 holds flags 32-63, the others must be
 * zero (flags 64 and up are unknown).
 */
static long read_flags_high(struct clone_request *req,
			    const struct clone_info *info)
{
	unsigned int words[CLONE_INFO_HIGH_WORDS_MAX];
	long err;
	int i;

	if (info->num_clone_high_words < 0 ||
	    info->num_clone_high_words > CLONE_INFO_HIGH_WORDS_MAX)
		return -EINVAL;
	if (info->num_clone_high_words == 0)
		return 0;
	err = copy_from_caller(words, info->flags_high,
			       info->num_clone_high_words * sizeof(words[0]));
	if (err)
		return err;
	req->flags |= (__u64)words[0] << 32;
	for (i = 1; i < info->num_clone_high_words; i++)
		if (words[i])
			return -EINVAL;
	return 0;
}

long clone_request_from_clone_info(struct clone_request *req, int flags_low,
				   const struct clone_info *clone_info)
{
	struct clone_info info;
	long err;

	req->flags = (unsigned int)flags_low;
	if (!clone_info)
		return clone_request_check_flags(req->flags);
	err = copy_from_caller(&info, clone_info, sizeof(info));
	if (err)
		return err;
	err = read_flags_high(req, &info);
	if (err)
		return err;
	err = clone_request_check_flags(req->flags);
	if (err)
		return err;
	return clone_request_read_pids(req, info.pid_set.num_pids,
				       info.pid_set.pids);
}

static pid_t clone_info_start(int flags_low, const struct child_start *start,
			      unsigned long tls, int *parent_tid,
			      int *child_tid,
			      const struct clone_info *clone_info)
{
	struct clone_request req = {
		.tls = tls,
		.parent_tid = parent_tid,
		.child_tid = child_tid,
	};
	long ret = clone_request_from_clone_info(&req, flags_low, clone_info);

	if (!ret)
		ret = clone_request_start(&req, start);
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
