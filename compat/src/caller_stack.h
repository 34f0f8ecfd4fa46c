/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef CALLER_STACK_H
#define CALLER_STACK_H

#include <stdint.h>

/*
 * The top of the calling thread's stack where @sp, an address in the
 * library's own frame, lies on it: [sp, top) is readable.  0 where the
 * thread runs on another stack or its stack is not known.
 */
uintptr_t caller_stack_top(uintptr_t sp);

#endif /* CALLER_STACK_H */
