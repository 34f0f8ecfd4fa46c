/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CLONE_EXTENDED_CASES_H
#define CLONE_EXTENDED_CASES_H

/*
 * Conformance cases of clone_extended() that do not depend on how its flags
 * are passed: one row per behaviour, input and expected outcome.  Plain C
 * with no test framework, so that every implementation of the call can run
 * the same rows; each driver turns a row into a call of its own.
 *
 * How a driver runs a row:
 *  1. From the test's own pid namespace, create @depth nested pid namespaces
 *     (unshare(CLONE_NEWPID) then fork(), as root); the init of the
 *     innermost one goes on.
 *  2. If @own_user_ns: drop to uid/gid 65534, unshare(CLONE_NEWUSER |
 *     CLONE_NEWPID) and fork() once more, so that only the innermost level
 *     is owned by the caller's user namespace.
 *  3. If @unshare_pid_ns: unshare(CLONE_NEWPID) without forking, so that the
 *     target namespace (pid_ns_for_children) is one level deeper than the
 *     caller and has no init yet.
 *  4. The process now running is the caller.  With @num_pids_over_level set,
 *     num_pids is L + 1 + @num_pids_over_level (L: level of the target
 *     namespace); otherwise it is @num_pids.  pids points to @pids with the
 *     CE_PID_* symbols replaced, or to an unreadable page if
 *     @pids_unreadable.
 *  5. Call clone_extended() with @flags (exit signal included) and that pid
 *     set, the child on its own stack.  Expect -1 with @expect_errno, or,
 *     when @expect_errno is 0, a child whose pid at each level with a
 *     non-zero entry is that entry (and 1 in a namespace made by
 *     CLONE_NEWPID); wait for it with __WALL.
 *
 * A pid set never chooses a pid in the test's own namespace (the first
 * level, which other processes share): its entry there is 0, and rows
 * reaching it are sized by @depth so they stay 0 there.
 */

#include <errno.h>
#include <linux/sched.h>
#include <linux/types.h>

/* The most entries a row lists. */
#define CE_CASE_PIDS_MAX	5

/* Symbols a driver replaces in @pids before the call. */
#define CE_PID_SELF	(-1000001)	/* the caller's own pid at that level */
#define CE_PID_LIMIT	(-1000002)	/* pid_max, read at run time */

/* Exit signal of most rows (SIGCHLD is 17 on x86 and most architectures). */
#define CE_SIGCHLD	17ULL

/* The flags of a thread, as pthread_create() uses them. */
#define CE_THREAD_FLAGS	(CLONE_VM | CLONE_FS | CLONE_FILES | \
			 CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM)

struct clone_extended_case {
	const char *name;
	int depth;		/* nested pid namespaces below the test's own */
	int own_user_ns;	/* step 2 above */
	int unshare_pid_ns;	/* step 3 above */
	__u64 flags;		/* 64-bit flag space of spec section 3 */
	int num_pids;
	int num_pids_over_level;	/* 0, or num_pids = L + 1 + this */
	int pids[CE_CASE_PIDS_MAX];	/* outermost first */
	int pids_unreadable;
	int expect_errno;	/* 0: success */
};

