// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The clone3() call of a checked request, built and made: clone3() with
 * set_tid, or clone() where the kernel has no clone3() and the request
 * needs nothing only clone3() can do.  Syscall 463 is never called
 * (docs/compat.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <linux/sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "arch_syscall.h"
#include "clone3_call.h"
#include "set_tid_zero.h"

/* Smallest stack the run form accepts: room for fn and arg, aligned. */
#define CHILD_STACK_MIN		64
/* Stack pointer alignment at a call on x86_64 and i386 (SysV ABI). */
#define CHILD_STACK_ALIGN	16

static __u64 user_ptr(const void *ptr)
{
	return (__u64)(uintptr_t)ptr;
}

/* MAX_PID_NS_LEVEL: the most set_tid entries clone3() takes. */
#define CLONE3_SET_TID_MAX	32

/*
 * The pid set in @call's set_tid, in clone3()'s order, innermost first.
 * Where the kernel takes 0 entries (@zero_ok) and the set fits, every entry
 * is passed.  Otherwise leading 0 entries (outer levels the kernel chooses)
 * are left out by truncating, which call->truncated says, and a 0 entry
 * between chosen pids has no clone3() spelling.
 */
static int build_set_tid(const struct clone_request *req, int new_pid_ns,
			 int zero_ok, struct clone3_call *call)
{
	pid_t *set_tid = call->set_tid;
	int pass_zeros = zero_ok &&
		req->num_pids + new_pid_ns <= CLONE3_SET_TID_MAX;
	int first = 0;
	int i;
	size_t n = 0;

	while (!pass_zeros && first < req->num_pids && req->pids[first] == 0)
		first++;
	call->truncated = first > 0;
	call->args.set_tid_size = 0;
	if (first == req->num_pids)
		return 0;
	/* A child at level 32 has 33 pids; set_tid holds 32 at most. */
	if ((size_t)new_pid_ns + (size_t)(req->num_pids - first) >
	    CLONE3_SET_TID_MAX)
		return -EOPNOTSUPP;
	/*
	 * clone3() wants the new namespace's level listed; the spec omits it.
	 * A 0 there chooses nothing, so it needs no capability.
	 */
	if (new_pid_ns)
		set_tid[n++] = pass_zeros ? 0 : 1;
	for (i = req->num_pids - 1; i >= first; i--) {
		if (req->pids[i] == 0 && !pass_zeros)
			return -EOPNOTSUPP;
		set_tid[n++] = req->pids[i];
	}
	call->args.set_tid_size = n;
	return 0;
}

/* Puts fn and arg on top of the child's stack; returns its stack pointer. */
static void *prepare_child_stack(const struct child_start *start)
{
	uintptr_t low = (uintptr_t)start->stack;
	uintptr_t top;
	unsigned char *slot;

	if (!start->stack || start->stack_size < CHILD_STACK_MIN ||
	    low + start->stack_size < low)
		return NULL;
	top = (low + start->stack_size) & ~(uintptr_t)(CHILD_STACK_ALIGN - 1);
	slot = (unsigned char *)(top - CHILD_STACK_ALIGN);
	memcpy(slot, &start->fn, sizeof(start->fn));
	memcpy(slot + sizeof(void *), &start->arg, sizeof(start->arg));
	return slot;
}

/* syscall()'s -1 and errno as a negative errno; a pid fits an int. */
static int raw_result(long ret)
{
	return ret == -1 ? -errno : (int)ret;
}

static int issue_clone3(struct clone_args *args, size_t size,
			const struct child_start *start)
{
	if (start->fn)
		return (int)__clone_extended_run_syscall(SYS_clone3, (long)args,
							 (long)size, 0, 0, 0);
	return raw_result(syscall(SYS_clone3, args, size));
}

/* clone()'s argument order differs between x86_64 and i386. */
static int issue_clone(unsigned long flags, void *sp,
		       const struct clone_request *req,
		       const struct child_start *start)
{
#if defined(__x86_64__)
	long a3 = (long)req->parent_tid, a4 = (long)req->child_tid;
	long a5 = (long)req->tls;
#elif defined(__i386__)
	long a3 = (long)req->parent_tid, a4 = (long)req->tls;
	long a5 = (long)req->child_tid;
#else
#error "clone() argument order unknown for this architecture"
#endif
	if (start->fn)
		return (int)__clone_extended_run_syscall(SYS_clone, (long)flags,
							 (long)sp, a3, a4, a5);
	return raw_result(syscall(SYS_clone, flags, sp, a3, a4, a5));
}

int clone3_call_build(const struct clone_request *req,
		      const struct child_start *start, int set_tid_zero,
		      struct clone3_call *call)
{
	__u64 flags = req->flags & ~(__u64)CSIGNAL;
	__u64 exit_signal = req->flags & CSIGNAL;
	void *sp = NULL;
	int ret;

	call->truncated = 0;
	/* clone() refuses this; clone3() has a pidfd pointer of its own. */
	if ((flags & CLONE_PIDFD) && (flags & CLONE_PARENT_SETTID))
		return -EINVAL;
	memset(&call->args, 0, sizeof(call->args));
	ret = build_set_tid(req, !!(flags & CLONE_NEWPID), set_tid_zero, call);
	if (ret)
		return ret;
	if (start->fn) {
		sp = prepare_child_stack(start);
		if (!sp)
			return -EINVAL;
	} else if (start->stack || (flags & CLONE_VM)) {
		/* A fork-like child cannot return into C on a foreign stack. */
		return -EINVAL;
	}

	call->args.flags = flags;
	call->args.pidfd = user_ptr(req->parent_tid);
	call->args.parent_tid = user_ptr(req->parent_tid);
	call->args.child_tid = user_ptr(req->child_tid);
	call->args.exit_signal = exit_signal;
	call->args.tls = req->tls;
	if (sp) {
		call->args.stack = user_ptr(start->stack);
		call->args.stack_size = (uintptr_t)sp - (uintptr_t)start->stack;
	}
	if (call->args.set_tid_size)
		call->args.set_tid = user_ptr(call->set_tid);
	/* Kernels 5.3 and 5.4 take only the first version of the struct. */
	call->size = call->args.set_tid_size ? CLONE_ARGS_SIZE_VER1 :
					       CLONE_ARGS_SIZE_VER0;
	call->child_sp = sp;
	return 0;
}

/* Whether @req leaves a level to the kernel with a 0 entry. */
static int has_zero_entry(const struct clone_request *req)
{
	int i;

	for (i = 0; i < req->num_pids; i++)
		if (req->pids[i] == 0)
			return 1;
	return 0;
}

/* The errors after the argument checks are the kernel's. */
static int make(struct clone3_call *call, const struct clone_request *req,
		const struct child_start *start)
{
	int ret = issue_clone3(&call->args, call->size, start);

	if (ret == -E2BIG)
		return -ENOSYS;
	if (ret != -ENOSYS)
		return ret;
	if (call->args.set_tid_size || (call->args.flags >> 32))
		return -ENOSYS;
	return issue_clone((unsigned long)(req->flags & 0xffffffffULL),
			   call->child_sp, req, start);
}

int clone3_call_make(const struct clone_request *req,
		     const struct child_start *start)
{
	struct clone3_call call;
	int checked = 0;
	int ret;

	ret = clone3_call_build(req, start,
				has_zero_entry(req) && set_tid_zero_supported(),
				&call);
	/* clone3() cannot count the leading 0 entries it is not given. */
	if (!ret && call.truncated) {
		ret = clone_request_check_pid_limits(req);
		if (ret)
			return ret;
		checked = 1;
	}
	if (!ret)
		ret = make(&call, req, start);
	/* E-PIDS-TOO-MANY and E-PID-RANGE come before all clone3() checks. */
	if (ret < 0 && req->num_pids && !checked &&
	    clone_request_check_pid_limits(req) == -EINVAL)
		return -EINVAL;
	return ret;
}
