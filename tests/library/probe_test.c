// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Which arguments the library probes before reading them (docs/compat.md,
 * "How a call is made"): none on the calling thread's own stack, every
 * other.  Each call runs in a child whose seccomp filter kills it at the
 * probe, rt_sigprocmask() with a "how" of -1.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clone_extended.h"

#define PAGE	4096

/* Kills the process at the probe; allows every other system call. */
static void forbid_probe(void)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_rt_sigprocmask, 0, 3),
		/* The low word of "how", on these little-endian targets. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0xffffffff, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(code) / sizeof(code[0]), code };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		_exit(2);
}

/* A fork-like call with @flags; 0 when it created and reaped a child. */
static int __attribute__((noinline)) create_with(const clone_flags_t *flags)
{
	int status;
	pid_t pid = clone_extended_flags(flags, NULL, 0, NULL, NULL, NULL);

	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 3;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 4;
}

/*
 * Flags two pages above the frame that calls the library: never in the
 * page of the library's own frame, which needs no probe on any stack.
 * Not instrumented: AddressSanitizer would move the frame to its heap
 * "fake stack" (detect_stack_use_after_return), off the thread's stack.
 */
static void *__attribute__((no_sanitize_address))
create_with_flags_on_stack(void *unused)
{
	struct {
		char room[2 * PAGE];
		clone_flags_t flags;
	} frame;

	(void)unused;
	clone_flags_from_mask(&frame.flags, SIGCHLD);
	return (void *)(long)create_with(&frame.flags);
}

static void *create_with_flags_on_thread_stack(void *unused)
{
	pthread_t thread;
	void *ret;

	(void)unused;
	if (pthread_create(&thread, NULL, create_with_flags_on_stack, NULL) ||
	    pthread_join(thread, &ret))
		return (void *)5L;
	return ret;
}

static void *create_with_flags_in_mapping(void *unused)
{
	clone_flags_t *flags = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	(void)unused;
	if (flags == MAP_FAILED)
		return (void *)6L;
	clone_flags_from_mask(flags, SIGCHLD);
	return (void *)(long)create_with(flags);
}

/* The wait status of a child that runs @call under forbid_probe(). */
static int status_under_filter(void *(*call)(void *))
{
	int status;
	pid_t pid = fork();

	cr_assert_geq(pid, 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		forbid_probe();
		_exit((int)(long)call(NULL));
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

static void expect_no_probe(void *(*call)(void *), const char *where)
{
	int status = status_under_filter(call);

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "flags %s: wait status %#x, expected exit 0 (killed by "
		  "signal %d: probed)", where, status,
		  WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

Test(probe, flags_on_main_thread_stack_need_no_probe)
{
	expect_no_probe(create_with_flags_on_stack, "on the main thread's stack");
}

Test(probe, flags_on_other_thread_stack_need_no_probe)
{
	expect_no_probe(create_with_flags_on_thread_stack,
			"on another thread's stack");
}

Test(probe, flags_off_the_stack_are_probed)
{
	int status = status_under_filter(create_with_flags_in_mapping);

	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS,
		  "flags in a mapping: wait status %#x, expected SIGSYS at "
		  "the probe", status);
}
