// SPDX-License-Identifier: GPL-2.0 OR MIT
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sched.h>

#include "spec_model.h"

/* Spec section 3: bits 34 and up are unknown, exit signals above 64 too. */
#define SPEC_FIRST_UNKNOWN_BIT	34
#define SPEC_SIG_MAX		64
/* docs/compat.md difference 8: the smallest stack a run form takes. */
#define SPEC_RUN_STACK_MIN	64
/* SysV stack alignment at a call on x86_64 and i386. */
#define SPEC_STACK_ALIGN	16
/* MAX_PID_NS_LEVEL: the most set_tid entries clone3() takes. */
#define SPEC_SET_TID_MAX	32

_Noreturn void spec_mismatch(const char *what, long got, long expected)
{
	fprintf(stderr, "fuzz: %s: got %ld (%s), the spec says %ld (%s)\n",
		what, got, got < 0 ? strerror((int)-got) : "-", expected,
		expected < 0 ? strerror((int)-expected) : "-");
	abort();
}

static int read_small_file(const char *path, char *buf, size_t size)
{
	FILE *file = fopen(path, "r");
	size_t len;

	if (!file)
		return -1;
	len = fread(buf, 1, size - 1, file);
	fclose(file);
	buf[len] = '\0';
	return 0;
}

void spec_env_read(struct spec_env *env)
{
	char pid_max[32], status[4096];
	const char *p;

	if (read_small_file("/proc/sys/kernel/pid_max", pid_max,
			    sizeof(pid_max)) ||
	    read_small_file("/proc/self/status", status, sizeof(status))) {
		perror("fuzz: reading /proc");
		exit(1);
	}
	env->pid_max = (int)strtol(pid_max, NULL, 10);
	p = strstr(status, "\nNSpid:");
	if (!p || env->pid_max <= 0) {
		fprintf(stderr, "fuzz: no NSpid or pid_max in /proc\n");
		exit(1);
	}
	/* One pid per level on the line, the fuzzer's own namespace last. */
	env->level = -1;
	for (p += strlen("\nNSpid:"); *p && *p != '\n'; p++)
		if (*p >= '0' && *p <= '9' && (p[-1] == ' ' || p[-1] == '\t'))
			env->level++;
}

int spec_flag_rows(__u64 flags)
{
	if ((flags >> SPEC_FIRST_UNKNOWN_BIT) || (flags & CLONE_DETACHED))
		return -EINVAL;			/* E-FLAG-UNKNOWN */
	if (flags & CLONE_INTO_CGROUP)
		return -EINVAL;			/* E-FLAG-CGROUP */
	if ((flags & CSIGNAL) > SPEC_SIG_MAX ||
	    ((flags & CSIGNAL) && (flags & (CLONE_THREAD | CLONE_PARENT))))
		return -EINVAL;			/* E-EXIT-SIGNAL */
	return 0;
}

int spec_pid_rows(const struct spec_env *env, int num_pids,
		  int pids_readable, const pid_t *pids)
{
	int i;

	if (num_pids == 0)
		return 0;
	if (num_pids < 0 || num_pids > env->level + 1)
		return -EINVAL;	/* E-PIDS-NEGATIVE, E-PIDS-TOO-MANY */
	if (pids_readable < num_pids)
		return -EFAULT;			/* E-PIDS-FAULT */
	for (i = 0; i < num_pids; i++)
		if (pids[i] < 0 || pids[i] >= env->pid_max)
			return -EINVAL;		/* E-PID-RANGE */
	return 0;
}

/* Index of the outermost chosen (non-zero) entry, num_pids if none. */
static int first_chosen(const struct clone_request *req)
{
	int i = 0;

	while (i < req->num_pids && req->pids[i] == 0)
		i++;
	return i;
}

/* Whether set_tid holds every entry: the kernel takes 0s and they fit. */
static int passes_zeros(const struct clone_request *req, int set_tid_zero)
{
	int new_ns = !!(req->flags & CLONE_NEWPID);

	return set_tid_zero && req->num_pids + new_ns <= SPEC_SET_TID_MAX;
}

/* The library-only errors that apply; the spec orders none of them. */
enum {
	PIDFD_CONFLICT = 1,	/* EINVAL, E-FLAG-COMBINATION before the kernel */
	ZERO_AFTER_CHOSEN = 2,	/* EOPNOTSUPP, difference 1 */
	FORM_REFUSED = 4,	/* EINVAL, differences 7 and 8 */
};

static unsigned int to_clone3_errors(const struct clone_request *req,
				     const struct child_start *start,
				     int set_tid_zero)
{
	uintptr_t low = (uintptr_t)start->stack;
	unsigned int errors = 0;
	int i;

	if ((req->flags & CLONE_PIDFD) && (req->flags & CLONE_PARENT_SETTID))
		errors |= PIDFD_CONFLICT;
	for (i = first_chosen(req); i < req->num_pids; i++)
		if (req->pids[i] == 0 && !passes_zeros(req, set_tid_zero))
			errors |= ZERO_AFTER_CHOSEN;
	if (start->fn ? !start->stack || start->stack_size < SPEC_RUN_STACK_MIN ||
			low + start->stack_size < low
		      : start->stack || (req->flags & CLONE_VM))
		errors |= FORM_REFUSED;
	return errors;
}

