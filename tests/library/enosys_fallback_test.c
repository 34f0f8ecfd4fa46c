// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Kernels or container profiles without clone3(): a seccomp filter makes
 * clone3() answer ENOSYS, as such profiles do.  Requests that need nothing
 * only clone3() can do must still work (through clone()), the others fail
 * with ENOSYS and create nothing, and bad input is still caught first.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pid_ns_sandbox.h"
#include "variant_call.h"

#if defined(__x86_64__)
#define THIS_AUDIT_ARCH	AUDIT_ARCH_X86_64
#elif defined(__i386__)
#define THIS_AUDIT_ARCH	AUDIT_ARCH_I386
#endif

#define STACK_SIZE	(64 * 1024)

static const struct {
	const char *name;
	__u64 flags;
	int num_pids;
	pid_t pids[2];
	int run_form;
	int expect_errno;
} fallback_table[] = {
	{ "plain fork-like", SIGCHLD, 0, { 0 }, 0, 0 },
	{ "plain run form", SIGCHLD, 0, { 0 }, 1, 0 },
	{ "run form sharing memory", CLONE_VM | SIGCHLD, 0, { 0 }, 1, 0 },
	{ "CLONE_PIDFD", CLONE_PIDFD | SIGCHLD, 0, { 0 }, 0, 0 },
	{ "pid set of 0 entries", SIGCHLD, 1, { 0 }, 0, 0 },
	{ "chosen pid needs clone3", SIGCHLD, 1, { 300 }, 0, ENOSYS },
	{ "CLONE_CLEAR_SIGHAND needs clone3", CLONE_CLEAR_SIGHAND | SIGCHLD,
	  0, { 0 }, 0, ENOSYS },
	{ "bad exit signal still EINVAL", 65, 0, { 0 }, 0, EINVAL },
	{ "CLONE_DETACHED still EINVAL", CLONE_DETACHED | SIGCHLD, 0, { 0 }, 0,
	  EINVAL },
	{ "exit signal with CLONE_PARENT still EINVAL", CLONE_PARENT | SIGCHLD,
	  0, { 0 }, 0, EINVAL },
	{ "bad entry still EINVAL", SIGCHLD, 1, { -1 }, 0, EINVAL },
};

#define FALLBACK_ROWS	(sizeof(fallback_table) / sizeof(fallback_table[0]))

struct fallback_outcome {
	long clone3_ret;
	int clone3_errno;
	pid_t ret[VARIANT_COUNT][FALLBACK_ROWS];
	int err[VARIANT_COUNT][FALLBACK_ROWS];
	int status[VARIANT_COUNT][FALLBACK_ROWS];
	int children_ran;
};

static int deny_clone3(void)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, THIS_AUDIT_ARCH, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

static struct fallback_outcome *shared;

static int child_ran(void *arg)
{
	(void)arg;
	__atomic_add_fetch(&shared->children_ran, 1, __ATOMIC_SEQ_CST);
	return 0;
}

static int run_table_without_clone3(void *arg)
{
	struct fallback_outcome *outcome = arg;
	void *stack = mmap(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	size_t row;
	int v;

	if (stack == MAP_FAILED || deny_clone3())
		return 1;
	outcome->clone3_ret = syscall(__NR_clone3, NULL, 0);
	outcome->clone3_errno = errno;
	for (v = 0; v < VARIANT_COUNT; v++)
		for (row = 0; row < FALLBACK_ROWS; row++) {
			struct pid_set pid_set = {
				fallback_table[row].num_pids,
				(pid_t *)fallback_table[row].pids,
			};
			int pidfd = -1;
			pid_t pid;

			if (fallback_table[row].run_form) {
				pid = variant_run(v, child_ran, NULL, stack,
						  STACK_SIZE,
						  fallback_table[row].flags, 0,
						  &pidfd, NULL, &pid_set);
			} else {
				pid = variant_fork(v, fallback_table[row].flags,
						   &pidfd, NULL, &pid_set);
				if (pid == 0)
					_exit(child_ran(NULL));
			}
			outcome->ret[v][row] = pid;
			outcome->err[v][row] = errno;
			if (pid > 0)
				waitpid(pid, &outcome->status[v][row], __WALL);
			if (pidfd >= 0)
				close(pidfd);
		}
	return 0;
}

Test(enosys_fallback, requests_without_clone3_only_needs_use_clone)
{
	struct sandbox sandbox = { 0 };
	int expected_children = 0;
	const char *why;
	size_t row;
	int v;

	shared = shared_page(sizeof(*shared));
	cr_assert_not_null(shared);
	cr_assert_eq(sandbox_run(&sandbox, run_table_without_clone3, shared,
				 &why), 0, "setup failed (%s)", why);
	cr_assert_eq(shared->clone3_ret, -1, "the filter let clone3() run");
	cr_assert_eq(shared->clone3_errno, ENOSYS);
	for (v = 0; v < VARIANT_COUNT; v++)
		for (row = 0; row < FALLBACK_ROWS; row++) {
			int expect = fallback_table[row].expect_errno;

			if (expect) {
				cr_assert_eq(shared->ret[v][row], -1,
					     "%s [%s]: created %d",
					     fallback_table[row].name,
					     variant_name(v),
					     shared->ret[v][row]);
				cr_assert_eq(shared->err[v][row], expect,
					     "%s [%s]: %s",
					     fallback_table[row].name,
					     variant_name(v),
					     strerror(shared->err[v][row]));
				continue;
			}
			cr_assert_gt(shared->ret[v][row], 0, "%s [%s]: %s",
				     fallback_table[row].name, variant_name(v),
				     strerror(shared->err[v][row]));
			cr_assert(WIFEXITED(shared->status[v][row]) &&
				  WEXITSTATUS(shared->status[v][row]) == 0,
				  "%s [%s]: status %#x",
				  fallback_table[row].name, variant_name(v),
				  shared->status[v][row]);
			expected_children++;
		}
	cr_assert_eq(shared->children_ran, expected_children,
		     "%d children ran, expected %d", shared->children_ran,
		     expected_children);
}
