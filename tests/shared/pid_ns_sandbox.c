// SPDX-License-Identifier: GPL-2.0 OR MIT
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pid_ns_sandbox.h"
#include "write_text.h"

/* Unprivileged uid and gid the user-namespace caller runs as. */
#define NOBODY	65534

/* The step that failed, for the test's message; shared with the test. */
static const char **failed_step;

void *shared_page(size_t size)
{
	void *page = mmap(NULL, size, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	return page == MAP_FAILED ? NULL : page;
}

int read_nspid(int nspid[NSPID_MAX])
{
	char status[4096];
	char *line, *end;
	ssize_t len;
	int count = 0;
	int fd = open("/proc/thread-self/status", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	len = read(fd, status, sizeof(status) - 1);
	close(fd);
	if (len <= 0)
		return -1;
	status[len] = '\0';
	line = strstr(status, "\nNSpid:");
	if (!line)
		return -1;
	line += strlen("\nNSpid:");
	while (count < NSPID_MAX) {
		long pid = strtol(line, &end, 10);

		if (end == line)
			break;
		nspid[count++] = (int)pid;
		line = end;
	}
	return count;
}

static _Noreturn void fail_step(const char *step)
{
	*failed_step = step;
	_exit(SANDBOX_SETUP_FAILED);
}

/*
 * Makes the caller init of a new pid namespace: the parent stays behind,
 * waits and exits with the child's status, which brings the whole namespace
 * down with it.
 */
static void enter_new_pid_ns(int unshare_flags)
{
	int status;
	pid_t child;

	if (unshare(unshare_flags)) {
		if (unshare_flags & CLONE_NEWUSER)
			_exit(SANDBOX_NO_USER_NS);
		fail_step("unshare(CLONE_NEWPID)");
	}
	child = fork();
	if (child < 0)
		fail_step("fork() into a new pid namespace");
	if (child == 0)
		return;
	if (waitpid(child, &status, 0) != child)
		fail_step("waitpid() of a namespace init");
	_exit(WIFEXITED(status) ? WEXITSTATUS(status) : SANDBOX_SETUP_FAILED);
}

static void drop_to_nobody(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		fail_step("dropping to uid/gid 65534");
}

/*
 * Becomes 65534 with the capabilities of @caps that the process has (a
 * container may withhold some), no others.
 */
static void drop_keeping_caps(__u64 caps)
{
	struct __user_cap_header_struct header = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	int i;

	if (syscall(SYS_capget, &header, data))
		fail_step("capget()");
	for (i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) {
		data[i].permitted &= (__u32)(caps >> (32 * i));
		data[i].effective = data[i].permitted;
		data[i].inheritable = 0;
	}
	/* setuid() away from root clears the capabilities unless told. */
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
		fail_step("prctl(PR_SET_KEEPCAPS)");
	drop_to_nobody();
	if (syscall(SYS_capset, &header, data))
		fail_step("capset() to the kept capabilities");
}

/*
 * Maps 65534 to itself in the user namespace just made, so that it can
 * make one inside (unshare() refuses an unmapped uid or gid).
 */
static void map_nobody(void)
{
	static const char *const files[] = {
		"/proc/self/uid_map", "/proc/self/setgroups",
		"/proc/self/gid_map",
	};
	static const char *const lines[] = {
		"65534 65534 1", "deny", "65534 65534 1",
	};
	size_t i;

	/*
	 * setuid() away from root made the process undumpable, which makes
	 * its /proc files root's: become dumpable to write them.
	 */
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		fail_step("prctl(PR_SET_DUMPABLE)");
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (write_text(files[i], lines[i]))
			fail_step("mapping 65534 in the user namespace");
}

int sandbox_run(const struct sandbox *sandbox, int (*caller)(void *arg),
		void *arg, const char **why)
{
	const char **step = shared_page(sizeof(*step));
	int status, ret;
	pid_t setup;
	int i;

	if (!step)
		return -1;
	*step = NULL;
	setup = fork();
	if (setup < 0) {
		munmap(step, sizeof(*step));
		return -1;
	}
	if (setup == 0) {
		failed_step = step;
		for (i = 0; i < sandbox->depth; i++)
			enter_new_pid_ns(CLONE_NEWPID);
		if (sandbox->own_proc &&
		    (unshare(CLONE_NEWNS) ||
		     mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		     mount("proc", "/proc", "proc", 0, NULL)))
			fail_step("mounting a /proc of its own");
		if (sandbox->no_proc &&
		    (unshare(CLONE_NEWNS) ||
		     mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		     mount("tmpfs", "/proc", "tmpfs", 0, NULL)))
			fail_step("hiding /proc under an empty tmpfs");
		if (sandbox->drop_keeping_caps)
			drop_keeping_caps(sandbox->kept_caps);
		if (sandbox->own_user_ns) {
			if (!sandbox->drop_keeping_caps)
				drop_to_nobody();
			enter_new_pid_ns(CLONE_NEWUSER | CLONE_NEWPID);
			if (sandbox->nested_user_ns)
				map_nobody();
			for (i = 0; i < sandbox->own_pid_levels; i++)
				enter_new_pid_ns(CLONE_NEWPID);
		}
		if (sandbox->nested_user_ns)
			enter_new_pid_ns(CLONE_NEWUSER | CLONE_NEWPID);
		if (sandbox->unshare_pid_ns && unshare(CLONE_NEWPID))
			fail_step("unshare(CLONE_NEWPID) for the target");
		_exit(caller(arg));
	}
	ret = -1;
	if (waitpid(setup, &status, 0) == setup && WIFEXITED(status))
		ret = WEXITSTATUS(status);
	if (why)
		*why = *step ? *step : "";
	munmap(step, sizeof(*step));
	return ret;
}
