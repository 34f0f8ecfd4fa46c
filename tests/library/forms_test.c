// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The forms users expect (spec section 4.3 and docs/compat.md): fork-like
 * creation returning 0 in the child, fn(arg) on a caller-supplied stack as a
 * process and as a thread, and the parent_tid/child_tid pointers, through
 * both variants.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <linux/futex.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "variant_call.h"

#define STACK_SIZE	(256 * 1024)

static void *new_stack(void)
{
	void *stack = mmap(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

	cr_assert_neq(stack, MAP_FAILED);
	return stack;
}

static int wait_exit_status(pid_t pid)
{
	int status;

	cr_assert_eq(waitpid(pid, &status, __WALL), pid, "waitpid: %s",
		     strerror(errno));
	cr_assert(WIFEXITED(status), "child status %#x", status);
	return WEXITSTATUS(status);
}

Test(forms, fork_form_returns_zero_in_a_child_with_copied_memory)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		volatile int marker = 1;
		pid_t pid = variant_fork(v, SIGCHLD, NULL, NULL, NULL);

		if (pid == 0) {
			marker = 2;
			_exit(getppid() > 0 ? 7 : 1);
		}
		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_eq(wait_exit_status(pid), 7, "%s", variant_name(v));
		cr_assert_eq(marker, 1, "%s: child wrote to the parent's memory",
			     variant_name(v));
	}
}

struct run_arg {
	int value;
	volatile int seen;
};

static int record_and_return(void *arg)
{
	struct run_arg *run = arg;

	run->seen = run->value;
	return run->value;
}

Test(forms, run_form_runs_fn_as_a_process)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		struct run_arg run = { .value = 40 + v };
		void *stack = new_stack();
		pid_t pid = variant_run(v, record_and_return, &run, stack,
					STACK_SIZE, SIGCHLD, 0, NULL, NULL,
					NULL);

		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_eq(wait_exit_status(pid), 40 + v, "%s",
			     variant_name(v));
		/* Without CLONE_VM the child's write stays in its copy. */
		cr_assert_eq(run.seen, 0, "%s", variant_name(v));
		munmap(stack, STACK_SIZE);
	}
}

Test(forms, run_form_with_clone_vm_shares_memory)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		struct run_arg run = { .value = 50 + v };
		void *stack = new_stack();
		pid_t pid = variant_run(v, record_and_return, &run, stack,
					STACK_SIZE, CLONE_VM | SIGCHLD, 0,
					NULL, NULL, NULL);

		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_eq(wait_exit_status(pid), 50 + v, "%s",
			     variant_name(v));
		cr_assert_eq(run.seen, 50 + v, "%s", variant_name(v));
		munmap(stack, STACK_SIZE);
	}
}

/* An unaligned, odd-sized stack still gives fn an ABI-aligned frame. */
static int check_alignment(void *arg)
{
	long long aligned __attribute__((aligned(16))) = 0;

	(void)arg;
	return ((unsigned long)&aligned % 16) == 0 ? 3 : 4;
}

Test(forms, run_form_aligns_an_unaligned_stack)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		char *stack = new_stack();
		pid_t pid = variant_run(v, check_alignment, NULL, stack + 3,
					STACK_SIZE - 8, SIGCHLD, 0, NULL,
					NULL, NULL);

		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_eq(wait_exit_status(pid), 3, "%s", variant_name(v));
		munmap(stack, STACK_SIZE);
	}
}

Test(forms, parent_settid_writes_the_child_pid)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		int parent_tid = 0;
		pid_t pid = variant_fork(v, CLONE_PARENT_SETTID | SIGCHLD,
					 &parent_tid, NULL, NULL);

		if (pid == 0)
			_exit(0);
		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_eq(parent_tid, pid, "%s", variant_name(v));
		wait_exit_status(pid);
	}
}

Test(forms, child_settid_writes_the_tid_in_the_child)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		int child_tid = 0;
		pid_t pid = variant_fork(v, CLONE_CHILD_SETTID | SIGCHLD, NULL,
					 &child_tid, NULL);

		if (pid == 0)
			_exit(child_tid == syscall(SYS_gettid) ? 0 : 1);
		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_eq(wait_exit_status(pid), 0, "%s", variant_name(v));
		cr_assert_eq(child_tid, 0, "%s: written in the parent",
			     variant_name(v));
	}
}

Test(forms, pidfd_goes_to_parent_tid)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		int pidfd = -1;
		pid_t pid = variant_fork(v, CLONE_PIDFD | SIGCHLD, &pidfd,
					 NULL, NULL);
		struct pollfd poll_exit;

		if (pid == 0)
			_exit(5);
		cr_assert_gt(pid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		cr_assert_geq(pidfd, 0, "%s", variant_name(v));
		poll_exit.fd = pidfd;
		poll_exit.events = POLLIN;
		/* A pidfd becomes readable when its process exits. */
		cr_assert_eq(poll(&poll_exit, 1, 10000), 1, "%s",
			     variant_name(v));
		cr_assert_eq(wait_exit_status(pid), 5, "%s", variant_name(v));
		close(pidfd);
	}
}

static int thread_body(void *arg)
{
	struct run_arg *run = arg;

	run->seen = run->value;
	return 0;
}

/*
 * A thread, as pthread_create() makes one: CLONE_PARENT_SETTID stores its
 * tid before the call returns, CLONE_CHILD_CLEARTID zeroes the same word
 * and wakes its futex when the thread exits, which is what pthread_join()
 * waits for.
 */
Test(forms, thread_with_child_cleartid)
{
	int v;

	for (v = 0; v < VARIANT_COUNT; v++) {
		struct run_arg run = { .value = 60 + v };
		void *stack = new_stack();
		volatile int tid_word = 0;
		__u64 flags = CLONE_VM | CLONE_FS | CLONE_FILES |
			      CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM |
			      CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID;
		pid_t tid = variant_run(v, thread_body, &run, stack,
					STACK_SIZE, flags, 0, (int *)&tid_word,
					(int *)&tid_word, NULL);
		int seen;

		cr_assert_gt(tid, 0, "%s: %s", variant_name(v),
			     strerror(errno));
		while ((seen = tid_word) != 0) {
			cr_assert_eq(seen, tid, "%s: tid word %d, tid %d",
				     variant_name(v), seen, tid);
			syscall(SYS_futex, &tid_word, FUTEX_WAIT, seen, NULL,
				NULL, 0);
		}
		cr_assert_eq(run.seen, 60 + v, "%s", variant_name(v));
		munmap(stack, STACK_SIZE);
	}
}
