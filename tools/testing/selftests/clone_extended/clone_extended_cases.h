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

/*
 * Each row's C name, CE_<name>, its index in the table: a name does not
 * change when rows are added, moved or removed, and the kselftests name
 * the row's fixture variant after it.  In the order of the table.
 */
enum clone_extended_case_name {
	CE_plain_clone_without_pid_set,
	CE_num_pids_0_reads_no_pids,
	CE_only_0_entries_choose_nothing,
	CE_pid_chosen_in_the_target_namespace,
	CE_only_the_innermost_entry_given,
	CE_seed_example_two_levels_down,
	CE_pids_chosen_three_levels_deep,
	CE_outer_levels_left_to_the_kernel,
	CE_newpid_child_is_pid_1,
	CE_newpid_without_pid_set,
	CE_pid_1_without_init_makes_the_init,
	CE_pids_chosen_in_own_user_ns,
	CE_zero_where_not_owned_needs_nothing,
	CE_zero_between_chosen_pids,
	CE_zero_in_target_under_chosen_pid,
	CE_exit_signal_64_is_accepted,
	CE_exit_signal_0_is_accepted,
	CE_clear_sighand_is_accepted,
	CE_clone_io_is_accepted,
	CE_unknown_flag_bit_34,
	CE_unknown_flag_bit_63,
	CE_unknown_flag_bit_34_alone,
	CE_into_cgroup,
	CE_detached,
	CE_exit_signal_with_thread,
	CE_exit_signal_with_parent,
	CE_exit_signal_65,
	CE_exit_signal_66,
	CE_exit_signal_128,
	CE_exit_signal_255,
	CE_num_pids_minus_1,
	CE_num_pids_minus_2,
	CE_num_pids_int_min,
	CE_num_pids_level_plus_2,
	CE_num_pids_level_plus_2_with_newpid,
	CE_num_pids_34,
	CE_num_pids_int_max,
	CE_pids_unreadable,
	CE_entry_minus_1,
	CE_entry_pid_max,
	CE_entry_int_min,
	CE_entry_int_max,
	CE_entry_minus_1_where_only_0,
	CE_sighand_without_vm,
	CE_thread_without_sighand,
	CE_newpid_with_thread,
	CE_newuser_with_thread,
	CE_newns_with_fs,
	CE_pidfd_with_parent_settid,
	CE_clear_sighand_with_sighand,
	CE_non_1_entry_without_init,
	CE_non_1_entry_without_init_under_0,
	CE_pid_where_not_owned,
	CE_entry_in_use_in_the_target,
	CE_entry_in_use_at_an_outer_level,
	CE_NUM_NAMES
};

