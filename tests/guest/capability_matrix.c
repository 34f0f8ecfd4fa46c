// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The rows of tests/shared/capability_cases.h on a patched kernel: each row
 * through system call 463 as one TAP case (what scripts/kernel tap reads),
 * checked by tests/shared/capability_check.c as the compat library's test
 * does.  Built per series by scripts/kernel selftests against the tree's
 * installed UAPI headers, 64-bit and 32-bit (compat entry); the variant is
 * the one whose header the tree installs, and where it installs neither,
 * the rows go through clone3() with set_tid.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "capability_check.h"

#ifndef __NR_clone_extended
#define __NR_clone_extended 463
#endif

#if __has_include(<linux/clone_flags.h>)
#include <linux/clone_flags.h>

static pid_t call_syscall(const struct pid_set *pid_set, void *arg)
{
	struct clone_flags flags;

	clone_flags_from_mask(&flags, SIGCHLD);
	return syscall(__NR_clone_extended, &flags, NULL, 0UL, NULL, NULL,
		       pid_set);
}
#elif __has_include(<linux/clone_info.h>)
#include <linux/clone_info.h>

static pid_t call_syscall(const struct pid_set *pid_set, void *arg)
{
	struct clone_info info = { .pid_set = *pid_set };

	return syscall(__NR_clone_extended, SIGCHLD, NULL, 0UL, NULL, NULL,
		       &info);
}
#else
/* Neither variant's header: the tree of kernel-patches/clone3-set-tid-zero. */
#include "clone3_with_pid_set.h"

static pid_t call_syscall(const struct pid_set *pid_set, void *arg)
{
	return clone3_with_pid_set(SIGCHLD, pid_set, 1, NULL);
}
#endif

int main(void)
{
	int failed = 0;
	size_t i;

	printf("TAP version 13\n1..%zu\n", NUM_CAPABILITY_CASES);
	for (i = 0; i < NUM_CAPABILITY_CASES; i++) {
		const struct capability_case *row = &capability_cases[i];
		char why[200];

		switch (capability_check(row, call_syscall, NULL, why,
					 sizeof(why))) {
		case CAPABILITY_PASS:
			printf("ok %zu %s\n", i + 1, row->name);
			break;
		case CAPABILITY_SKIP:
			printf("ok %zu %s # SKIP %s\n", i + 1, row->name, why);
			break;
		default:
			printf("not ok %zu %s # %s\n", i + 1, row->name, why);
			failed = 1;
		}
	}
	return failed;
}
