/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE_REQUEST_H
#define CLONE_REQUEST_H

#include <errno.h>
#include <sys/types.h>
#include <linux/sched.h>
#include <linux/types.h>

struct clone_flags;
struct clone_info;
struct pid_set;

/* The public calls; everything else stays inside the library. */
#define CLONE_EXTENDED_EXPORT	__attribute__((visibility("default")))

/* MAX_PID_NS_LEVEL (32) + 1: no pid set can be longer (spec section 5). */
#define CLONE_REQUEST_PIDS_MAX	33

/*
 * One clone_extended() call of either variant once its arguments have been
 * copied and checked (the spec's argument checks): what is left is the same
 * for both.
 */
struct clone_request {
	__u64 flags;		/* spec section 3: exit signal in bits 0-7 */
	unsigned long tls;
	int *parent_tid;
	int *child_tid;
	int num_pids;
	pid_t pids[CLONE_REQUEST_PIDS_MAX];	/* outermost first */
};

/*
 * Copy and check the arguments of each variant (the argument checks but
 * E-PIDS-TOO-MANY and E-PID-RANGE, see clone_request_check_pid_limits()),
 * filling
 * @req->flags and the pid set; the public calls and the fuzz targets
 * (tests/libfuzzer/) start here.  Return 0 or a negative errno; nothing is
 * created.
 */
int clone_request_from_flags_array(struct clone_request *req,
				   const struct clone_flags *flags,
				   const struct pid_set *pid_set);
int clone_request_from_clone_info(struct clone_request *req, int flags_low,
				  const struct clone_info *clone_info);

/* E-FLAG-UNKNOWN, E-FLAG-CGROUP and E-EXIT-SIGNAL of the spec. */
int clone_request_check_flags(__u64 flags);

/*
 * E-PIDS-TOO-MANY and E-PID-RANGE of a read pid set: its length against the level of the
 * target namespace, each entry against pid_max.  Both come from /proc,
 * which costs more than creating a process, and clone3() checks them too:
 * clone3_call_make() asks only where clone3() cannot answer.  Returns 0,
 * -EINVAL, or the errno of a /proc read.
 */
int clone_request_check_pid_limits(const struct clone_request *req);

/*
 * The public calls' return value for @ret, a pid or a negative errno: errno
 * is set here, once, at the edge of the library.  Inline, because it runs
 * after the fork: a call would write below the caller's frame, and each
 * stack page a process writes after a fork costs it a page fault.
 */
static inline pid_t clone_request_result(int ret)
{
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return (pid_t)ret;
}

#endif /* CLONE_REQUEST_H */
