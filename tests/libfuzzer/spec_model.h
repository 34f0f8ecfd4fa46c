/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef SPEC_MODEL_H
#define SPEC_MODEL_H

/*
 * The answers docs/spec.md (section 6, the argument checks) and docs/compat.md
 * require of the library's argument checks and clone3() translation, written
 * from the documents' tables for the fuzz targets to compare with.  Each
 * returns 0 or the negative errno the first failing row gives.
 */

#include <sys/types.h>
#include <linux/types.h>

#include "clone3_call.h"

/* What the checks depend on besides the call: read once at start. */
struct spec_env {
	int level;	/* L of the target namespace (the fuzzer's own) */
	int pid_max;
};

/* Fills @env from /proc; exits the fuzzer with a message if it cannot. */
void spec_env_read(struct spec_env *env);

/* E-FLAG-UNKNOWN, E-FLAG-CGROUP, E-EXIT-SIGNAL on the 64-bit flag space. */
int spec_flag_rows(__u64 flags);

/*
 * E-PIDS-NEGATIVE to E-PID-RANGE: @num_pids as given, @pids_readable entries readable at the
 * pids pointer (0 if it is NULL or unreadable), @pids their values.
 */
int spec_pid_rows(const struct spec_env *env, int num_pids,
		  int pids_readable, const pid_t *pids);

/*
 * Whether @ret is a right answer of clone3_call_build() for a checked
 * request, by docs/compat.md: EINVAL for CLONE_PIDFD with
 * CLONE_PARENT_SETTID or CLONE_DETACHED and for the forms (differences 7
 * and 8), EOPNOTSUPP for a 0 entry after a chosen pid (difference 1)
 * unless @set_tid_zero (the kernel takes 0 entries) and the set fits in
 * set_tid; where several apply, none is documented to come first, so any of
 * them is right.
 */
int spec_to_clone3_accepts(const struct clone_request *req,
			   const struct child_start *start, int set_tid_zero,
			   int ret);

/* One answer spec_to_clone3_accepts() takes, for messages. */
int spec_to_clone3_first(const struct clone_request *req,
			 const struct child_start *start, int set_tid_zero);

/*
 * Aborts with a message unless @call is the clone3() call for @req and
 * @start that section 5 and docs/compat.md "How a call is made" describe.
 */
void spec_check_clone3_call(const struct clone_request *req,
			    const struct child_start *start, int set_tid_zero,
			    const struct clone3_call *call);

/* Reports a disagreement with the model and aborts (a fuzzer crash). */
_Noreturn void spec_mismatch(const char *what, long got, long expected);

#endif /* SPEC_MODEL_H */
