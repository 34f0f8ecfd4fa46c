/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The published layout of the clone_extended() types, as facts the compiler
 * checks.  tests/abi/CMakeLists.txt compiles this file (never runs it) for
 * each ABI of scripts/lib/arches.tsv against its kernel headers; a
 * failed assertion names the fact that no longer holds.
 *
 * Kept out of abi/probe.c on purpose: the mutation tests need a changed
 * header to compile and reach abidiff.  Facts cannot see everything abidiff
 * sees: an int added into the 4-byte hole of struct clone_info on LP64
 * moves nothing that offsetof() or sizeof() could tell.
 */
#include <stddef.h>
#include <linux/pid_set.h>
#include <linux/clone_flags.h>
#include <linux/clone_info.h>

#define FIELD_SIZE(type, field) sizeof(((type *)0)->field)

/*
 * The word size comes from the compiler, the kernel's idea of it from the
 * target's <asm/bitsperlong.h>.  They disagree when the host's asm headers
 * were picked up by mistake.
 */
_Static_assert(__BITS_PER_LONG == 8 * __SIZEOF_LONG__,
	       "kernel headers of another architecture: __BITS_PER_LONG is not the compiler's long");

/* Facts on every architecture. */
_Static_assert(CLONE_FLAGS_NBITS == 64, "a flag set holds 64 flags");
_Static_assert(CLONE_FLAGS_WORDS * __BITS_PER_LONG == CLONE_FLAGS_NBITS,
	       "the flag words hold exactly CLONE_FLAGS_NBITS bits");
_Static_assert(sizeof(struct clone_flags) == 8, "struct clone_flags is 8 bytes");
_Static_assert(_Alignof(struct clone_flags) == _Alignof(unsigned long),
	       "struct clone_flags is aligned like long");
_Static_assert(offsetof(struct clone_flags, flags) == 0, "flags starts struct clone_flags");
_Static_assert(CLONE_INFO_HIGH_WORDS_MAX == 8, "at most 8 high flag words");
_Static_assert(offsetof(struct pid_set, num_pids) == 0, "num_pids starts struct pid_set");
_Static_assert(FIELD_SIZE(struct pid_set, num_pids) == 4, "num_pids is 4 bytes");
_Static_assert(sizeof(__kernel_pid_t) == 4, "a pid is 4 bytes");
_Static_assert(offsetof(struct clone_info, num_clone_high_words) == 0,
	       "num_clone_high_words starts struct clone_info");
_Static_assert(FIELD_SIZE(struct clone_info, num_clone_high_words) == 4,
	       "num_clone_high_words is 4 bytes");

#if __SIZEOF_LONG__ == 8 && __SIZEOF_POINTER__ == 8	/* LP64 */
_Static_assert(CLONE_FLAGS_WORDS == 1, "LP64: one flag word");
_Static_assert(_Alignof(struct clone_flags) == 8, "LP64: struct clone_flags aligned to 8");

_Static_assert(sizeof(struct pid_set) == 16, "LP64: struct pid_set is 16 bytes");
_Static_assert(_Alignof(struct pid_set) == 8, "LP64: struct pid_set aligned to 8");
_Static_assert(offsetof(struct pid_set, pids) == 8, "LP64: pids at 8, after a 4-byte hole");
_Static_assert(FIELD_SIZE(struct pid_set, pids) == 8, "LP64: pids is 8 bytes");

_Static_assert(sizeof(struct clone_info) == 32, "LP64: struct clone_info is 32 bytes");
_Static_assert(_Alignof(struct clone_info) == 8, "LP64: struct clone_info aligned to 8");
_Static_assert(offsetof(struct clone_info, flags_high) == 8,
	       "LP64: flags_high at 8, after a 4-byte hole");
_Static_assert(FIELD_SIZE(struct clone_info, flags_high) == 8, "LP64: flags_high is 8 bytes");
_Static_assert(offsetof(struct clone_info, pid_set) == 16, "LP64: pid_set at 16");
_Static_assert(FIELD_SIZE(struct clone_info, pid_set) == 16, "LP64: pid_set is 16 bytes");
#elif __SIZEOF_LONG__ == 4 && __SIZEOF_POINTER__ == 4	/* ILP32 */
_Static_assert(CLONE_FLAGS_WORDS == 2, "ILP32: two flag words");
/* Aligned like long and pointers: to 4, but to 2 on m68k. */
_Static_assert(_Alignof(struct clone_flags) == _Alignof(long),
	       "ILP32: struct clone_flags aligned like long");

_Static_assert(sizeof(struct pid_set) == 8, "ILP32: struct pid_set is 8 bytes");
_Static_assert(_Alignof(struct pid_set) == _Alignof(void *),
	       "ILP32: struct pid_set aligned like a pointer");
_Static_assert(offsetof(struct pid_set, pids) == 4, "ILP32: pids at 4");
_Static_assert(FIELD_SIZE(struct pid_set, pids) == 4, "ILP32: pids is 4 bytes");

_Static_assert(sizeof(struct clone_info) == 16, "ILP32: struct clone_info is 16 bytes");
_Static_assert(_Alignof(struct clone_info) == _Alignof(void *),
	       "ILP32: struct clone_info aligned like a pointer");
_Static_assert(offsetof(struct clone_info, flags_high) == 4, "ILP32: flags_high at 4");
_Static_assert(FIELD_SIZE(struct clone_info, flags_high) == 4, "ILP32: flags_high is 4 bytes");
_Static_assert(offsetof(struct clone_info, pid_set) == 8, "ILP32: pid_set at 8");
_Static_assert(FIELD_SIZE(struct clone_info, pid_set) == 8, "ILP32: pid_set is 8 bytes");
#else
#error "neither LP64 nor ILP32: the clone_extended() layout is not defined here"
#endif
