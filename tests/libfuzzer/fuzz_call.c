// SPDX-License-Identifier: GPL-2.0 OR MIT
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_call.h"

/* Room for every run-form stack the inputs describe. */
#define FUZZ_STACK_SIZE	4096

static _Alignas(16) unsigned char child_stack[FUZZ_STACK_SIZE];

/* The run forms' fn; the child is never created, so it never runs. */
static int never_runs(void *arg)
{
	return arg != NULL;
}

/* The descriptor the next open() would get. */
static int lowest_free_fd(void)
{
	int fd = fcntl(STDERR_FILENO, F_DUPFD, 0);

	if (fd < 0) {
		perror("fuzz: F_DUPFD");
		abort();
	}
	close(fd);
	return fd;
}

void fuzz_world_init(struct fuzz_world *world)
{
	spec_env_read(&world->env);
	guarded_page_init(&world->pids_page);
	guarded_page_init(&world->struct_page);
	guarded_page_init(&world->words_page);
	world->lowest_free_fd = lowest_free_fd();
	fprintf(stderr, "fuzz: target namespace level %d, pid_max %d\n",
		world->env.level, world->env.pid_max);
}

void fuzz_take_array(struct fuzz_input *in, struct guarded_page *page,
		    struct fuzz_array *pids)
{
	enum placement placement = fuzz_u8(in) % PLACEMENT_COUNT;
	int i;

	pids->readable = fuzz_u8(in) % (FUZZ_ARRAY_MAX + 1);
	for (i = 0; i < pids->readable; i++)
		pids->values[i] = fuzz_i32(in);
	switch (placement) {
	case PLACED_NULL:
		pids->pointer = NULL;
		pids->readable = 0;
		break;
	case PLACED_IN_HOLE:
		pids->pointer = (int *)page->hole;
		pids->readable = 0;
		break;
	default:
		/* readable entries, then the hole */
		pids->pointer = guarded_place_bytes(page, pids->values,
						    pids->readable *
						    sizeof(int));
	}
}

/* Fork-like with or without a stack, or a run form on child_stack. */
static void take_start(struct fuzz_input *in, struct child_start *start)
{
	uint8_t form = fuzz_u8(in);
	uint32_t offset = fuzz_u32(in) % FUZZ_STACK_SIZE;
	uint32_t size = fuzz_u32(in);

	memset(start, 0, sizeof(*start));
	switch (form % 4) {
	case 0:
		break;
	case 1:
		start->stack = child_stack + FUZZ_STACK_SIZE;
		break;
	case 2:
		start->fn = (form & 0x80) ? NULL : never_runs;
		start->arg = (void *)(uintptr_t)size;
		start->stack = (form & 0x40) ? NULL : child_stack + offset;
		start->stack_size = size % (FUZZ_STACK_SIZE - offset + 1);
		break;
	default:
		/* A size that wraps around the address space. */
		start->fn = never_runs;
		start->stack = child_stack + offset;
		start->stack_size = SIZE_MAX - size % 64;
	}
}

void fuzz_check_request(const struct fuzz_world *world, struct fuzz_input *in,
			long ret, long expected,
			const struct clone_request *req, __u64 flags,
			int num_pids, const struct fuzz_array *pids)
{
	struct child_start start;
	struct clone3_call call;
	int fd = lowest_free_fd();
	int set_tid_zero;
	int i;

	if (fd != world->lowest_free_fd)
		spec_mismatch("descriptor left open", fd,
			      world->lowest_free_fd);
	if (ret != expected)
		spec_mismatch("argument checks", ret, expected);
	if (ret)
		return;
	if (req->flags != flags)
		spec_mismatch("flags read", (long)req->flags, (long)flags);
	if (req->num_pids != num_pids)
		spec_mismatch("num_pids read", req->num_pids, num_pids);
	for (i = 0; i < num_pids; i++)
		if (req->pids[i] != pids->values[i])
			spec_mismatch("pid read", req->pids[i],
				      pids->values[i]);

	take_start(in, &start);
	/* Both translations: for kernels with and without set_tid 0s. */
	set_tid_zero = fuzz_u8(in) & 1;
	ret = clone3_call_build(req, &start, set_tid_zero, &call);
	if (!spec_to_clone3_accepts(req, &start, set_tid_zero, (int)ret))
		spec_mismatch("clone3 translation (docs/compat.md)", ret,
			      spec_to_clone3_first(req, &start, set_tid_zero));
	if (!ret)
		spec_check_clone3_call(req, &start, set_tid_zero, &call);
}
