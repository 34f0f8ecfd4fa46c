// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * What a seccomp profile can stop on a patched kernel.  seccomp sees the
 * argument registers only: the clone-info variant keeps every CLONE_NEW*
 * flag in a register (flags_low), the flags-array variant passes all flags
 * by pointer.  Three default-allow profiles, built with libseccomp:
 *
 *   none                    no filter: what the kernel does;
 *   restrict-namespaces     systemd's RestrictNamespaces=yes for the calls
 *                           that create namespaces: clone() and unshare()
 *                           with a namespace flag get EPERM, clone3()
 *                           ENOSYS; nothing about clone_extended();
 *   + clone_extended rule   the same plus the rule the variant allows:
 *                           clone-info, EPERM when flags_low has a
 *                           namespace flag (a mask on argument 0);
 *                           flags-array, ENOSYS for every call.
 *
 * On the kernel of kernel-patches/clone3-set-tid-zero, whose tree installs
 * neither variant's header, the "clone_extended" calls are clone3() with
 * the pid set as set_tid (clone3_with_pid_set.h): restrict-namespaces
 * already refuses them whole, pid sets included, and no rule can do
 * better.
 *
 * Every call runs under every profile as one TAP case, named
 * "PROFILE | CALL | OUTCOME"; scripts/report.d/30-kernel builds its table
 * from these names.  Built per series by scripts/kernel selftests, 64-bit
 * and 32-bit, statically linked with libseccomp; runs as root.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sched.h>

#include "pid_ns_sandbox.h"

#ifndef __NR_clone_extended
#define __NR_clone_extended 463
#endif

/* The namespace flags clone() and unshare() take (0x80 is the signal). */
#define NS_FLAGS	(CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | \
			 CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | \
			 CLONE_NEWNET)

/* Outcomes, also the caller's return value: below 4, or 4 + errno. */
#define NEW_NS		0	/* a process (or the caller) in a new namespace */
#define NO_NEW_NS	1	/* a process in the caller's namespaces */
#define BROKEN		2	/* the test itself failed */
#define NO_PROFILE	3	/* the kernel took no filter */
#define ERR(e)		(4 + (e))

/*
 * One rule per flag, as systemd writes them: @err when argument 0 has the
 * flag, whatever the other bits of the register hold.
 */
static int add_flag_rules(scmp_filter_ctx ctx, int nr, unsigned long flags,
			  int err)
{
	unsigned long bit;

	for (bit = 1; bit && bit <= flags; bit <<= 1)
		if ((flags & bit) &&
		    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(err), nr, 1,
				     SCMP_A0(SCMP_CMP_MASKED_EQ, bit, bit)))
			return -1;
	return 0;
}

#if __has_include(<linux/clone_flags.h>)
#include <linux/clone_flags.h>

#define VARIANT "flags-array"
#define RULE_NS		ERR(ENOSYS)	/* the rule refuses every call */
#define RULE_OTHER(without)	ERR(ENOSYS)

static long call_clone_extended(__u64 mask, unsigned long reg_high,
				const struct pid_set *set)
{
	struct clone_flags flags;

	(void)reg_high;
	clone_flags_from_mask(&flags, mask);
	return syscall(__NR_clone_extended, &flags, NULL, 0UL, NULL, NULL, set);
}

static int add_clone_extended_rule(scmp_filter_ctx ctx)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS),
				__NR_clone_extended, 0);
}
#elif __has_include(<linux/clone_info.h>)
#include <linux/clone_info.h>

#define VARIANT "clone-info"
#define RULE_NS		ERR(EPERM)	/* the mask on flags_low stops it */
#define RULE_OTHER(without)	(without)
/* Only a 64-bit register has bits 32-63, which the kernel's int ignores. */
#ifdef __LP64__
#define REGISTER_ROW
#endif

/* @reg_high: bits 32-63 of the register that carries flags_low. */
static long call_clone_extended(__u64 mask, unsigned long reg_high,
				const struct pid_set *set)
{
	int flags_high[1] = { (int)(mask >> 32) };
	struct clone_info info = { 1, flags_high, { 0, NULL } };

	if (set)
		info.pid_set = *set;
	return syscall(__NR_clone_extended,
		       (unsigned long)(unsigned int)mask | reg_high, NULL, 0UL,
		       NULL, NULL, (mask >> 32) || set ? &info : NULL);
}

static int add_clone_extended_rule(scmp_filter_ctx ctx)
{
	return add_flag_rules(ctx, __NR_clone_extended, NS_FLAGS, EPERM);
}
#else
#include "clone3_with_pid_set.h"

