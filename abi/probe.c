/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The translation unit the libabigail baselines in this directory describe.
 * scripts/abi-check compiles it for each architecture with -g -O0 -std=c90
 * -fno-eliminate-unused-debug-types so that the DWARF keeps every type of the
 * headers even though nothing uses them; abidiff --non-reachable-types then
 * compares those types.  The exported anchor gives abidw a symbol to hang
 * the corpus on.
 *
 * Layout facts (_Static_assert) live in tests/abi/layout_facts.c instead:
 * here they would stop a mutated header from compiling, and the mutation
 * tests need the change to reach abidiff.
 */
#include <linux/pid_set.h>
#include <linux/clone_flags.h>
#include <linux/clone_info.h>

/*
 * Macros leave no trace in DWARF; enumerators do, so a changed constant shows
 * up in abidiff's report like a changed field.
 */
enum clone_extended_abi_constants {
	CLONE_EXTENDED_ABI_FLAGS_NBITS = CLONE_FLAGS_NBITS,
	CLONE_EXTENDED_ABI_FLAGS_WORDS = CLONE_FLAGS_WORDS,
	CLONE_EXTENDED_ABI_INFO_HIGH_WORDS_MAX = CLONE_INFO_HIGH_WORDS_MAX
};

int clone_extended_abi_anchor(void);

int clone_extended_abi_anchor(void)
{
	return 0;
}
