/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The translation unit the libabigail baselines in this directory describe.
 * scripts/abi-check builds it for each architecture into a shared object,
 * with -g -O0 -std=c90
 * -fno-eliminate-unused-debug-types so that the DWARF keeps every type of the
 * headers even though nothing uses them; abidiff --non-reachable-types then
 * compares those types.  The exported anchor gives abidw a symbol to hang
 * the corpus on.
 *
 * libabigail describes how the structs changed; what decides a verdict
 * (sizes, alignments, offsets, field classes and the constants, which
 * leave no trace in DWARF) comes from scripts/abi-layouts.  Nothing here
 * names a constant, so that a copy missing one still compiles and the
 * missing constant is reported as such.
 */
#include <linux/pid_set.h>
#include <linux/clone_flags.h>
#include <linux/clone_info.h>

int clone_extended_abi_anchor(void);

int clone_extended_abi_anchor(void)
{
	return 0;
}