#define VARIANT "clone3-set-tid-zero"
#define RESTRICTED(without)	ERR(ENOSYS)	/* clone3() is refused */
#define RULE_NS		ERR(ENOSYS)
#define RULE_OTHER(without)	ERR(ENOSYS)

static long call_clone_extended(__u64 mask, unsigned long reg_high,
				const struct pid_set *set)
{
	(void)reg_high;
	return clone3_with_pid_set(mask, set, 1, NULL);
}

/* restrict-namespaces refuses clone3() already: there is nothing to add. */
static int add_clone_extended_rule(scmp_filter_ctx ctx)
{
	(void)ctx;
	return 0;
}
#endif

/* What restrict-namespaces does to the call: nothing, for the variants. */
#ifndef RESTRICTED
#define RESTRICTED(without)	(without)
#endif

enum call_kind { CLONE, UNSHARE, CLONE3, CLONE_EXTENDED };

struct seccomp_case {
	const char *call;	/* as the report's table names it */
	enum call_kind kind;
	__u64 flags;
	unsigned long reg_high;	/* clone-info: bits 32-63 of argument 0 */
	int with_pid_set;	/* a pid set of one entry 0 */
	int expect[3];		/* outcome under each profile */
};

#define NS_CREATED	{ NEW_NS, RESTRICTED(NEW_NS), RULE_NS }

static const struct seccomp_case cases[] = {
	{ "clone(CLONE_NEWNS)", CLONE, CLONE_NEWNS | SIGCHLD, 0, 0,
	  { NEW_NS, ERR(EPERM), ERR(EPERM) } },
	{ "unshare(CLONE_NEWNS)", UNSHARE, CLONE_NEWNS, 0, 0,
	  { NEW_NS, ERR(EPERM), ERR(EPERM) } },
	{ "clone3(CLONE_NEWNS)", CLONE3, CLONE_NEWNS | SIGCHLD, 0, 0,
	  { NEW_NS, ERR(ENOSYS), ERR(ENOSYS) } },
	{ "clone_extended(CLONE_NEWNS)", CLONE_EXTENDED,
	  CLONE_NEWNS | SIGCHLD, 0, 0, NS_CREATED },
	{ "clone_extended(CLONE_NEWPID)", CLONE_EXTENDED,
	  CLONE_NEWPID | SIGCHLD, 0, 0, NS_CREATED },
	{ "clone_extended(CLONE_NEWUSER)", CLONE_EXTENDED,
	  CLONE_NEWUSER | SIGCHLD, 0, 0, NS_CREATED },
#ifdef REGISTER_ROW
	/* The rule must not miss the flag whatever bits 32-63 hold. */
	{ "clone_extended(CLONE_NEWPID), bits 32-63 of argument 0 set",
	  CLONE_EXTENDED, CLONE_NEWPID | SIGCHLD, ~0UL << 16 << 16, 0,
	  NS_CREATED },
#endif
	{ "clone_extended(no namespace flag)", CLONE_EXTENDED, SIGCHLD, 0, 0,
	  { NO_NEW_NS, RESTRICTED(NO_NEW_NS), RULE_OTHER(NO_NEW_NS) } },
	{ "clone_extended(no namespace flag, pid set {0})", CLONE_EXTENDED,
	  SIGCHLD, 0, 1,
	  { NO_NEW_NS, RESTRICTED(NO_NEW_NS), RULE_OTHER(NO_NEW_NS) } },
	/* A high flag word has no namespace flag: the bit is unknown. */
	{ "clone_extended(CLONE_NEWPID << 32)", CLONE_EXTENDED,
	  (__u64)CLONE_NEWPID << 32 | SIGCHLD, 0, 0,
	  { ERR(EINVAL), RESTRICTED(ERR(EINVAL)), RULE_OTHER(ERR(EINVAL)) } },
};

#define NUM_CASES (sizeof(cases) / sizeof(cases[0]))

static const char *const profiles[] = {
	"none",
	"restrict-namespaces",
	"restrict-namespaces + clone_extended rule",
};

#define NUM_PROFILES (sizeof(profiles) / sizeof(profiles[0]))

