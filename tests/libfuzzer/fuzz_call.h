/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef FUZZ_CALL_H
#define FUZZ_CALL_H

/*
 * The parts of a fuzzed call both variants share: the pid set's entries,
 * the call form, and checking the library against spec_model.h.
 */

#include <sys/types.h>

#include "clone3_call.h"
#include "fuzz_input.h"
#include "guarded_memory.h"
#include "spec_model.h"

/* More entries than any pid set may have, so E-PIDS-TOO-MANY is reached. */
#define FUZZ_ARRAY_MAX	(CLONE_REQUEST_PIDS_MAX + 2)

/* A caller's int array (pids or flags_high) as the caller passes it. */
struct fuzz_array {
	int *pointer;
	int readable;		/* entries readable at pointer */
	int values[FUZZ_ARRAY_MAX];
};

/* Everything a fuzz target needs, set up once. */
struct fuzz_world {
	struct spec_env env;
	struct guarded_page pids_page;
	struct guarded_page struct_page;	/* clone_flags or clone_info */
	struct guarded_page words_page;		/* pid_set or flags_high */
	int lowest_free_fd;	/* after setup: a call must leave it so */
};

void fuzz_world_init(struct fuzz_world *world);

/*
 * Reads a placement, a count of readable entries and the entries, and lays
 * them out in @page.
 */
void fuzz_take_array(struct fuzz_input *in, struct guarded_page *page,
		    struct fuzz_array *pids);

/*
 * Checks a clone_request_from_*() result, followed by
 * clone_request_check_pid_limits() where it is 0, against the model, then
 * takes a call form from @in and checks the clone3() translation of the
 * request, and that no file descriptor (of the /proc files read) was left
 * open.
 */
void fuzz_check_request(const struct fuzz_world *world, struct fuzz_input *in,
			long ret, long expected,
			const struct clone_request *req, __u64 flags,
			int num_pids, const struct fuzz_array *pids);

#endif /* FUZZ_CALL_H */
