/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE_REQUEST_H
#define CLONE_REQUEST_H

#include <stddef.h>
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
 * copied and checked (spec rows 1 to 12): what is left is the same for both.
 */
struct clone_request {
	__u64 flags;		/* spec section 3: exit signal in bits 0-7 */
	unsigned long tls;
	int *parent_tid;
	int *child_tid;
	int num_pids;
	pid_t pids[CLONE_REQUEST_PIDS_MAX];	/* outermost first */
};

/* Where the child starts: on a copy of the caller's stack, or in fn(arg). */
struct child_start {
	int (*fn)(void *arg);	/* NULL: fork-like, returns 0 in the child */
	void *arg;
	void *stack;
	size_t stack_size;
};

/*
 * The clone3() call that makes a checked request: the arguments, the pid set
 * in set_tid order (innermost first, plus pid 1 of a CLONE_NEWPID namespace)
 * that args.set_tid points to, and the child's stack pointer for clone().
 */
struct clone3_call {
	struct clone_args args;
	size_t size;		/* CLONE_ARGS_SIZE_VER0 or VER1 */
	pid_t set_tid[CLONE_REQUEST_PIDS_MAX + 1];
	void *child_sp;		/* run forms only, else NULL */
};

/*
 * Copy and check the arguments of each variant (rows 1 to 12), filling
 * @req->flags and the pid set; the public calls and the fuzz targets
 * (tests/fuzz/) start here.  Return 0 or a negative errno; nothing is
 * created.
 */
long clone_request_from_flags_array(struct clone_request *req,
				    const struct clone_flags *flags,
				    const struct pid_set *pid_set);
long clone_request_from_clone_info(struct clone_request *req, int flags_low,
				   const struct clone_info *clone_info);

/* Rows 5 to 7 of the spec: unknown flags, CLONE_INTO_CGROUP, exit signal. */
int clone_request_check_flags(__u64 flags);

/*
 * Rows 9 to 12: num_pids bounds, the pids array, each entry.  Copies the
 * entries into @req.  Returns 0 or a negative errno.
 */
int clone_request_read_pids(struct clone_request *req, int num_pids,
			    const pid_t *pids);

/*
 * Turns a checked request into its clone3() call without making it: the
 * library's own rules for the forms and the flags clone() handles
 * differently.  Writes fn and arg to the top of a run form's stack.  Returns
 * 0 or a negative errno (EINVAL, EOPNOTSUPP).
 */
int clone_request_to_clone3(const struct clone_request *req,
			    const struct child_start *start,
			    struct clone3_call *call);

/*
 * Creates the child (rows 13 to 17 are the kernel's).  Returns the child's
 * pid in the parent, 0 in a fork-like child, or a negative errno.
 */
long clone_request_start(const struct clone_request *req,
			 const struct child_start *start);

/* Sets errno from a negative return of the functions above. */
pid_t clone_request_result(long ret);

#endif /* CLONE_REQUEST_H */