/* Loads profile @p (an index of profiles[]) into the calling process. */
static int load_profile(size_t p)
{
	scmp_filter_ctx ctx;
	int ret = -1;

	if (p == 0)
		return 0;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		return -1;
	if (add_flag_rules(ctx, __NR_clone, NS_FLAGS, EPERM) ||
	    add_flag_rules(ctx, __NR_unshare, NS_FLAGS, EPERM) ||
	    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), __NR_clone3, 0) ||
	    (p == 2 && add_clone_extended_rule(ctx)))
		goto out;
	ret = seccomp_load(ctx) ? -1 : 0;
out:
	seccomp_release(ctx);
	return ret;
}

static const char *const ns_names[] = { "mnt", "pid", "user" };

#define NUM_NS (sizeof(ns_names) / sizeof(ns_names[0]))

/* The namespaces of the calling process, as /proc/self/ns/ links. */
static void read_ns(char links[NUM_NS][64])
{
	char path[32];
	size_t i;
	ssize_t n;

	for (i = 0; i < NUM_NS; i++) {
		snprintf(path, sizeof(path), "/proc/self/ns/%s", ns_names[i]);
		n = readlink(path, links[i], sizeof(links[i]) - 1);
		links[i][n < 0 ? 0 : n] = '\0';
	}
}

static int in_new_ns(char before[NUM_NS][64])
{
	char now[NUM_NS][64];
	size_t i;

	read_ns(now);
	for (i = 0; i < NUM_NS; i++)
		if (strcmp(now[i], before[i]))
			return 1;
	return 0;
}

static long make_call(const struct seccomp_case *row)
{
	__kernel_pid_t pid = 0;
	struct pid_set set = { 1, &pid };
	struct clone_args args = {
		.flags = row->flags & ~(__u64)CSIGNAL,
		.exit_signal = row->flags & CSIGNAL,
	};

	switch (row->kind) {
	case CLONE:
		return syscall(__NR_clone, (unsigned long)row->flags, 0UL, 0UL,
			       0UL, 0UL);
	case CLONE3:
		return syscall(__NR_clone3, &args, sizeof(args));
	case CLONE_EXTENDED:
		return call_clone_extended(row->flags, row->reg_high,
					   row->with_pid_set ? &set : NULL);
	default:
		return unshare(row->flags);
	}
}

struct run {
	const struct seccomp_case *row;
	size_t profile;
};

/* In the sandbox: the outcome of one call under one profile. */
static int try_call(void *arg)
{
	const struct run *run = arg;
	char before[NUM_NS][64];
	int status;
	long ret;

	read_ns(before);
	if (load_profile(run->profile))
		return NO_PROFILE;
	ret = make_call(run->row);
	if (ret < 0)
		return errno < 120 ? ERR(errno) : BROKEN;
	if (run->row->kind == UNSHARE)
		return in_new_ns(before) ? NEW_NS : NO_NEW_NS;
	if (ret == 0)
		_exit(in_new_ns(before) ? NEW_NS : NO_NEW_NS);
	if (waitpid(ret, &status, 0) != ret || !WIFEXITED(status) ||
	    WEXITSTATUS(status) > NO_NEW_NS)
		return BROKEN;
	return WEXITSTATUS(status);
}

static const char *outcome_name(int outcome)
{
	switch (outcome) {
	case NEW_NS:
		return "new namespace";
	case NO_NEW_NS:
		return "no new namespace";
	case BROKEN:
		return "the test failed";
	case NO_PROFILE:
		return "no seccomp filter (CONFIG_SECCOMP_FILTER?)";
	default:
		return outcome > NO_PROFILE && outcome < SANDBOX_NO_USER_NS ?
		       strerrorname_np(outcome - 4) : "the sandbox failed";
	}
}

int main(void)
{
	struct sandbox sandbox = { .depth = 1 };
	int failed = 0, n = 0;
	size_t i, p;

	printf("TAP version 13\n1..%zu\n", NUM_CASES * NUM_PROFILES);
	printf("# %s variant, %zu-bit caller\n", VARIANT, sizeof(long) * 8);
	for (p = 0; p < NUM_PROFILES; p++) {
		for (i = 0; i < NUM_CASES; i++) {
			struct run run = { &cases[i], p };
			int want = cases[i].expect[p];
			int got = sandbox_run(&sandbox, try_call, &run, NULL);

			if (got == want) {
				printf("ok %d %s | %s | %s\n", ++n, profiles[p],
				       cases[i].call, outcome_name(want));
				continue;
			}
			failed = 1;
			printf("not ok %d %s | %s | %s # got %s\n", ++n,
			       profiles[p], cases[i].call, outcome_name(want),
			       outcome_name(got));
		}
	}
	return failed;
}