static const struct clone_extended_case clone_extended_cases[] = {
	/* Creation with and without pid sets (spec section 5). */
	[CE_plain_clone_without_pid_set] = {
		.name = "plain clone without pid set",
		.flags = CE_SIGCHLD,
	},
	[CE_num_pids_0_reads_no_pids] = {
		.name = "num_pids 0 reads no pids",
		.flags = CE_SIGCHLD,
		.num_pids = 0, .pids_unreadable = 1,
	},
	[CE_only_0_entries_choose_nothing] = {
		.name = "only 0 entries choose nothing",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 2, .pids = { 0, 0 },
	},
	[CE_pid_chosen_in_the_target_namespace] = {
		.name = "pid chosen in the target namespace",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 2, .pids = { 0, 500 },
	},
	[CE_only_the_innermost_entry_given] = {
		.name = "only the innermost entry given",
		.depth = 2, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { 500 },
	},
	[CE_seed_example_two_levels_down] = {
		.name = "seed example {0, 77, 99} two levels down",
		.depth = 2, .flags = CE_SIGCHLD,
		.num_pids = 3, .pids = { 0, 77, 99 },
	},
	[CE_pids_chosen_three_levels_deep] = {
		.name = "pids chosen three levels deep",
		.depth = 3, .flags = CE_SIGCHLD,
		.num_pids = 4, .pids = { 0, 55, 77, 99 },
	},
	[CE_outer_levels_left_to_the_kernel] = {
		.name = "outer levels left to the kernel",
		.depth = 3, .flags = CE_SIGCHLD,
		.num_pids = 4, .pids = { 0, 0, 0, 99 },
	},
	[CE_newpid_child_is_pid_1] = {
		.name = "CLONE_NEWPID child is pid 1, its level has no entry",
		.depth = 1, .flags = CLONE_NEWPID | CE_SIGCHLD,
		.num_pids = 2, .pids = { 0, 77 },
	},
	[CE_newpid_without_pid_set] = {
		.name = "CLONE_NEWPID without pid set",
		.depth = 1, .flags = CLONE_NEWPID | CE_SIGCHLD,
	},
	[CE_pid_1_without_init_makes_the_init] = {
		.name = "pid 1 in a namespace without init makes the init",
		.depth = 1, .unshare_pid_ns = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { 1 },
	},
	[CE_pids_chosen_in_own_user_ns] = {
		.name = "pids chosen in the caller's own user namespace",
		.depth = 1, .own_user_ns = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { 200 },
	},
	[CE_zero_where_not_owned_needs_nothing] = {
		.name = "0 at a level the caller does not own needs nothing",
		.depth = 1, .own_user_ns = 1, .flags = CE_SIGCHLD,
		.num_pids = 2, .pids = { 0, 200 },
	},
	[CE_zero_between_chosen_pids] = {
		.name = "0 between chosen pids",
		.depth = 3, .flags = CE_SIGCHLD,
		.num_pids = 4, .pids = { 0, 55, 0, 99 },
	},
	[CE_zero_in_target_under_chosen_pid] = {
		.name = "0 in the target namespace under a chosen pid",
		.depth = 2, .flags = CE_SIGCHLD,
		.num_pids = 3, .pids = { 0, 77, 0 },
	},

	/*
	 * Flags (spec section 3): E-FLAG-UNKNOWN, E-FLAG-CGROUP,
	 * E-EXIT-SIGNAL.
	 */
	[CE_exit_signal_64_is_accepted] = {
		.name = "exit signal 64 is accepted",
		.flags = 64,
	},
	[CE_exit_signal_0_is_accepted] = {
		.name = "exit signal 0 is accepted",
		.flags = 0,
	},
	[CE_clear_sighand_is_accepted] = {
		.name = "CLONE_CLEAR_SIGHAND is accepted",
		.flags = CLONE_CLEAR_SIGHAND | CE_SIGCHLD,
	},
	[CE_clone_io_is_accepted] = {
		.name = "CLONE_IO, the top bit of the low word, is accepted",
		.flags = CLONE_IO | CE_SIGCHLD,
	},
	[CE_unknown_flag_bit_34] = {
		.name = "unknown flag bit 34",
		.flags = (1ULL << 34) | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	[CE_unknown_flag_bit_63] = {
		.name = "unknown flag bit 63",
		.flags = (1ULL << 63) | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	/*
	 * Bit 34 alone: on 32-bit callers the only bit of word 1.  A compat
	 * entry that joined the words in memory order instead of by value
	 * would, on a big-endian kernel, read exit signal 4 and accept it.
	 */
	[CE_unknown_flag_bit_34_alone] = {
		.name = "unknown flag bit 34 alone",
		.flags = 1ULL << 34, .expect_errno = EINVAL,
	},
	[CE_into_cgroup] = {
		.name = "CLONE_INTO_CGROUP",
		.flags = CLONE_INTO_CGROUP | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	/* clone() ignores these three; clone3() and clone_extended() refuse. */
	[CE_detached] = {
		.name = "CLONE_DETACHED",
		.flags = CLONE_DETACHED | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	[CE_exit_signal_with_thread] = {
		.name = "exit signal with CLONE_THREAD",
		.flags = CE_THREAD_FLAGS | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	[CE_exit_signal_with_parent] = {
		.name = "exit signal with CLONE_PARENT",
		.flags = CLONE_PARENT | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	[CE_exit_signal_65] = {
		.name = "exit signal 65",
		.flags = 65, .expect_errno = EINVAL,
	},
	[CE_exit_signal_66] = {
		.name = "exit signal 66",
		.flags = 66, .expect_errno = EINVAL,
	},
	[CE_exit_signal_128] = {
		.name = "exit signal 128",
		.flags = 128, .expect_errno = EINVAL,
	},
	[CE_exit_signal_255] = {
		.name = "exit signal 255",
		.flags = 255, .expect_errno = EINVAL,
	},

	/*
	 * Pid set bounds: E-PIDS-NEGATIVE, E-PIDS-TOO-MANY, E-PIDS-FAULT,
	 * E-PID-RANGE.
	 */
	[CE_num_pids_minus_1] = {
		.name = "num_pids -1",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = -1, .expect_errno = EINVAL,
	},
	[CE_num_pids_minus_2] = {
		.name = "num_pids -2",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = -2, .expect_errno = EINVAL,
	},
	[CE_num_pids_int_min] = {
		.name = "num_pids INT_MIN",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = -2147483647 - 1, .expect_errno = EINVAL,
	},
	[CE_num_pids_level_plus_2] = {
		.name = "num_pids L + 2",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids_over_level = 1, .expect_errno = EINVAL,
	},
	[CE_num_pids_level_plus_2_with_newpid] = {
		.name = "num_pids L + 2 with CLONE_NEWPID",
		.depth = 1, .flags = CLONE_NEWPID | CE_SIGCHLD,
		.num_pids_over_level = 1, .expect_errno = EINVAL,
	},
	[CE_num_pids_34] = {
		.name = "num_pids 34 exceeds any level",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 34, .expect_errno = EINVAL,
	},
	[CE_num_pids_int_max] = {
		.name = "num_pids INT_MAX",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 2147483647, .expect_errno = EINVAL,
	},
	[CE_pids_unreadable] = {
		.name = "pids unreadable",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids_unreadable = 1, .expect_errno = EFAULT,
	},
	[CE_entry_minus_1] = {
		.name = "entry -1",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { -1 }, .expect_errno = EINVAL,
	},
	[CE_entry_pid_max] = {
		.name = "entry pid_max",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { CE_PID_LIMIT }, .expect_errno = EINVAL,
	},
	[CE_entry_int_min] = {
		.name = "entry INT_MIN",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { -2147483647 - 1 }, .expect_errno = EINVAL,
	},
	[CE_entry_int_max] = {
		.name = "entry INT_MAX",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { 2147483647 }, .expect_errno = EINVAL,
	},
	[CE_entry_minus_1_where_only_0] = {
		.name = "entry -1 at a 0-only outer level",
		.depth = 2, .flags = CE_SIGCHLD,
		.num_pids = 3, .pids = { 0, -1, 0 }, .expect_errno = EINVAL,
	},

	/* Flag combinations clone() rejects: E-FLAG-COMBINATION. */
	[CE_sighand_without_vm] = {
		.name = "CLONE_SIGHAND without CLONE_VM",
		.flags = CLONE_SIGHAND | CE_SIGCHLD, .expect_errno = EINVAL,
	},
	[CE_thread_without_sighand] = {
		.name = "CLONE_THREAD without CLONE_SIGHAND",
		.flags = CLONE_THREAD | CLONE_VM, .expect_errno = EINVAL,
	},
	[CE_newpid_with_thread] = {
		.name = "CLONE_NEWPID with CLONE_THREAD",
		.flags = CE_THREAD_FLAGS | CLONE_NEWPID, .expect_errno = EINVAL,
	},
	[CE_newuser_with_thread] = {
		.name = "CLONE_NEWUSER with CLONE_THREAD",
		.flags = CE_THREAD_FLAGS | CLONE_NEWUSER, .expect_errno = EINVAL,
	},
	[CE_newns_with_fs] = {
		.name = "CLONE_NEWNS with CLONE_FS",
		.flags = CLONE_NEWNS | CLONE_FS | CE_SIGCHLD,
		.expect_errno = EINVAL,
	},
	[CE_pidfd_with_parent_settid] = {
		.name = "CLONE_PIDFD with CLONE_PARENT_SETTID",
		.flags = CLONE_PIDFD | CLONE_PARENT_SETTID | CE_SIGCHLD,
		.expect_errno = EINVAL,
	},
	[CE_clear_sighand_with_sighand] = {
		.name = "CLONE_CLEAR_SIGHAND with CLONE_SIGHAND",
		.flags = CLONE_CLEAR_SIGHAND | CLONE_SIGHAND | CLONE_VM | CE_SIGCHLD,
		.expect_errno = EINVAL,
	},

	/*
	 * Found while allocating pids: E-PID-NO-INIT, E-PID-PRIVILEGE,
	 * E-PID-TAKEN; nothing is left.
	 */
	[CE_non_1_entry_without_init] = {
		.name = "non-1 entry in a namespace without init",
		.depth = 1, .unshare_pid_ns = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { 5 }, .expect_errno = EINVAL,
	},
	[CE_non_1_entry_without_init_under_0] = {
		.name = "non-1 entry without init under a 0 entry",
		.depth = 1, .unshare_pid_ns = 1, .flags = CE_SIGCHLD,
		.num_pids = 2, .pids = { 0, 5 }, .expect_errno = EINVAL,
	},
	[CE_pid_where_not_owned] = {
		.name = "pid at a level the caller's user namespace does not own",
		.depth = 1, .own_user_ns = 1, .flags = CE_SIGCHLD,
		.num_pids = 2, .pids = { 300, 200 }, .expect_errno = EPERM,
	},
	[CE_entry_in_use_in_the_target] = {
		.name = "entry in use in the target namespace",
		.depth = 1, .flags = CE_SIGCHLD,
		.num_pids = 1, .pids = { CE_PID_SELF }, .expect_errno = EEXIST,
	},
	[CE_entry_in_use_at_an_outer_level] = {
		.name = "entry in use at an outer level",
		.depth = 2, .flags = CE_SIGCHLD,
		.num_pids = 2, .pids = { CE_PID_SELF, 99 }, .expect_errno = EEXIST,
	},
};

#define CLONE_EXTENDED_NUM_CASES \
	(sizeof(clone_extended_cases) / sizeof(*clone_extended_cases))

#endif /* CLONE_EXTENDED_CASES_H */