static const struct clone_extended_case clone_extended_cases[] = {
	/* Creation with and without pid sets (spec section 5). */
	{ .name = "plain clone without pid set",
	  .flags = CE_SIGCHLD },
	{ .name = "num_pids 0 reads no pids",
	  .flags = CE_SIGCHLD,
	  .num_pids = 0, .pids_unreadable = 1 },
	{ .name = "only 0 entries choose nothing",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 2, .pids = { 0, 0 } },
	{ .name = "pid chosen in the target namespace",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 2, .pids = { 0, 500 } },
	{ .name = "only the innermost entry given",
	  .depth = 2, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { 500 } },
	{ .name = "seed example {0, 77, 99} two levels down",
	  .depth = 2, .flags = CE_SIGCHLD,
	  .num_pids = 3, .pids = { 0, 77, 99 } },
	{ .name = "pids chosen three levels deep",
	  .depth = 3, .flags = CE_SIGCHLD,
	  .num_pids = 4, .pids = { 0, 55, 77, 99 } },
	{ .name = "outer levels left to the kernel",
	  .depth = 3, .flags = CE_SIGCHLD,
	  .num_pids = 4, .pids = { 0, 0, 0, 99 } },
	{ .name = "CLONE_NEWPID child is pid 1, its level has no entry",
	  .depth = 1, .flags = CLONE_NEWPID | CE_SIGCHLD,
	  .num_pids = 2, .pids = { 0, 77 } },
	{ .name = "CLONE_NEWPID without pid set",
	  .depth = 1, .flags = CLONE_NEWPID | CE_SIGCHLD },
	{ .name = "pid 1 in a namespace without init makes the init",
	  .depth = 1, .unshare_pid_ns = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { 1 } },
	{ .name = "pids chosen in the caller's own user namespace",
	  .depth = 1, .own_user_ns = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { 200 } },
	{ .name = "0 at a level the caller does not own needs nothing",
	  .depth = 1, .own_user_ns = 1, .flags = CE_SIGCHLD,
	  .num_pids = 2, .pids = { 0, 200 } },
	{ .name = "0 between chosen pids",
	  .depth = 3, .flags = CE_SIGCHLD,
	  .num_pids = 4, .pids = { 0, 55, 0, 99 } },
	{ .name = "0 in the target namespace under a chosen pid",
	  .depth = 2, .flags = CE_SIGCHLD,
	  .num_pids = 3, .pids = { 0, 77, 0 } },

	/* Flags (spec section 3, rows 5 to 7). */
	{ .name = "exit signal 64 is accepted",
	  .flags = 64 },
	{ .name = "exit signal 0 is accepted",
	  .flags = 0 },
	{ .name = "CLONE_CLEAR_SIGHAND is accepted",
	  .flags = CLONE_CLEAR_SIGHAND | CE_SIGCHLD },
	{ .name = "CLONE_IO, the top bit of the low word, is accepted",
	  .flags = CLONE_IO | CE_SIGCHLD },
	{ .name = "unknown flag bit 34",
	  .flags = (1ULL << 34) | CE_SIGCHLD, .expect_errno = EINVAL },
	{ .name = "unknown flag bit 63",
	  .flags = (1ULL << 63) | CE_SIGCHLD, .expect_errno = EINVAL },
	/*
	 * Bit 34 alone: on 32-bit callers the only bit of word 1.  A compat
	 * entry that joined the words in memory order instead of by value
	 * would, on a big-endian kernel, read exit signal 4 and accept it.
	 */
	{ .name = "unknown flag bit 34 alone",
	  .flags = 1ULL << 34, .expect_errno = EINVAL },
	{ .name = "CLONE_INTO_CGROUP",
	  .flags = CLONE_INTO_CGROUP | CE_SIGCHLD, .expect_errno = EINVAL },
	/* clone() ignores these three; clone3() and clone_extended() refuse. */
	{ .name = "CLONE_DETACHED",
	  .flags = CLONE_DETACHED | CE_SIGCHLD, .expect_errno = EINVAL },
	{ .name = "exit signal with CLONE_THREAD",
	  .flags = CE_THREAD_FLAGS | CE_SIGCHLD, .expect_errno = EINVAL },
	{ .name = "exit signal with CLONE_PARENT",
	  .flags = CLONE_PARENT | CE_SIGCHLD, .expect_errno = EINVAL },
	{ .name = "exit signal 65",
	  .flags = 65, .expect_errno = EINVAL },
	{ .name = "exit signal 66",
	  .flags = 66, .expect_errno = EINVAL },
	{ .name = "exit signal 128",
	  .flags = 128, .expect_errno = EINVAL },
	{ .name = "exit signal 255",
	  .flags = 255, .expect_errno = EINVAL },

	/* Pid set bounds (rows 9 to 12). */
	{ .name = "num_pids -1",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = -1, .expect_errno = EINVAL },
	{ .name = "num_pids -2",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = -2, .expect_errno = EINVAL },
	{ .name = "num_pids INT_MIN",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = -2147483647 - 1, .expect_errno = EINVAL },
	{ .name = "num_pids L + 2",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids_over_level = 1, .expect_errno = EINVAL },
	{ .name = "num_pids L + 2 with CLONE_NEWPID",
	  .depth = 1, .flags = CLONE_NEWPID | CE_SIGCHLD,
	  .num_pids_over_level = 1, .expect_errno = EINVAL },
	{ .name = "num_pids 34 exceeds any level",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 34, .expect_errno = EINVAL },
	{ .name = "num_pids INT_MAX",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 2147483647, .expect_errno = EINVAL },
	{ .name = "pids unreadable",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids_unreadable = 1, .expect_errno = EFAULT },
	{ .name = "entry -1",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { -1 }, .expect_errno = EINVAL },
	{ .name = "entry pid_max",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { CE_PID_LIMIT }, .expect_errno = EINVAL },
	{ .name = "entry INT_MIN",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { -2147483647 - 1 }, .expect_errno = EINVAL },
	{ .name = "entry INT_MAX",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { 2147483647 }, .expect_errno = EINVAL },
	{ .name = "entry -1 at a 0-only outer level",
	  .depth = 2, .flags = CE_SIGCHLD,
	  .num_pids = 3, .pids = { 0, -1, 0 }, .expect_errno = EINVAL },

	/* Flag combinations clone() rejects (row 13). */
	{ .name = "CLONE_SIGHAND without CLONE_VM",
	  .flags = CLONE_SIGHAND | CE_SIGCHLD, .expect_errno = EINVAL },
	{ .name = "CLONE_THREAD without CLONE_SIGHAND",
	  .flags = CLONE_THREAD | CLONE_VM, .expect_errno = EINVAL },
	{ .name = "CLONE_NEWPID with CLONE_THREAD",
	  .flags = CE_THREAD_FLAGS | CLONE_NEWPID, .expect_errno = EINVAL },
	{ .name = "CLONE_NEWUSER with CLONE_THREAD",
	  .flags = CE_THREAD_FLAGS | CLONE_NEWUSER, .expect_errno = EINVAL },
	{ .name = "CLONE_NEWNS with CLONE_FS",
	  .flags = CLONE_NEWNS | CLONE_FS | CE_SIGCHLD,
	  .expect_errno = EINVAL },
	{ .name = "CLONE_PIDFD with CLONE_PARENT_SETTID",
	  .flags = CLONE_PIDFD | CLONE_PARENT_SETTID | CE_SIGCHLD,
	  .expect_errno = EINVAL },
	{ .name = "CLONE_CLEAR_SIGHAND with CLONE_SIGHAND",
	  .flags = CLONE_CLEAR_SIGHAND | CLONE_SIGHAND | CLONE_VM | CE_SIGCHLD,
	  .expect_errno = EINVAL },

	/* Found while allocating pids (rows 14 to 16); nothing is left. */
	{ .name = "non-1 entry in a namespace without init",
	  .depth = 1, .unshare_pid_ns = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { 5 }, .expect_errno = EINVAL },
	{ .name = "non-1 entry without init under a 0 entry",
	  .depth = 1, .unshare_pid_ns = 1, .flags = CE_SIGCHLD,
	  .num_pids = 2, .pids = { 0, 5 }, .expect_errno = EINVAL },
	{ .name = "pid at a level the caller's user namespace does not own",
	  .depth = 1, .own_user_ns = 1, .flags = CE_SIGCHLD,
	  .num_pids = 2, .pids = { 300, 200 }, .expect_errno = EPERM },
	{ .name = "entry in use in the target namespace",
	  .depth = 1, .flags = CE_SIGCHLD,
	  .num_pids = 1, .pids = { CE_PID_SELF }, .expect_errno = EEXIST },
	{ .name = "entry in use at an outer level",
	  .depth = 2, .flags = CE_SIGCHLD,
	  .num_pids = 2, .pids = { CE_PID_SELF, 99 }, .expect_errno = EEXIST },
};

#define CLONE_EXTENDED_NUM_CASES \
	(sizeof(clone_extended_cases) / sizeof(*clone_extended_cases))

#endif /* CLONE_EXTENDED_CASES_H */
