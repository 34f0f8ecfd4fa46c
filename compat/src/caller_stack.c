// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The calling thread's stack.  Every byte from the library's own frame up
 * to the top of the thread's stack mapping holds frames of the thread or
 * its descriptor, so it is readable, and an argument there needs no
 * probe.  The mapping is read once per thread from /proc/self/maps and
 * kept only where it is the thread's own stack: the main thread's
 * "[stack]", or the mapping that holds the thread's descriptor, which
 * glibc and musl put at the top of a thread's stack.  On another stack (a
 * signal stack, a coroutine's) and where /proc cannot be read, arguments
 * are probed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>

#include "arch_syscall.h"
#include "caller_stack.h"

#define STACK_LABEL	"[stack]"
#define LABEL_LEN	(sizeof(STACK_LABEL) - 1)

/* The stack found for this thread, [low, top); top 0: none. */
struct thread_stack {
	uintptr_t low;
	uintptr_t top;
	int looked;
};

/* Initial-exec: a dynamic TLS access would cost every call a library call. */
static __thread struct thread_stack thread_stack
	__attribute__((tls_model("initial-exec")));

/* One line of /proc/self/maps, as far as it has been read. */
struct maps_line {
	uintptr_t low, high;
	int field;			/* 0: low, 1: high, 2: the rest */
	char tail[LABEL_LEN];		/* the line's last characters */
	size_t tail_len;
};

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void maps_line_add(struct maps_line *line, char c)
{
	int digit = hex_digit(c);

	if (line->field == 0 && c == '-') {
		line->field = 1;
	} else if (line->field == 1 && c == ' ') {
		line->field = 2;
	} else if (line->field < 2 && digit >= 0) {
		uintptr_t *addr = line->field ? &line->high : &line->low;

		*addr = *addr << 4 | (uintptr_t)digit;
	} else if (line->field == 2) {
		if (line->tail_len == LABEL_LEN)
			memmove(line->tail, line->tail + 1, --line->tail_len);
		line->tail[line->tail_len++] = c;
	}
}

/* The thread's own stack: the main thread's, or the one holding @self. */
static int is_thread_stack(const struct maps_line *line, uintptr_t self)
{
	return (line->tail_len == LABEL_LEN &&
		!memcmp(line->tail, STACK_LABEL, LABEL_LEN)) ||
	       (self >= line->low && self < line->high);
}

/*
 * Reads the maps through raw system calls, which leave errno alone, and
 * keeps the mapping holding @sp where it is the thread's stack.
 */
static void look_up(uintptr_t sp)
{
	uintptr_t self = (uintptr_t)pthread_self();
	struct maps_line line = { 0 };
	char buf[512];
	long fd, len, i;

	fd = __clone_extended_raw_syscall(SYS_openat, AT_FDCWD,
					  (long)"/proc/self/maps",
					  O_RDONLY | O_CLOEXEC, 0, 0);
	if (fd < 0)
		return;
	while ((len = __clone_extended_raw_syscall(SYS_read, fd, (long)buf,
						   sizeof(buf), 0, 0)) > 0) {
		for (i = 0; i < len; i++) {
			if (buf[i] != '\n') {
				maps_line_add(&line, buf[i]);
				continue;
			}
			if (sp >= line.low && sp < line.high) {
				if (is_thread_stack(&line, self)) {
					thread_stack.low = line.low;
					thread_stack.top = line.high;
				}
				goto done;
			}
			memset(&line, 0, sizeof(line));
		}
	}
done:
	__clone_extended_raw_syscall(SYS_close, fd, 0, 0, 0, 0);
}

uintptr_t caller_stack_top(uintptr_t sp)
{
	struct thread_stack *stack = &thread_stack;

	if (!stack->looked) {
		look_up(sp);
		stack->looked = 1;
	}
	return sp >= stack->low && sp < stack->top ? stack->top : 0;
}
