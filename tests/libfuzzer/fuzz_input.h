/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

/*
 * Reading a fuzzer's input as a sequence of little-endian fields.  Past the
 * end every field reads as 0, so any input, even an empty one, describes a
 * call.
 */

#include <stddef.h>
#include <stdint.h>

struct fuzz_input {
	const uint8_t *data;
	size_t size;
};

static inline uint64_t fuzz_take(struct fuzz_input *in, size_t bytes)
{
	uint64_t value = 0;
	size_t i;

	for (i = 0; i < bytes; i++) {
		uint64_t byte = 0;

		if (in->size) {
			byte = *in->data++;
			in->size--;
		}
		value |= byte << (8 * i);
	}
	return value;
}

static inline uint8_t fuzz_u8(struct fuzz_input *in)
{
	return (uint8_t)fuzz_take(in, 1);
}

static inline int32_t fuzz_i32(struct fuzz_input *in)
{
	return (int32_t)(uint32_t)fuzz_take(in, 4);
}

static inline uint32_t fuzz_u32(struct fuzz_input *in)
{
	return (uint32_t)fuzz_take(in, 4);
}

static inline uint64_t fuzz_u64(struct fuzz_input *in)
{
	return fuzz_take(in, 8);
}

#endif /* FUZZ_INPUT_H */
