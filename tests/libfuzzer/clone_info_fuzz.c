// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libFuzzer target: the argument checks of the clone-info variant
 * (clone_extended_info() and clone_extended_info_run()) and the clone3()
 * call they turn into, against spec_model.h.  No process is created.
 *
 * Input, little-endian, zeros past the end:
 *   i32 flags_low
 *   u8  placement of the struct clone_info (enum placement)
 *   i32 num_clone_high_words
 *   u8  placement of flags_high, u8 readable words n, i32 x n words
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

/*
 * The argument checks but flags-array's E-FLAGS-FAULT and E-PID-SET-FAULT;
 * *@flags gets the 64-bit flags read.
 */
static long expected_result(int flags_low, const struct clone_info *info,
			    int info_readable, const struct fuzz_array *high,
			    const struct fuzz_array *pids, __u64 *flags)
{
	long ret;
	int i;

	*flags = (unsigned int)flags_low;
	if (!info)
		return spec_flag_rows(*flags);
	if (!info_readable)
		return -EFAULT;				/* E-INFO-FAULT */
	if (info->num_clone_high_words < 0 ||
	    info->num_clone_high_words > CLONE_INFO_HIGH_WORDS_MAX)
		return -EINVAL;				/* E-HIGH-COUNT */
	if (high->readable < info->num_clone_high_words)
		return -EFAULT;				/* E-HIGH-FAULT */
	for (i = 1; i < info->num_clone_high_words; i++)
		if (high->values[i])
			return -EINVAL;			/* E-FLAG-UNKNOWN */
	if (info->num_clone_high_words)
		*flags |= (__u64)(unsigned int)high->values[0] << 32;
	ret = spec_flag_rows(*flags);
	if (ret)
		return ret;
	return spec_pid_rows(&world.env, info->pid_set.num_pids,
			     pids->readable, pids->values);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_input in = { data, size };
	int flags_low = fuzz_i32(&in);
	enum placement info_placement = fuzz_u8(&in) % PLACEMENT_COUNT;
	struct fuzz_array high, pids;
	struct clone_request req;
	struct clone_info info;
	const struct clone_info *info_ptr;
	int info_readable;
	long ret, expected;
	__u64 flags;

	info.num_clone_high_words = fuzz_i32(&in);
	fuzz_take_array(&in, &world.words_page, &high);
	info.flags_high = high.pointer;
	info.pid_set.num_pids = fuzz_i32(&in);
	fuzz_take_array(&in, &world.pids_page, &pids);
	info.pid_set.pids = pids.pointer;
	info_ptr = guarded_place(&world.struct_page, info_placement, &info,
				 sizeof(info), &info_readable);

	/* As the public calls set it up before reading the arguments. */
	memset(&req, 0, sizeof(req));
	req.tls = (unsigned long)fuzz_u64(&in);
	req.parent_tid = (int *)(uintptr_t)fuzz_u64(&in);
	req.child_tid = (int *)(uintptr_t)fuzz_u64(&in);
	ret = clone_request_from_clone_info(&req, flags_low, info_ptr);
	/* The rest of E-PIDS-TOO-MANY and E-PID-RANGE, as clone3_call_make() does. */
	if (!ret)
		ret = clone_request_check_pid_limits(&req);
	expected = expected_result(flags_low, info_ptr ? &info : NULL,
				   info_readable, &high, &pids, &flags);
	fuzz_check_request(&world, &in, ret, expected, &req, flags,
			   info_ptr ? info.pid_set.num_pids : 0, &pids);
	return 0;
}
