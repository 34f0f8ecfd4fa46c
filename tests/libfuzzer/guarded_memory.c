// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "guarded_memory.h"

void guarded_page_init(struct guarded_page *page)
{
	long size = sysconf(_SC_PAGESIZE);
	unsigned char *pages = mmap(NULL, 2 * size, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (pages == MAP_FAILED || mprotect(pages + size, size, PROT_NONE)) {
		perror("fuzz: guarded page");
		exit(1);
	}
	page->hole = pages + size;
}

void *guarded_place_bytes(struct guarded_page *page, const void *object,
			  size_t readable)
{
	unsigned char *start = page->hole - readable;

	memcpy(start, object, readable);
	return start;
}

void *guarded_place(struct guarded_page *page, enum placement placement,
		    const void *object, size_t len, int *readable)
{
	*readable = placement == PLACED_READABLE;
	switch (placement) {
	case PLACED_READABLE:
		return guarded_place_bytes(page, object, len);
	case PLACED_NULL:
		return NULL;
	case PLACED_IN_HOLE:
		return page->hole;
	default:
		return guarded_place_bytes(page, object, len - 1);
	}
}
