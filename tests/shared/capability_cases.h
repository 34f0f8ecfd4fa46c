/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CAPABILITY_CASES_H
#define CAPABILITY_CASES_H

/*
 * The capability rule of spec section 5 (E-PID-PRIVILEGE), arrangement by arrangement:
 * a non-zero entry needs CAP_CHECKPOINT_RESTORE or CAP_SYS_ADMIN over the
 * user namespace owning that level's pid namespace.  One row per
 * arrangement: the caller's sandbox (pid_ns_sandbox.h), the pids it asks
 * for, the innermost levels it owns and the errno expected, 0 for success.
 * A refused call must create nothing, and the same pids at the owned levels
 * only (0 elsewhere) must then be granted (capability_check.h).
 *
 * This file is the only copy: the compat library's test
 * (tests/library/capability_test.c) and the driver run on the patched
 * kernels (tests/guest/capability_matrix.c) both include it.
 * clone_extended_cases.h has the simplest own-user-namespace rows; these
 * are the arrangements it lacks.
 */

#include <errno.h>
#include <linux/capability.h>

#include "pid_ns_sandbox.h"

#define CAPS_NONE		0ULL
#define CAPS_CHECKPOINT_RESTORE	(1ULL << CAP_CHECKPOINT_RESTORE)
#define CAPS_SYS_ADMIN		(1ULL << CAP_SYS_ADMIN)

#define CAPABILITY_CASE_PIDS_MAX	4

struct capability_case {
	const char *name;
	struct sandbox sandbox;
	int num_pids;
	int pids[CAPABILITY_CASE_PIDS_MAX];	/* outermost first, never level 0 */
	int owned_levels;	/* innermost levels the caller may choose at */
	int expect_errno;
};

static const struct capability_case capability_cases[] = {
	{ .name = "CAP_CHECKPOINT_RESTORE alone chooses in root's namespaces",
	  .sandbox = { .depth = 2, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_CHECKPOINT_RESTORE },
	  .num_pids = 2, .pids = { 300, 200 }, .owned_levels = 2 },
	{ .name = "CAP_SYS_ADMIN alone chooses in root's namespaces",
	  .sandbox = { .depth = 2, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_SYS_ADMIN },
	  .num_pids = 2, .pids = { 300, 200 }, .owned_levels = 2 },
	{ .name = "no capability: EPERM in root's namespaces",
	  .sandbox = { .depth = 2, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_NONE },
	  .num_pids = 2, .pids = { 0, 200 }, .expect_errno = EPERM },
	{ .name = "other capabilities do not count",
	  .sandbox = { .depth = 1, .drop_keeping_caps = 1,
		       .kept_caps = ~(CAPS_CHECKPOINT_RESTORE |
				      CAPS_SYS_ADMIN) &
				    ((1ULL << (CAP_LAST_CAP + 1)) - 1) },
	  .num_pids = 1, .pids = { 200 }, .expect_errno = EPERM },
	{ .name = "own user namespace: both of its pid namespaces",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .own_pid_levels = 1 },
	  .num_pids = 3, .pids = { 0, 300, 200 }, .owned_levels = 2 },
	{ .name = "own user namespace: root's level above it is EPERM",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .own_pid_levels = 1 },
	  .num_pids = 3, .pids = { 400, 300, 200 }, .owned_levels = 2,
	  .expect_errno = EPERM },
	{ .name = "CAP_CHECKPOINT_RESTORE does not reach out of a user namespace",
	  .sandbox = { .depth = 1, .drop_keeping_caps = 1,
		       .kept_caps = CAPS_CHECKPOINT_RESTORE,
		       .own_user_ns = 1 },
	  .num_pids = 2, .pids = { 300, 200 }, .owned_levels = 1,
	  .expect_errno = EPERM },
	{ .name = "nested user namespace: the outer one's level is EPERM",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .nested_user_ns = 1 },
	  .num_pids = 3, .pids = { 0, 300, 200 }, .owned_levels = 1,
	  .expect_errno = EPERM },
	{ .name = "nested user namespace: its own level is granted",
	  .sandbox = { .depth = 1, .own_user_ns = 1, .nested_user_ns = 1 },
	  .num_pids = 3, .pids = { 0, 0, 200 }, .owned_levels = 1 },
};

#define NUM_CAPABILITY_CASES \
	(sizeof(capability_cases) / sizeof(capability_cases[0]))

#endif /* CAPABILITY_CASES_H */
