/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
#ifndef _UAPI_LINUX_CLONE_INFO_H
#define _UAPI_LINUX_CLONE_INFO_H

#include <linux/types.h>
#include <linux/pid_set.h>

/*
 * Extra arguments of the clone-info variant of clone_extended():
 *
 *	long clone_extended(int flags_low, void *child_stack,
 *			    unsigned long tls, int *parent_tid,
 *			    int *child_tid, const struct clone_info *clone_info);
 *
 * flags_low holds bits 0-31 of the 64-bit clone3() flag space (the exit
 * signal in CSIGNAL and the clone() flags); high word w holds bits
 * 32 * (w + 1) to 32 * (w + 1) + 31, so bit 0 of word 0 is
 * CLONE_CLEAR_SIGHAND.
 */

/* Largest num_clone_high_words the kernel accepts. */
#define CLONE_INFO_HIGH_WORDS_MAX	8

/**
 * struct clone_info - clone flags above bit 31 and the pids to give a child
 * @num_clone_high_words: Number of words in @flags_high, from 0 to
 *                        CLONE_INFO_HIGH_WORDS_MAX.  0 means no flag above
 *                        bit 31; @flags_high is then not read.
 * @flags_high:           Array of @num_clone_high_words flag words, each
 *                        holding 32 flags, lowest first.
 * @pid_set:              The pids to give the child, see struct pid_set.
 *
 * A NULL struct clone_info makes clone_extended() clone() with the same
 * arguments, except that an exit signal above 64, which clone() takes and
 * never sends, is refused as clone3() refuses it.
 */
struct clone_info {
	int num_clone_high_words;
	int *flags_high;
	struct pid_set pid_set;
};

/*
 * The word that holds @bit, or NULL if @info has no such word.  The helpers
 * below work on the words as unsigned int, so that bit 31 never meets a
 * signed shift.
 */
static __inline__ int *__clone_info_flag_word(int *flags_low,
					      const struct clone_info *info,
					      int bit)
{
	if (bit < 0)
		return 0;
	if (bit < 32)
		return flags_low;
	if (!info || !info->flags_high ||
	    info->num_clone_high_words > CLONE_INFO_HIGH_WORDS_MAX ||
	    bit / 32 > info->num_clone_high_words)
		return 0;
	return &info->flags_high[bit / 32 - 1];
}

/**
 * clone_info_flag_add() - set one flag in the low word or a high word
 * @flags_low: The flags_low argument, receives bits 0 to 31.
 * @info:      Its struct clone_info, whose @flags_high receives bits 32 and
 *             up; may be NULL when @bit is below 32.
 * @bit:       Bit number in the 64-bit clone3() flag space and beyond.
 *
 * Return: 0, or -1 if @bit is negative or lies beyond
 * @info->num_clone_high_words words; nothing is then written.
 */
static __inline__ int clone_info_flag_add(int *flags_low,
					  struct clone_info *info, int bit)
{
	int *word = __clone_info_flag_word(flags_low, info, bit);

	if (!word)
		return -1;
	*word = (int)((unsigned int)*word | (1U << (bit % 32)));
	return 0;
}

/**
 * clone_info_flag_del() - clear one flag in the low word or a high word
 * @flags_low: The flags_low argument, holds bits 0 to 31.
 * @info:      Its struct clone_info; may be NULL when @bit is below 32.
 * @bit:       Bit number in the 64-bit clone3() flag space and beyond.
 *
 * Return: 0, or -1 if @bit is negative or lies beyond
 * @info->num_clone_high_words words; nothing is then written.
 */
static __inline__ int clone_info_flag_del(int *flags_low,
					  struct clone_info *info, int bit)
{
	int *word = __clone_info_flag_word(flags_low, info, bit);

	if (!word)
		return -1;
	*word = (int)((unsigned int)*word & ~(1U << (bit % 32)));
	return 0;
}

/**
 * clone_info_flag_ismember() - test one flag in the low word or a high word
 * @flags_low: The flags_low argument.
 * @info:      Its struct clone_info; may be NULL when @bit is below 32.
 * @bit:       Bit number in the 64-bit clone3() flag space and beyond.
 *
 * Return: 1 if the flag is set, 0 if it is clear, -1 if @bit is negative or
 * lies beyond @info->num_clone_high_words words.
 */
static __inline__ int clone_info_flag_ismember(int flags_low,
					       const struct clone_info *info,
					       int bit)
{
	const int *word = __clone_info_flag_word(&flags_low, info, bit);

	if (!word)
		return -1;
	return (int)(((unsigned int)*word >> (bit % 32)) & 1U);
}

#endif /* _UAPI_LINUX_CLONE_INFO_H */
