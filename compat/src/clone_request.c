// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A clone_extended() call of either variant, copied and checked into a
 * struct clone_request: the argument checks of spec section 6.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/sched.h>
#include <linux/clone_flags.h>
#include <linux/clone_info.h>

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
	if (flags & CLONE_DETACHED)
		return -EINVAL;
	if ((flags & CSIGNAL) > CLONE_REQUEST_SIG_MAX)
		return -EINVAL;
	if ((flags & CSIGNAL) && (flags & (CLONE_THREAD | CLONE_PARENT)))
		return -EINVAL;
	return 0;
}

/*
 * E-PIDS-TOO-MANY, where the level is known exactly: where it is a lower bound,
 * clone3() answers for the rest.
 */
static int check_pid_count(int num_pids)
{
	int level, exact;

	level = pid_ns_level_for_children(&exact);
	if (level < 0)
		return level;
	return num_pids > level + 1 && exact ? -EINVAL : 0;
}

/*
 * E-PIDS-NEGATIVE and E-PIDS-FAULT: num_pids bounds, the pids array (and
 * E-PIDS-TOO-MANY when the array is unreadable).  Copies the entries into @req.
 */
static int read_pids(struct clone_request *req, struct caller_reads *reads,
		     int num_pids, const pid_t *pids)
{
	int err;

	req->num_pids = 0;
	if (num_pids == 0)
		return 0;
	if (num_pids < 0 || num_pids > CLONE_REQUEST_PIDS_MAX)
		return -EINVAL;
	err = copy_from_caller(reads, req->pids, pids,
			       num_pids * sizeof(*pids));
	if (err)
		/* E-PIDS-TOO-MANY comes before E-PIDS-FAULT. */
		return check_pid_count(num_pids) == -EINVAL ? -EINVAL : err;
	req->num_pids = num_pids;
	return 0;
}

int clone_request_check_pid_limits(const struct clone_request *req)
{
	int pid_max, err, i;

	if (req->num_pids == 0)
		return 0;
	err = check_pid_count(req->num_pids);
	if (err)
		return err;
	pid_max = pid_ns_pid_max();
	if (pid_max < 0)
		return pid_max;
	for (i = 0; i < req->num_pids; i++)
		if (req->pids[i] < 0 || req->pids[i] >= pid_max)
			return -EINVAL;
	return 0;
}

/*
 * The flags-array variant, spec section 4.1: the argument checks but
 * clone-info's E-INFO-FAULT, E-HIGH-COUNT and E-HIGH-FAULT.
 */
int clone_request_from_flags_array(struct clone_request *req,
				   const struct clone_flags *flags,
				   const struct pid_set *pid_set)
{
	struct caller_reads reads;
	struct clone_flags set;
	struct pid_set pids;
	int err;

	caller_reads_init(&reads);
	err = copy_from_caller(&reads, &set, flags, sizeof(set));
	if (err)
		return err;
	req->flags = clone_flags_to_mask(&set);
	err = clone_request_check_flags(req->flags);
	if (err)
		return err;
	if (!pid_set)
		return read_pids(req, &reads, 0, NULL);
	err = copy_from_caller(&reads, &pids, pid_set, sizeof(pids));
	if (err)
		return err;
	return read_pids(req, &reads, pids.num_pids, pids.pids);
}

/*
 * The clone-info variant, spec section 4.2: the argument checks but
 * flags-array's E-FLAGS-FAULT and E-PID-SET-FAULT.
 */
/*
 * Reads the high flag words: word 0 holds flags 32-63, the others must be
 * zero (flags 64 and up are unknown).
 */
static int read_flags_high(struct clone_request *req,
			   struct caller_reads *reads,
			   const struct clone_info *info)
{
	unsigned int words[CLONE_INFO_HIGH_WORDS_MAX];
	int err;
	int i;

	if (info->num_clone_high_words < 0 ||
	    info->num_clone_high_words > CLONE_INFO_HIGH_WORDS_MAX)
		return -EINVAL;
	if (info->num_clone_high_words == 0)
		return 0;
	err = copy_from_caller(reads, words, info->flags_high,
			       info->num_clone_high_words * sizeof(words[0]));
	if (err)
		return err;
	req->flags |= (__u64)words[0] << 32;
	for (i = 1; i < info->num_clone_high_words; i++)
		if (words[i])
			return -EINVAL;
	return 0;
}

int clone_request_from_clone_info(struct clone_request *req, int flags_low,
				  const struct clone_info *clone_info)
{
	struct caller_reads reads;
	struct clone_info info;
	int err;

	req->flags = (unsigned int)flags_low;
	req->num_pids = 0;
	if (!clone_info)
		return clone_request_check_flags(req->flags);
	caller_reads_init(&reads);
	err = copy_from_caller(&reads, &info, clone_info, sizeof(info));
	if (err)
		return err;
	err = read_flags_high(req, &reads, &info);
	if (err)
		return err;
	err = clone_request_check_flags(req->flags);
	if (err)
		return err;
	return read_pids(req, &reads, info.pid_set.num_pids,
			 info.pid_set.pids);
}
