/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CALLER_MEMORY_H
#define CALLER_MEMORY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "caller_stack.h"

/*
 * The unit in which readability is probed: readability is per page, and no
 * Linux page is smaller, so one probe answers for the aligned 4 KiB around
 * it.  A constant, since getpagesize() would cost every call a library
 * call.
 */
#define CALLER_PAGE_SIZE	((uintptr_t)4096)

/* What one library call has learnt of its caller's memory. */
struct caller_reads {
	uintptr_t page;		/* the last page known to be readable */
	uintptr_t frame;	/* the library's frame on the thread's stack */
	uintptr_t stack_top;	/* [frame, stack_top) is readable, or 0 */
};

/*
 * Starts @reads, a variable of the library's, with its own page known, and
 * the thread's stack above the library's frame: the library runs on that
 * page, and the callers' frames lie between the frame and the top of the
 * stack, so arguments the caller keeps there need no probe.  The frame
 * address, not @reads: AddressSanitizer may keep @reads on a heap "fake
 * stack".
 */
static inline void caller_reads_init(struct caller_reads *reads)
{
	reads->page = (uintptr_t)reads & ~(CALLER_PAGE_SIZE - 1);
	reads->frame = (uintptr_t)__builtin_frame_address(0);
	reads->stack_top = caller_stack_top(reads->frame);
}

/* Whether [@first, @last] lies on the stack above the library's frame. */
static inline int on_caller_stack(const struct caller_reads *reads,
				  uintptr_t first, uintptr_t last)
{
	return first >= reads->frame && last < reads->stack_top;
}

/* Whether @addr lies in the page @reads knows to be readable. */
static inline int in_known_page(const struct caller_reads *reads,
				uintptr_t addr)
{
	return (addr ^ reads->page) < CALLER_PAGE_SIZE;
}

/*
 * 0 when the kernel could read all @len (> 0) bytes at @src, -EFAULT where
 * it could not; @reads then knows the last page probed.
 */
int caller_reads_probe(struct caller_reads *reads, const void *src,
		       size_t len);

/*
 * Copies @len bytes the caller pointed to, as the kernel's copy_from_user()
 * would: NULL, unmapped or unreadable memory gives -EFAULT instead of a
 * crash.  Memory that another thread unmaps while the call runs can still
 * crash it, as it would any C library function.  Returns 0 or -EFAULT.
 * Inline, so that a constant @len makes the copy a move or two; only an
 * argument outside the page already known calls out, to probe.
 */
static inline int copy_from_caller(struct caller_reads *reads, void *dst,
				   const void *src, size_t len)
{
	uintptr_t first = (uintptr_t)src, last = first + len - 1;
	int err;

	if (len == 0)
		return 0;
	if (last < first ||
	    (!on_caller_stack(reads, first, last) &&
	     (!in_known_page(reads, first) || !in_known_page(reads, last)))) {
		err = caller_reads_probe(reads, src, len);
		if (err)
			return err;
	}
	memcpy(dst, src, len);
	return 0;
}

#endif /* CALLER_MEMORY_H */
