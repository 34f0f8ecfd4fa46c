// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libFuzzer target: the argument checks of the flags-array variant
 * (clone_extended_flags() and clone_extended_flags_run()) and the clone3()
 * call they turn into, against spec_model.h.  No process is created.
 *
 * Input, little-endian, zeros past the end:
 *   u8  placement of the struct clone_flags (enum placement)
 *   u64 the 64-bit flag mask it holds
 *   u8  placement of the struct pid_set
 *   i32 num_pids
 *   u8  placement of pids, u8 readable entries n, i32 x n entries
 *   u64 tls, u64 parent_tid, u64 child_tid (pointers never followed)
 *   u8 form, u32 stack offset, u32 stack size (fuzz_call.c take_start())
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "clone_extended.h"
#include "fuzz_call.h"

static struct fuzz_world world;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_world_init(&world);
	return 0;
}

static long expected_result(int flags_readable, __u64 mask,
			    const struct pid_set *pid_set, int set_readable,
			    int num_pids, const struct fuzz_array *pids)
{
	long ret;

	if (!flags_readable)
		return -EFAULT;			/* E-FLAGS-FAULT */
	ret = spec_flag_rows(mask);
	if (ret || !pid_set)
		return ret;
	if (!set_readable)
		return -EFAULT;			/* E-PID-SET-FAULT */
	return spec_pid_rows(&world.env, num_pids, pids->readable,
			     pids->values);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	enum placement flags_placement = fuzz_u8(&in) % PLACEMENT_COUNT;
	__u64 mask = fuzz_u64(&in);
	enum placement set_placement = fuzz_u8(&in) % PLACEMENT_COUNT;
	int num_pids = fuzz_i32(&in);
	struct fuzz_array pids;
	struct clone_request req;
	struct pid_set set;
	const clone_flags_t *flags_ptr;
	const struct pid_set *set_ptr;
	clone_flags_t flags;
	int flags_readable, set_readable;
	long ret, expected;

	fuzz_take_array(&in, &world.pids_page, &pids);
	clone_flags_from_mask(&flags, mask);
	set.num_pids = num_pids;
	set.pids = pids.pointer;
	flags_ptr = guarded_place(&world.struct_page, flags_placement, &flags,
				  sizeof(flags), &flags_readable);
	set_ptr = guarded_place(&world.words_page, set_placement, &set,
				sizeof(set), &set_readable);

	/* As the public calls set it up before reading the arguments. */
	memset(&req, 0, sizeof(req));
	req.tls = (unsigned long)fuzz_u64(&in);
	req.parent_tid = (int *)(uintptr_t)fuzz_u64(&in);
	req.child_tid = (int *)(uintptr_t)fuzz_u64(&in);
	ret = clone_request_from_flags_array(&req, flags_ptr, set_ptr);
	/* The rest of E-PIDS-TOO-MANY and E-PID-RANGE, as clone3_call_make() does. */
	if (!ret)
		ret = clone_request_check_pid_limits(&req);
	expected = expected_result(flags_readable, mask, set_ptr, set_readable,
				   num_pids, &pids);
	fuzz_check_request(&world, &in, ret, expected, &req, mask,
			   set_ptr ? num_pids : 0, &pids);
	return 0;
}