int spec_to_clone3_first(const struct clone_request *req,
			 const struct child_start *start, int set_tid_zero)
{
	unsigned int errors = to_clone3_errors(req, start, set_tid_zero);

	if (errors & (PIDFD_CONFLICT | FORM_REFUSED))
		return -EINVAL;
	return errors ? -EOPNOTSUPP : 0;
}

int spec_to_clone3_accepts(const struct clone_request *req,
			   const struct child_start *start, int set_tid_zero,
			   int ret)
{
	unsigned int errors = to_clone3_errors(req, start, set_tid_zero);

	if (!errors)
		return ret == 0;
	if (ret == -EOPNOTSUPP)
		return !!(errors & ZERO_AFTER_CHOSEN);
	return ret == -EINVAL && (errors & (PIDFD_CONFLICT | FORM_REFUSED));
}

static void expect_eq(const char *what, __u64 got, __u64 expected)
{
	if (got != expected)
		spec_mismatch(what, (long)got, (long)expected);
}

static void check_set_tid(const struct clone_request *req, int set_tid_zero,
			  const struct clone3_call *call)
{
	pid_t expected[CLONE_REQUEST_PIDS_MAX + 1];
	int zeros = passes_zeros(req, set_tid_zero);
	int first = zeros ? 0 : first_chosen(req);
	size_t n = 0;
	int i;

	/*
	 * clone3() lists the CLONE_NEWPID namespace's level first: 1, or 0
	 * where the kernel takes 0 entries.
	 */
	if (first < req->num_pids && (req->flags & CLONE_NEWPID))
		expected[n++] = zeros ? 0 : 1;
	expect_eq("leading 0 entries left out", call->truncated, first > 0);
	for (i = req->num_pids - 1; i >= first; i--)
		expected[n++] = req->pids[i];
	expect_eq("set_tid_size", call->args.set_tid_size, n);
	expect_eq("clone_args size", call->size,
		  n ? CLONE_ARGS_SIZE_VER1 : CLONE_ARGS_SIZE_VER0);
	if (!n) {
		expect_eq("set_tid without pids", call->args.set_tid, 0);
		return;
	}
	expect_eq("set_tid pointer", call->args.set_tid,
		  (uintptr_t)call->set_tid);
	for (i = 0; i < (int)n; i++)
		expect_eq("set_tid entry", call->set_tid[i], expected[i]);
}

static void check_stack(const struct child_start *start,
			const struct clone3_call *call)
{
	uintptr_t low = (uintptr_t)start->stack;
	uintptr_t sp = low + call->args.stack_size;
	void *slot[2];

	if (!start->fn) {
		expect_eq("fork-like stack", call->args.stack, 0);
		expect_eq("fork-like stack_size", call->args.stack_size, 0);
		expect_eq("fork-like child sp", (uintptr_t)call->child_sp, 0);
		return;
	}
	expect_eq("run form stack", call->args.stack, low);
	expect_eq("run form child sp", (uintptr_t)call->child_sp, sp);
	expect_eq("child sp alignment", sp % SPEC_STACK_ALIGN, 0);
	/* fn and arg fill the top aligned slot of the caller's stack. */
	if (sp + 2 * sizeof(void *) > low + start->stack_size ||
	    sp + 2 * SPEC_STACK_ALIGN <= low + start->stack_size)
		spec_mismatch("child sp not at the top of the stack",
			      (long)(sp - low), (long)start->stack_size);
	memcpy(slot, (void *)sp, sizeof(slot));
	expect_eq("fn on the child stack", (uintptr_t)slot[0],
		  (uintptr_t)start->fn);
	expect_eq("arg on the child stack", (uintptr_t)slot[1],
		  (uintptr_t)start->arg);
}

void spec_check_clone3_call(const struct clone_request *req,
			    const struct child_start *start, int set_tid_zero,
			    const struct clone3_call *call)
{
	expect_eq("clone3 flags", call->args.flags,
		  req->flags & ~(__u64)CSIGNAL);
	expect_eq("exit_signal", call->args.exit_signal, req->flags & CSIGNAL);
	expect_eq("pidfd", call->args.pidfd, (uintptr_t)req->parent_tid);
	expect_eq("parent_tid", call->args.parent_tid,
		  (uintptr_t)req->parent_tid);
	expect_eq("child_tid", call->args.child_tid, (uintptr_t)req->child_tid);
	expect_eq("tls", call->args.tls, req->tls);
	expect_eq("cgroup", call->args.cgroup, 0);
	check_set_tid(req, set_tid_zero, call);
	check_stack(start, call);
}
