// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Debian's kernel.unprivileged_userns_clone on a patched kernel (spec
 * section 6, step 1): with the sysctl at 0, CLONE_NEWUSER without
 * CAP_SYS_ADMIN is EPERM, checked after the CLONE_FS rules and before the
 * CLONE_THREAD ones.  Upstream has no such sysctl, so this is the
 * project's guest program, not a selftest of the series.  Each row runs
 * through clone_extended() and through clone3(), which must agree, as one
 * TAP case each.  Built per series by scripts/kernel selftests, 64-bit and
 * 32-bit; runs as root and restores the sysctl.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sched.h>

#include "pid_ns_sandbox.h"
#include "write_text.h"

#ifndef __NR_clone_extended
#define __NR_clone_extended 463
#endif

#define SYSCTL "/proc/sys/kernel/unprivileged_userns_clone"

#if __has_include(<linux/clone_flags.h>)
#include <linux/clone_flags.h>

static long call_clone_extended(unsigned long mask)
{
	struct clone_flags flags;

	clone_flags_from_mask(&flags, mask);
	return syscall(__NR_clone_extended, &flags, NULL, 0UL, NULL, NULL,
		       NULL);
}
#elif __has_include(<linux/clone_info.h>)
static long call_clone_extended(unsigned long mask)
{
	return syscall(__NR_clone_extended, (int)mask, NULL, 0UL, NULL, NULL,
		       NULL);
}
#else
#error "the tree installs neither linux/clone_flags.h nor linux/clone_info.h"
#endif

static long call_clone3(unsigned long mask)
{
	struct clone_args args = {
		.flags = mask & ~0xffUL,
		.exit_signal = mask & 0xff,
	};

	return syscall(__NR_clone3, &args, sizeof(args));
}

/*
 * No exit signal with CLONE_THREAD: clone3() refuses that pair with EINVAL
 * before copy_process() is reached.
 */
struct userns_case {
	const char *name;
	char sysctl;		/* '0' or '1' */
	int privileged;		/* root, else 65534 without capabilities */
	unsigned long flags;
	int expect_errno;	/* 0: the call succeeds */
};

static const struct userns_case cases[] = {
	{ "sysctl 0: unprivileged CLONE_NEWUSER is EPERM",
	  '0', 0, CLONE_NEWUSER | SIGCHLD, EPERM },
	{ "sysctl 0: unprivileged CLONE_NEWUSER|CLONE_THREAD is EPERM, not EINVAL",
	  '0', 0, CLONE_NEWUSER | CLONE_THREAD, EPERM },
	{ "sysctl 0: the CLONE_FS rule comes first (EINVAL)",
	  '0', 0, CLONE_NEWUSER | CLONE_FS | SIGCHLD, EINVAL },
	{ "sysctl 0: CAP_SYS_ADMIN passes, CLONE_THREAD is EINVAL",
	  '0', 1, CLONE_NEWUSER | CLONE_THREAD, EINVAL },
	{ "sysctl 0: CAP_SYS_ADMIN creates a user namespace",
	  '0', 1, CLONE_NEWUSER | SIGCHLD, 0 },
	{ "sysctl 1: unprivileged CLONE_NEWUSER|CLONE_THREAD is EINVAL",
	  '1', 0, CLONE_NEWUSER | CLONE_THREAD, EINVAL },
	{ "sysctl 1: unprivileged CLONE_NEWUSER creates a user namespace",
	  '1', 0, CLONE_NEWUSER | SIGCHLD, 0 },
};

#define NUM_CASES (sizeof(cases) / sizeof(cases[0]))

struct call_kind {
	const char *name;
	long (*call)(unsigned long mask);
};

static const struct call_kind calls[] = {
	{ "clone_extended", call_clone_extended },
	{ "clone3", call_clone3 },
};

#define NUM_CALLS (sizeof(calls) / sizeof(calls[0]))

struct run {
	const struct userns_case *row;
	const struct call_kind *kind;
};

/*
 * In the sandbox: 0 when the call went as the row expects, else 1 with
 * what it did in @got (shared with the parent).
 */
static int *got;

static int make_call(void *arg)
{
	const struct run *run = arg;
	long ret = run->kind->call(run->row->flags);
	int status;

	if (ret == 0)
		_exit(0);
	if (ret < 0) {
		*got = errno;
	} else {
		*got = 0;
		if (waitpid(ret, &status, 0) != ret || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			return 2;
	}
	return *got != run->row->expect_errno;
}

static int read_sysctl(char *value)
{
	int fd = open(SYSCTL, O_RDONLY | O_CLOEXEC);
	int ok;

	if (fd < 0)
		return -1;
	ok = read(fd, value, 1) == 1;
	close(fd);
	return ok ? 0 : -1;
}

int main(void)
{
	struct sandbox unprivileged = { .depth = 1, .drop_keeping_caps = 1 };
	struct sandbox privileged = { .depth = 1 };
	char saved[2] = "";
	int failed = 0, n = 0;
	size_t i, k;

	printf("TAP version 13\n1..%zu\n", NUM_CASES * NUM_CALLS);
	got = shared_page(sizeof(*got));
	if (read_sysctl(saved) || !got) {
		for (i = 0; i < NUM_CASES * NUM_CALLS; i++)
			printf("ok %zu # SKIP %s\n", i + 1, got ?
			       SYSCTL " cannot be read: not a Debian kernel" :
			       "no shared memory");
		return 0;
	}
	for (i = 0; i < NUM_CASES; i++) {
		const struct userns_case *row = &cases[i];
		char value[2] = { row->sysctl, '\0' };

		for (k = 0; k < NUM_CALLS; k++) {
			struct run run = { row, &calls[k] };
			const char *why = "";
			int ret;

			*got = -1;
			ret = write_text(SYSCTL, value) ? -1 :
			      sandbox_run(row->privileged ? &privileged :
					  &unprivileged, make_call, &run, &why);
			if (ret == 0) {
				printf("ok %d %s: %s\n", ++n, calls[k].name,
				       row->name);
				continue;
			}
			failed = 1;
			if (ret == 1)
				printf("not ok %d %s: %s # got %s\n", ++n,
				       calls[k].name, row->name,
				       *got ? strerror(*got) : "success");
			else
				printf("not ok %d %s: %s # %s (status %d)\n",
				       ++n, calls[k].name, row->name,
				       ret == 2 ? "the child failed" :
				       *why ? why : "sandbox or sysctl failed",
				       ret);
		}
	}
	if (write_text(SYSCTL, saved)) {
		fprintf(stderr, "cannot restore " SYSCTL "\n");
		failed = 1;
	}
	return failed;
}
