/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef GUARDED_MEMORY_H
#define GUARDED_MEMORY_H

/*
 * Caller-supplied structures placed right before an unmapped page, so that
 * the library reading one byte more than it was given gets EFAULT, which the
 * spec model then reports as a wrong answer.  The kernel would see the same
 * memory; ASan does not watch mmap()ed pages.
 */

#include <stddef.h>

/* How a fuzz input lays out one structure the library must read. */
enum placement {
	PLACED_READABLE,	/* all of it before the hole */
	PLACED_NULL,		/* a NULL pointer */
	PLACED_IN_HOLE,		/* starts in the unmapped page */
	PLACED_ACROSS_HOLE,	/* its last byte is in the unmapped page */
	PLACEMENT_COUNT,
};

/* One readable page followed by an unmapped one. */
struct guarded_page {
	unsigned char *hole;	/* first byte of the unmapped page */
};

/* Maps the pages; exits the fuzzer with a message if it cannot. */
void guarded_page_init(struct guarded_page *page);

/*
 * Copies the first @readable bytes of @object to end at the hole and returns
 * where the structure starts; whatever of it lies further is unreadable.
 * @readable is at most a page.
 */
void *guarded_place_bytes(struct guarded_page *page, const void *object,
			  size_t readable);

/*
 * Places @object as @placement says; sets *@readable to whether all @len
 * bytes can be read.
 */
void *guarded_place(struct guarded_page *page, enum placement placement,
		    const void *object, size_t len, int *readable);

#endif /* GUARDED_MEMORY_H */
