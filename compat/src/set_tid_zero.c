// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The run-time check of whether clone3() takes set_tid entries of 0.  The
 * probe asks for pidfd to be written to an address no task can write:
 * a kernel that takes the 0 allocates the pid and then fails to write the
 * pidfd, EFAULT; one that does not refuses the 0 in alloc_pid() first,
 * EINVAL.  Either way nothing is created.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sched.h>

#include "set_tid_zero.h"

enum { UNKNOWN, SUPPORTED, UNSUPPORTED };

static int answer = UNKNOWN;

/* Above every task's address space, 64-bit or compat. */
#define UNWRITABLE_ADDRESS	0xfffffffffffff000ULL

static int probe(void)
{
	pid_t zero = 0;
	struct clone_args args = {
		.flags = CLONE_PIDFD,
		.pidfd = UNWRITABLE_ADDRESS,
		.exit_signal = SIGCHLD,
		.set_tid = (uintptr_t)&zero,
		.set_tid_size = 1,
	};
	long ret = syscall(SYS_clone3, &args, CLONE_ARGS_SIZE_VER1);

	/* A kernel that wrote there after all: end and reap the child. */
	if (ret == 0)
		_exit(0);
	if (ret > 0) {
		waitpid((pid_t)ret, NULL, __WALL);
		return UNKNOWN;
	}
	if (errno == EFAULT)
		return SUPPORTED;
	/* No clone3(), or one that refuses the 0. */
	if (errno == ENOSYS || errno == EINVAL)
		return UNSUPPORTED;
	return UNKNOWN;
}

int set_tid_zero_supported(void)
{
	int known = __atomic_load_n(&answer, __ATOMIC_RELAXED);

	if (known == UNKNOWN) {
		known = probe();
		if (known != UNKNOWN)
			__atomic_store_n(&answer, known, __ATOMIC_RELAXED);
	}
	return known == SUPPORTED;
}
