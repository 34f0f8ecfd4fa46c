// SPDX-License-Identifier: GPL-2.0 OR MIT
/* The checks both variants share: spec section 6, rows 5 to 7 and 9 to 12. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>

#include "caller_memory.h"
#include "clone_request.h"
#include "pid_ns_level.h"

/* Flags the spec knows: the exit signal, the clone() flags, bit 32. */
#define CLONE_REQUEST_KNOWN_FLAGS	(0xffffffffULL | CLONE_CLEAR_SIGHAND)
/* _NSIG on every Linux architecture this library builds for. */
#define CLONE_REQUEST_SIG_MAX		64

int clone_request_check_flags(__u64 flags)
{
	if (flags & ~(CLONE_REQUEST_KNOWN_FLAGS | CLONE_INTO_CGROUP))
		return -EINVAL;
	if (flags & CLONE_INTO_CGROUP)
		return -EINVAL;
	if ((flags & CSIGNAL) > CLONE_REQUEST_SIG_MAX)
		return -EINVAL;
	return 0;
}

int clone_request_read_pids(struct clone_request *req, int num_pids,
			    const pid_t *pids)
{
	int level, exact, pid_max, err, i;

	req->num_pids = 0;
	if (num_pids == 0)
		return 0;
	if (num_pids < 0 || num_pids > CLONE_REQUEST_PIDS_MAX)
		return -EINVAL;
	level = pid_ns_level_for_children(&exact);
	if (level < 0)
		return level;
	/* Where the level is a lower bound, clone3() answers for the rest. */
	if (num_pids > level + 1 && exact)
		return -EINVAL;
	err = copy_from_caller(req->pids, pids, num_pids * sizeof(*pids));
	if (err)
		return err;
	pid_max = pid_ns_pid_max();
	if (pid_max < 0)
		return pid_max;
	for (i = 0; i < num_pids; i++)
		if (req->pids[i] < 0 || req->pids[i] >= pid_max)
			return -EINVAL;
	req->num_pids = num_pids;
	return 0;
}

pid_t clone_request_result(long ret)
{
	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return (pid_t)ret;
}
