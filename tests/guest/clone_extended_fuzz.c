// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * In-guest fuzzer of clone_extended() (syscall 463 on Linux 6.12) on a
 * patched kernel.
 *
 * One source for both variants: built with -DFUZZ_FLAGS_ARRAY against the
 * flags-array tree's headers or with -DFUZZ_CLONE_INFO against the
 * clone-info tree's, as a 64-bit program (native entry) and as a 32-bit one
 * (compat entry).  scripts/kernel fuzz builds and boots it in the sanitizer
 * kernel, whose KASAN, UBSAN and kmemleak reports scripts/kernel run turns
 * into failures.  The fuzzer itself fails when
 *  - a failed call left a process behind (the caller has a child),
 *  - a failed call left a chosen pid taken (clone3() with set_tid cannot
 *    have it afterwards),
 *  - a successful call made other than exactly one child, or a child whose
 *    pid is not the one it asked for.
 *
 * Every argument comes from a seeded generator: random flag words (known
 * bits, unknown ones, exit signals up to 255), high words and their count,
 * num_pids from INT_MIN to INT_MAX, pids in and out of [0, pid_max), and
 * each structure at a place that is readable, unaligned, ends at the last
 * byte of a page, straddles into an unmapped page, is unmapped, NULL, a
 * kernel address, (32-bit callers) a value with the high bits set, or a
 * random address where nothing is mapped.  The same seed and count replay
 * the same calls.
 *
 * A created child ends its own thread (exit, not exit_group) right after
 * the syscall instruction, before it touches its stack or TLS, so that
 * random child_stack and CLONE_SETTLS values are harmless and a child
 * that shares the fuzzer's memory writes nothing into it.  A quarter of
 * the calls are thread-shaped (CLONE_VM, CLONE_SIGHAND and CLONE_THREAD
 * on top of the random flags, and three times in four no exit signal,
 * which a thread may not have), with a real stack and, with CLONE_SETTLS,
 * a real thread pointer.  What the kernel writes through parent_tid and
 * child_tid lands in the tid arena or faults.  A created thread must end
 * and give back every chosen pid, and no call may leave a thread behind: the
 * fuzzer's /proc/self/task holds itself alone after every call that asked
 * for CLONE_THREAD; a thread left over is told with its state and the
 * call that made it.  A thread leaves tgkill()'s view, /proc and its pids
 * in steps, which a preempted vCPU can hold milliseconds apart: each view
 * has THREAD_END_SECONDS, and the result line counts the threads a view
 * showed after tgkill() had stopped finding them (released_late).  A
 * child that shares the fuzzer's handlers (CLONE_SIGHAND) and is pid 1 of
 * a new pid namespace sets SIGCHLD to SIG_IGN for both when it exits, so
 * it may reap itself: the fuzzer accepts that and sets SIGCHLD back.  The
 * caller is pid 1 of the innermost of CHILD_LEVEL nested pid namespaces of
 * its own: kernel-assigned and chosen pids cannot meet anybody else's,
 * CLONE_PARENT is refused for it, and exit signals sent to it by its
 * children are ignored.  Pid sets reach every level, and a pid left taken
 * is looked for at every level.
 *
 * The calls run twice, in two privilege modes: as root, and as uid 65534
 * without capabilities in a user namespace of its own that owns the
 * fuzzer's pid namespace, so that every pid chosen at level 0 takes the
 * EPERM path.  The unprivileged fuzzer cannot ask clone3() whether a
 * level-0 pid is free; the root process checks every level-0 pool pid
 * after it has exited.
 *
 * A third mode, race, makes well-formed calls that contend: in rounds,
 * RACERS processes of RACER_THREADS threads each, released at once, all ask
 * for the same pid set, whose chosen entries are at random levels.  Each
 * round exactly one call must succeed (its child is not reaped before the
 * round ends, so it keeps the pids), every other must fail with EEXIST,
 * and afterwards every chosen pid must be free at its level.  Run on an
 * SMP guest, the callers race in the kernel; a CALLS bound counts every
 * contested call.
 *
 * Usage: clone_extended_fuzz [SEED [CALLS [SECONDS]]]
 * or the environment FUZZ_SEED, FUZZ_CALLS, FUZZ_SECONDS; the defaults are
 * the FUZZ_DEFAULT_* macros the build sets.  CALLS and SECONDS bound each
 * mode; SECONDS 0 = no time bound.  Output: TAP, a case per mode, and
 * "# clone_extended_fuzz: " lines: the settings, one per problem, and per
 * mode one with the calls per errno and one with the totals; exit 0 when
 * no problem was found.
 */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/sched.h>
#include <linux/pid_set.h>
#if defined(__i386__)
#include <asm/ldt.h>
#endif

#include "../shared/write_text.h"

#if defined(FUZZ_FLAGS_ARRAY)
#include <linux/clone_flags.h>
#define VARIANT "flags-array"
#elif defined(FUZZ_CLONE_INFO)
#include <linux/clone_info.h>
#define VARIANT "clone-info"
#else
#error "build with -DFUZZ_FLAGS_ARRAY or -DFUZZ_CLONE_INFO"
#endif

#ifndef FUZZ_DEFAULT_SEED
#define FUZZ_DEFAULT_SEED 1
#endif
#ifndef FUZZ_DEFAULT_CALLS
#define FUZZ_DEFAULT_CALLS 20000
#endif
#ifndef FUZZ_DEFAULT_SECONDS
#define FUZZ_DEFAULT_SECONDS 0
#endif

#define NR_clone_extended 463

#define say(...) printf("# clone_extended_fuzz: " __VA_ARGS__)

/*
 * Chosen pids come from these ranges, one per level, so that a pid left
 * taken can be told from one in use.  Level 0 is the guest's initial
 * namespace, CHILD_LEVEL the fuzzer's own, those between hold only their
 * pid 1 and the next one's.  Level 0's starts at pid_max / 2 (pid_max is
 * 32768 on the test kernels), far from the kernel threads.  PROBE_PID is
 * never chosen: the leak check needs a pid that is free at the inner
 * levels to reach an outer one.  The fuzzer is at CHILD_LEVEL, the root
 * process that starts it at level 0.
 */
#define CHILD_LEVEL 3
#define POOL_SIZE 32
static int pool_start[CHILD_LEVEL + 1] = { 0, 200, 200, 200 };
#define PROBE_PID 250
static int my_level;

/* The modes; the fuzzer runs in one of them. */
enum mode { MODE_ROOT, MODE_UNPRIVILEGED, MODE_RACE, MODES };
static const char *const mode_names[MODES] = { "root", "unprivileged", "race" };
static enum mode mode;

/* Pids that are taken: kthreadd, then each namespace's pid 1. */
static const int taken_pid[CHILD_LEVEL + 1] = { 2, 1, 1, 1 };

static uint64_t rng_state;

/* splitmix64: one 64-bit state, any seed is fine. */
static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int one_in(unsigned int n)
{
	return rnd() % n == 0;
}

/*
 * The syscall; a child it creates ends its thread at once with exit(0),
 * before it touches memory, so any child_stack is fine and a thread of
 * the caller's ends alone.
 */
#if defined(__x86_64__)
static long raw_clone_extended(const unsigned long a[6])
{
	register unsigned long r10 __asm__("r10") = a[3];
	register unsigned long r8 __asm__("r8") = a[4];
	register unsigned long r9 __asm__("r9") = a[5];
	long ret;

	__asm__ volatile("syscall\n\t"
			 "test %%rax, %%rax\n\t"
			 "jnz 1f\n\t"
			 "mov $60, %%eax\n\t"
			 "xor %%edi, %%edi\n\t"
			 "syscall\n"
			 "1:"
			 : "=a"(ret)
			 : "0"((long)NR_clone_extended), "D"(a[0]), "S"(a[1]),
			   "d"(a[2]), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}
#elif defined(__i386__)
/* %ebp and %ebx are saved by hand: the compiler may need both. */
static long raw_clone_extended(const unsigned long a[6])
{
	long ret;

	__asm__ volatile("push %%ebp\n\t"
			 "push %%ebx\n\t"
			 "mov 0(%%eax), %%ebx\n\t"
			 "mov 4(%%eax), %%ecx\n\t"
			 "mov 8(%%eax), %%edx\n\t"
			 "mov 12(%%eax), %%esi\n\t"
			 "mov 16(%%eax), %%edi\n\t"
			 "mov 20(%%eax), %%ebp\n\t"
			 "mov %[nr], %%eax\n\t"
			 "int $0x80\n\t"
			 "test %%eax, %%eax\n\t"
			 "jnz 1f\n\t"
			 "mov $1, %%eax\n\t"
			 "xor %%ebx, %%ebx\n\t"
			 "int $0x80\n"
			 "1:\n\t"
			 "pop %%ebx\n\t"
			 "pop %%ebp"
			 : "=a"(ret)
			 : "0"(a), [nr] "i"(NR_clone_extended)
			 : "ecx", "edx", "esi", "edi", "memory");
	return ret;
}
#else
#error "x86_64 and i386 only"
#endif

/*
 * Where an object goes.  Each kind of object has an arena of its own: two
 * mapped pages followed by an unmapped one, so that what the kernel writes
 * (CLONE_PARENT_SETTID, CLONE_PIDFD) lands in an arena, never in the
 * fuzzer's data.
 */
enum place {
	PLACE_ALIGNED,
	PLACE_UNALIGNED,
	PLACE_PAGE_END,		/* last byte is the last one of a page */
	PLACE_STRADDLING,	/* starts readable, ends in an unmapped page */
	PLACE_UNMAPPED,
	PLACE_NULL,
	PLACE_KERNEL,
	PLACE_HIGH,		/* beyond user space: non-canonical or > 3 GiB */
	PLACE_RANDOM,		/* where nothing is mapped */
};

struct arena {
	char *base;		/* two pages, then an unmapped one */
};

static long page_size;

static void arena_init(struct arena *a)
{
	a->base = mmap(NULL, 3 * page_size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a->base == MAP_FAILED || munmap(a->base + 2 * page_size, page_size)) {
		perror("clone_extended_fuzz: arena");
		exit(2);
	}
}

static enum place random_place(void)
{
	unsigned int r = rnd() % 100;

	if (r < 55)
		return PLACE_ALIGNED;
	if (r < 63)
		return PLACE_UNALIGNED;
	if (r < 71)
		return PLACE_PAGE_END;
	if (r < 81)
		return PLACE_STRADDLING;
	if (r < 85)
		return PLACE_UNMAPPED;
	if (r < 90)
		return PLACE_NULL;
	if (r < 93)
		return PLACE_KERNEL;
	if (r < 97)
		return PLACE_HIGH;
	return PLACE_RANDOM;
}

static int readable(enum place place)
{
	return place == PLACE_ALIGNED || place == PLACE_UNALIGNED ||
	       place == PLACE_PAGE_END;
}

/*
 * How far from the stack pointer the kernel may grow the stack on a fault:
 * RLIMIT_STACK (8 MiB) and the guard gap (1 MiB), with room to spare.
 */
#define STACK_REACH (64UL << 20)

/*
 * A random address at which nothing is mapped, nor will be.  A 32-bit one
 * may well hit the fuzzer's stack or data, or lie just below the stack,
 * which the kernel grows there when it reads: it would then read flags
 * nobody chose, and write a tid or a pidfd into the fuzzer.
 */
static unsigned long random_unmapped(void)
{
	unsigned long sp = (unsigned long)__builtin_frame_address(0);
	unsigned long at;

	do
		at = (unsigned long)rnd();
	while (at - (sp - STACK_REACH) < 2 * STACK_REACH ||
	       !msync((void *)(at & ~(page_size - 1)), page_size, MS_ASYNC) ||
	       errno != ENOMEM);
	return at;
}

/*
 * Copy the @size bytes at @obj to @place in @a, as far as that place is
 * mapped, and return its address as the caller passes it.
 */
static unsigned long put(struct arena *a, enum place place, const void *obj,
			 size_t size)
{
	char *guard = a->base + 2 * page_size;
	char *at;

	switch (place) {
	case PLACE_ALIGNED:
		at = a->base;
		break;
	case PLACE_UNALIGNED:
		at = a->base + 1 + rnd() % 7;
		break;
	case PLACE_PAGE_END:
		at = guard - size;
		break;
	case PLACE_STRADDLING:
		at = guard - (size > 1 ? 1 + rnd() % (size - 1) : 0);
		memcpy(at, obj, guard - at);
		return (unsigned long)at;
	case PLACE_UNMAPPED:
		return (unsigned long)guard;
	case PLACE_NULL:
		return 0;
	case PLACE_KERNEL:
		return sizeof(long) == 8 ? (unsigned long)0xffffffff81000000ULL :
					   0xc1000000UL;
	case PLACE_HIGH:
		if (sizeof(long) == 8)
			return one_in(2) ? (unsigned long)0x0000800000000000ULL :
					   (unsigned long)0x8000000000000000ULL;
		return one_in(2) ? 0xfffff000UL : 0xffffffffUL - rnd() % 16;
	default:
		return random_unmapped();
	}
	memcpy(at, obj, size);
	return (unsigned long)at;
}

static int random_int(void)
{
	static const int edges[] = { 0, 1, 2, 3, 8, 9, 32, 33, -1, -2,
				     INT_MAX, INT_MIN, 0x10000 };

	if (one_in(4))
		return (int)rnd();
	return edges[rnd() % (sizeof(edges) / sizeof(edges[0]))];
}

/* A 64-bit flag mask: bits 0-7 exit signal, 8-33 known, 34-63 unknown. */
static uint64_t random_flags(void)
{
	static const int signals[] = { SIGCHLD, 0, SIGCHLD, SIGUSR1, SIGKILL,
				       34, 64, 65, 255 };
	uint64_t flags = 0;
	int bit;

	if (one_in(10)) {
		flags = rnd();
	} else {
		for (bit = 8; bit < 34; bit++)
			if (one_in(9))
				flags |= 1ULL << bit;
		if (one_in(12))
			flags |= 1ULL << (34 + rnd() % 30);
		flags |= signals[rnd() % (sizeof(signals) / sizeof(signals[0]))];
	}
	if (one_in(4)) {
		flags |= CLONE_VM | CLONE_SIGHAND | CLONE_THREAD;
		/* A thread takes no exit signal (E-EXIT-SIGNAL): mostly none. */
		if (!one_in(4))
			flags &= ~(uint64_t)CSIGNAL;
	}
	return flags;
}

/* One entry of a pid set for @level. */
static int random_pid(int level, int pid_max)
{
	switch (rnd() % 12) {
	case 0:
	case 1:
		return 0;
	case 2:
		return taken_pid[level];
	case 3:
		return one_in(2) ? -1 : INT_MIN;
	case 4:
		return one_in(2) ? pid_max : INT_MAX;
	case 5:
		return random_int();
	default:
		return pool_start[level] + rnd() % POOL_SIZE;
	}
}

/* One call's arguments, and what is needed to check what it did. */
struct call {
	unsigned long arg[6];
	uint64_t flags;
	int num_pids;		/* as passed */
	int pids[8];		/* the first min(num_pids, 8) entries */
	int pids_read;		/* pid set and pids array readable */
};

static struct arena flags_arena, info_arena, high_arena, pid_set_arena,
	pids_arena, tid_arena;

/* The pid set: fills @c's pid fields, returns the struct pid_set. */
static struct pid_set random_pid_set(struct call *c, int pid_max,
				     int set_readable)
{
	struct pid_set set;
	int level, i, n;
	enum place place;

	memset(&set, 0, sizeof(set));
	c->num_pids = one_in(4) ? random_int() :
		      (int)(rnd() % (CHILD_LEVEL + 2));
	n = c->num_pids < 0 ? 0 : c->num_pids > 8 ? 8 : c->num_pids;
	for (i = 0; i < n; i++) {
		/* Entries are outermost first; the last is CHILD_LEVEL. */
		level = CHILD_LEVEL - (n - 1 - i);
		c->pids[i] = level >= 0 ? random_pid(level, pid_max) :
					  random_int();
	}
	place = random_place();
	set.num_pids = c->num_pids;
	set.pids = (__kernel_pid_t *)put(&pids_arena, place, c->pids,
					 n * sizeof(int));
	c->pids_read = set_readable && readable(place);
	return set;
}

#if defined(FUZZ_FLAGS_ARRAY)
static void random_call(struct call *c, int pid_max)
{
	struct clone_flags set;
	struct pid_set pid_set;
	enum place place;

	memset(c, 0, sizeof(*c));
	c->flags = random_flags();
	clone_flags_from_mask(&set, c->flags);
	c->arg[0] = put(&flags_arena, random_place(), &set, sizeof(set));

	place = one_in(3) ? PLACE_NULL : random_place();
	pid_set = random_pid_set(c, pid_max, readable(place));
	c->arg[5] = put(&pid_set_arena, place, &pid_set, sizeof(pid_set));
}
#else
static void random_call(struct call *c, int pid_max)
{
	struct clone_info info;
	int high[9];
	enum place place;
	int i;

	memset(c, 0, sizeof(*c));
	memset(&info, 0, sizeof(info));
	c->flags = random_flags();
	/* A 64-bit caller's int argument: the register's upper half is junk. */
	c->arg[0] = (unsigned long)(uint32_t)c->flags;
	if (sizeof(long) == 8 && one_in(4))
		c->arg[0] |= (unsigned long)(rnd() << 32);

	high[0] = (int)(uint32_t)(c->flags >> 32);
	for (i = 1; i < 9; i++)
		high[i] = one_in(8) ? (int)rnd() : 0;
	info.num_clone_high_words = one_in(4) ? random_int() :
				    (int)(rnd() % 3);
	i = info.num_clone_high_words < 0 ? 0 :
	    info.num_clone_high_words > 9 ? 9 : info.num_clone_high_words;
	info.flags_high = (int *)put(&high_arena, random_place(), high,
				     i * sizeof(int));

	place = one_in(4) ? PLACE_NULL : random_place();
	info.pid_set = random_pid_set(c, pid_max, readable(place));
	c->arg[5] = put(&info_arena, place, &info, sizeof(info));
}
#endif

/* The stack of thread-shaped calls; their threads never touch it. */
static char thread_stack[16384] __attribute__((aligned(16)));

/*
 * A tls argument that CLONE_SETTLS takes: a thread pointer (x86_64), or a
 * descriptor of the TLS entry %gs selects (i386).
 */
static unsigned long real_tls(void)
{
#if defined(__i386__)
	static struct user_desc desc;
	unsigned short gs;

	__asm__ volatile("mov %%gs, %0" : "=r"(gs));
	memset(&desc, 0, sizeof(desc));
	desc.entry_number = gs >> 3;
	desc.base_addr = (uintptr_t)thread_stack;
	desc.limit = 0xfffff;
	desc.seg_32bit = 1;
	desc.limit_in_pages = 1;
	return (unsigned long)&desc;
#else
	return (unsigned long)thread_stack;
#endif
}

/*
 * child_stack, tls, parent_tid and child_tid: anything, but for
 * thread-shaped calls mostly a real stack and thread pointer.
 */
static void random_clone_args(struct call *c)
{
	int tid_buf[16];
	int thread = (c->flags & CLONE_VM) && !one_in(4);

	memset(tid_buf, 0, sizeof(tid_buf));
	c->arg[1] = thread ? (unsigned long)thread_stack + sizeof(thread_stack) :
		    one_in(2) ? 0 : (unsigned long)rnd();
	c->arg[2] = thread ? real_tls() :
		    one_in(2) ? 0 : put(&tid_arena, random_place(), tid_buf,
					sizeof(tid_buf));
	c->arg[3] = put(&tid_arena, random_place(), tid_buf, sizeof(int));
	c->arg[4] = put(&tid_arena, random_place(), tid_buf, sizeof(int));
}

static long clone3_with_set_tid(pid_t *set_tid, size_t levels)
{
	struct clone_args args;

	memset(&args, 0, sizeof(args));
	args.exit_signal = SIGCHLD;
	args.set_tid = (uintptr_t)set_tid;
	args.set_tid_size = levels;
	return syscall(SYS_clone3, &args, sizeof(args));
}

/*
 * 1 if pid @pid is free at @level: clone3() can create a child with it
 * from the calling process's level.
 */
static int pid_free(int level, pid_t pid, int *err)
{
	pid_t set_tid[CHILD_LEVEL + 1];	/* innermost first */
	long ret;
	int i;

	for (i = 0; i < my_level - level; i++)
		set_tid[i] = PROBE_PID;
	set_tid[my_level - level] = pid;
	ret = clone3_with_set_tid(set_tid, my_level - level + 1);
	if (ret == 0)
		_exit(0);
	if (ret < 0) {
		*err = errno;
		return 0;
	}
	waitpid(ret, NULL, __WALL);
	return 1;
}

static int in_pool(int level, int pid)
{
	return pid >= pool_start[level] && pid < pool_start[level] + POOL_SIZE;
}

/*
 * Whether the calling process can ask clone3() about @level: not about
 * level 0 without privilege there.
 */
static int can_check(int level)
{
	return level > 0 || mode != MODE_UNPRIVILEGED;
}

/* Problems: pool pids of @level taken now, each told. */
static unsigned long check_pool(int level)
{
	unsigned long problems = 0;
	int i, err;

	for (i = 0; i < POOL_SIZE; i++) {
		err = 0;
		if (!pid_free(level, pool_start[level] + i, &err)) {
			say("pid %d is taken at level %d after the %s run (clone3: %s)\n",
			    pool_start[level] + i, level,
			    mode_names[mode], strerror(err));
			problems++;
		}
	}
	return problems;
}

static void describe(unsigned long n, const struct call *c, long ret)
{
	int i;

	printf("# clone_extended_fuzz:   call %lu returned %ld: args", n, ret);
	for (i = 0; i < 6; i++)
		printf(" %#lx", c->arg[i]);
	printf(" flags %#llx num_pids %d pids", (unsigned long long)c->flags,
	       c->num_pids);
	for (i = 0; i < c->num_pids && i < 8; i++)
		printf(" %d", c->pids[i]);
	printf("\n");
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * How long, in guest time, a thread of ours may take to end, and then to
 * be gone from every view.  A thread leaves them in steps, under
 * tasklist_lock but not at once for a reader on another CPU: tgkill()
 * stops finding it (detach_pid() unhashes its pid), then /proc/self/task
 * stops listing it (its pid pointer is cleared), then its pids are freed
 * (free_pid()).  The steps are instructions apart, but a vCPU that the
 * host preempts between them keeps them apart for milliseconds, so each
 * check of what a thread's end brings waits for it.
 */
#define THREAD_END_SECONDS 10

/* Threads a view still showed after tgkill() had stopped finding them. */
static unsigned long released_late;

/*
 * Another look in 100 us; 0 once THREAD_END_SECONDS from @start are over.
 * The bound is guest time, not a count of waits: a 32-bit caller's usleep()
 * fails at once with ENOSYS on the test kernels (glibc asks for the 32-bit
 * time calls, which they leave out: no CONFIG_COMPAT_32BIT_TIME), so the
 * wait spins there, and on one CPU a thread of ours runs only when a tick
 * preempts us.  20000 such waits took tens of milliseconds: the threads
 * that "did not end" in the first long run.
 */
static int wait_more(double start)
{
	if (now() - start >= THREAD_END_SECONDS)
		return 0;
	usleep(100);
	return 1;
}

/* The last CHILDREN_KEPT pids the calls returned, and which call did. */
#define CHILDREN_KEPT 64
static struct {
	pid_t tid;
	unsigned long call;
} made[CHILDREN_KEPT];
static unsigned long made_count;

static void remember_child(pid_t tid, unsigned long call)
{
	made[made_count % CHILDREN_KEPT].tid = tid;
	made[made_count % CHILDREN_KEPT].call = call;
	made_count++;
}

/* The call that returned @tid, if one of the last CHILDREN_KEPT, or -1. */
static long maker(pid_t tid)
{
	unsigned long i;

	/* Newest first: pids are used again. */
	for (i = 1; i <= CHILDREN_KEPT && i <= made_count; i++)
		if (made[(made_count - i) % CHILDREN_KEPT].tid == tid)
			return (long)made[(made_count - i) % CHILDREN_KEPT].call;
	return -1;
}

/*
 * The thread /proc/self/task/@name stands for: its tid here, the last of
 * its NSpid (/proc is the initial pid namespace's, and the fuzzer is pid 1
 * of a nested one), and its state letter in *@state; -1 once it has gone.
 */
static pid_t listed_thread(const char *name, char *state)
{
	char path[300], line[256], *last;
	pid_t tid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%s/status", name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "State:", 6))
			sscanf(line + 6, " %c", state);
		else if (!strncmp(line, "NSpid:", 6) &&
			 (last = strrchr(line, '\t')))
			tid = atoi(last);
	}
	fclose(f);
	return tid;
}

/*
 * The fuzzer's threads in /proc/self/task, itself included, or -1.  With
 * @tell, each of the others is told: its tid, its state and the call that
 * returned its tid, if one of the last CHILDREN_KEPT.  With @tid, *@state
 * gets the state of that thread ('?': not listed).
 */
static int walk_threads(int tell, pid_t tid, char *state)
{
	DIR *dir = opendir("/proc/self/task");
	struct dirent *d;
	char seen;
	pid_t own;
	int n = 0;

	if (state)
		*state = '?';
	if (!dir)
		return -1;
	while ((d = readdir(dir))) {
		if (atoi(d->d_name) <= 0)
			continue;
		n++;
		if (!tell && !state)
			continue;
		seen = '?';
		own = listed_thread(d->d_name, &seen);
		if (state && own == tid)
			*state = seen;
		if (tell && own != getpid())
			say("  thread %d (/proc: %s): state %c, made by call %ld (-1: none of the last %d)\n",
			    (int)own, d->d_name, seen, maker(own),
			    CHILDREN_KEPT);
	}
	closedir(dir);
	return n;
}

/* The state letter (R, S, D, Z...) of our thread @tid, or '?'. */
static char thread_state(pid_t tid)
{
	char state;

	walk_threads(0, tid, &state);
	return state;
}

/*
 * Waits until the thread @tid that call @n made has ended, as far as
 * tgkill() can tell: 1 when it has; 0, with what was seen told, when it
 * has not after THREAD_END_SECONDS.
 */
static int thread_ended(unsigned long n, pid_t tid)
{
	double start = now();
	unsigned long waits = 0;
	int err;

	do {
		err = syscall(SYS_tgkill, getpid(), tid, 0) ? errno : 0;
		if (err == ESRCH)
			return 1;
		waits++;
	} while (wait_more(start));
	say("call %lu made thread %d, which has not ended after %.1f s and %lu waits (tgkill: %s, state %c)\n",
	    n, (int)tid, now() - start, waits, err ? strerror(err) : "found it",
	    thread_state(tid));
	return 0;
}

/*
 * The fuzzer's threads once the ones it made have had THREAD_END_SECONDS
 * to leave /proc/self/task; *@late set if one left only after a wait.
 */
static int threads_left(int *late)
{
	double start = now();
	int waited = 0;
	int n;

	while ((n = walk_threads(0, 0, NULL)) > 1 && wait_more(start))
		waited = 1;
	if (waited && n == 1)
		*late = 1;
	return n;
}

/*
 * Problems: entries of @pids (@n, outermost first, the last at
 * CHILD_LEVEL) that were chosen from a pool and are taken now, each told
 * after @who.  With @late, the pids of a thread: each may take
 * THREAD_END_SECONDS to be freed, and *@late is set if one was freed only
 * after a wait.
 */
static int chosen_pids_taken(const int *pids, int n, const char *who,
			     int *late)
{
	double start = now();
	int problems = 0;
	int i, level, err, freed, waited;

	for (i = 0; i < n; i++) {
		level = CHILD_LEVEL - (n - 1 - i);
		if (level < 0 || !pids[i] || !in_pool(level, pids[i]) ||
		    !can_check(level))
			continue;
		err = 0;
		waited = 0;
		while (!(freed = pid_free(level, pids[i], &err)) && late &&
		       wait_more(start))
			waited = 1;
		if (freed && waited)
			*late = 1;
		if (!freed) {
			say("%s but pid %d is taken at level %d afterwards (clone3: %s)\n",
			    who, pids[i], level, strerror(err));
			problems++;
		}
	}
	return problems;
}

/* Problems with the call just made, 0 if none. */
static int check(unsigned long n, const struct call *c, long ret)
{
	int n_pids = c->pids_read && c->num_pids > 0 && c->num_pids <= 8 ?
		     c->num_pids : 0;
	int thread = ret > 0 && (c->flags & CLONE_THREAD);
	/*
	 * A pid namespace's init that shares our handlers sets SIGCHLD to
	 * SIG_IGN for both of us when it exits (zap_pid_ns_processes()): it
	 * may reap itself, and so would every later child.
	 */
	int ignores_sigchld = (c->flags & (CLONE_SIGHAND | CLONE_NEWPID)) ==
			      (CLONE_SIGHAND | CLONE_NEWPID);
	int problems = 0;
	int status, left, late = 0;
	char who[64];
	pid_t got;

	if (ret > 0)
		remember_child(ret, n);
	if (thread) {
		if (!thread_ended(n, ret))
			problems++;
	} else if (ret > 0) {
		got = waitpid(ret, &status, __WALL);
		if (got != ret && !(ignores_sigchld && errno == ECHILD)) {
			say("call %lu made pid %ld, which cannot be reaped: %s\n",
			    n, ret, strerror(errno));
			problems++;
		}
	}
	if (ignores_sigchld)
		signal(SIGCHLD, SIG_DFL);
	if (ret > 0) {
		if (n_pids && c->pids[n_pids - 1] &&
		    c->pids[n_pids - 1] != ret) {
			say("call %lu asked for pid %d and made pid %ld\n", n,
			    c->pids[n_pids - 1], ret);
			problems++;
		}
		/* CLONE_PIDFD made a descriptor. */
		syscall(SYS_close_range, 3, ~0U, 0);
	}
	/*
	 * Every chosen pid of a failed call, or of a thread that ended, must
	 * be free again.
	 */
	if (ret < 0 || thread) {
		snprintf(who, sizeof(who), "call %lu returned %ld", n, ret);
		problems += chosen_pids_taken(c->pids, n_pids, who,
					      thread ? &late : NULL);
	}
	if ((c->flags & CLONE_THREAD) && (left = threads_left(&late)) != 1) {
		say("call %lu returned %ld and left %d threads\n", n, ret, left);
		walk_threads(1, 0, NULL);
		problems++;
	}
	released_late += late;
	got = waitpid(-1, &status, WNOHANG | __WALL);
	if (got != -1 || errno != ECHILD) {
		say("call %lu returned %ld and left a child behind (waitpid: %d)\n",
		    n, ret, got);
		problems++;
		/* Pid 1 of the namespace: this kills all the others. */
		kill(-1, SIGKILL);
		while (waitpid(-1, &status, __WALL) > 0)
			;
	}
	if (problems)
		describe(n, c, ret);
	return problems;
}

static unsigned long setting(int argc, char **argv, int index,
			     const char *env, unsigned long fallback)
{
	const char *text = argc > index ? argv[index] : getenv(env);

	return text ? strtoul(text, NULL, 0) : fallback;
}

static int read_pid_max(void)
{
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	int pid_max = 32768;

	if (f) {
		if (fscanf(f, "%d", &pid_max) != 1)
			pid_max = 32768;
		fclose(f);
	}
	return pid_max;
}

/*
 * The end of a mode's run: every pool pid must be free at every level it
 * can check; then the calls per errno and the totals.  Returns its
 * problems.
 */
static unsigned long finish(uint64_t seed, const unsigned long errnos[134],
			    unsigned long calls, unsigned long succeeded,
			    unsigned long threads, double wall,
			    unsigned long problems, int pid_max)
{
	int level, i;

	for (level = 0; level <= CHILD_LEVEL; level++)
		if (can_check(level))
			problems += check_pool(level);

	say("errors variant %s width %d mode %s:", VARIANT,
	    (int)sizeof(long) * 8, mode_names[mode]);
	for (i = 1; i < 134; i++)
		if (errnos[i])
			printf(" %s %lu", strerrorname_np(i), errnos[i]);
	printf("\n");
	say("result variant %s width %d mode %s seed %llu calls %lu succeeded %lu threads %lu seconds %.1f problems %lu pid_max %d released_late %lu\n",
	    VARIANT, (int)sizeof(long) * 8, mode_names[mode],
	    (unsigned long long)seed, calls, succeeded, threads, wall,
	    problems, pid_max, released_late);
	return problems;
}

/* Exit signals of any number stay pending instead of killing us. */
static void block_signals(void)
{
	sigset_t all;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
}

/* The fuzzing loop, as pid 1 of a new pid namespace. */
static int fuzz(uint64_t seed, unsigned long calls, unsigned long seconds)
{
	unsigned long n, succeeded = 0, threads = 0, errnos[134] = { 0 };
	int pid_max = read_pid_max();
	double start = now();
	unsigned long problems = 0;
	struct call c;
	long ret;

	block_signals();
	page_size = getpagesize();
	arena_init(&flags_arena);
	arena_init(&info_arena);
	arena_init(&high_arena);
	arena_init(&pid_set_arena);
	arena_init(&pids_arena);
	arena_init(&tid_arena);

	my_level = CHILD_LEVEL;
	rng_state = seed;
	for (n = 0; n < calls; n++) {
		if (seconds && (n & 255) == 0 && now() - start > seconds)
			break;
		random_call(&c, pid_max);
		random_clone_args(&c);
		ret = raw_clone_extended(c.arg);
		if (ret == -ENOSYS) {
			say("no clone_extended() (syscall %d) in this kernel\n",
			    NR_clone_extended);
			return 1;
		}
		if (ret > 0) {
			succeeded++;
			threads += !!(c.flags & CLONE_THREAD);
		} else if (-ret < 134) {
			errnos[-ret]++;
		}
		problems += check(n, &c, ret);
		if (problems >= 10)
			break;
	}
	problems = finish(seed, errnos, n, succeeded, threads, now() - start,
			  problems, pid_max);
	return problems ? 1 : 0;
}

/*
 * Racing: RACERS processes of RACER_THREADS threads each make one call per
 * round, all with the pid set of struct race.
 */
#define RACERS 4
#define RACER_THREADS 2
#define RACE_CALLERS (RACERS * RACER_THREADS)

/* Shared by the race's coordinator and every caller. */
struct race {
	unsigned int go;	/* the round released, each caller calls */
	unsigned int called;	/* callers that made this round's call */
	unsigned int reap;	/* the round whose winner may be reaped */
	unsigned int reaped;	/* callers done with this round */
	unsigned int unreaped;	/* winners' children waitpid() missed */
	int stop;		/* no more rounds */
	int num_pids;
	pid_t pids[CHILD_LEVEL + 1];	/* outermost first */
	long ret[RACE_CALLERS];
};

static struct race *race;

/*
 * 32-bit callers use futex_time64: without COMPAT_32BIT_TIME their futex
 * is ENOSYS.
 */
#ifdef SYS_futex_time64
#define SYS_FUTEX SYS_futex_time64
#else
#define SYS_FUTEX SYS_futex
#endif

static void futex_wait(unsigned int *word, unsigned int seen)
{
	syscall(SYS_FUTEX, word, FUTEX_WAIT, seen, NULL, NULL, 0);
}

static void futex_wake(unsigned int *word)
{
	syscall(SYS_FUTEX, word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

/* Waits until *@word is at least @value. */
static void wait_for(unsigned int *word, unsigned int value)
{
	unsigned int seen;

	while ((seen = __atomic_load_n(word, __ATOMIC_ACQUIRE)) < value)
		futex_wait(word, seen);
}

static void set_and_wake(unsigned int *word, unsigned int value)
{
	__atomic_store_n(word, value, __ATOMIC_RELEASE);
	futex_wake(word);
}

static void add_and_wake(unsigned int *word)
{
	__atomic_add_fetch(word, 1, __ATOMIC_ACQ_REL);
	futex_wake(word);
}

/* A well-formed fork-like call with the pid set @pids of @n entries. */
#if defined(FUZZ_FLAGS_ARRAY)
struct contested {
	struct clone_flags flags;
	struct pid_set set;
};

static void contested_args(struct contested *b, unsigned long a[6],
			   pid_t *pids, int n)
{
	memset(b, 0, sizeof(*b));
	memset(a, 0, 6 * sizeof(*a));
	clone_flags_from_mask(&b->flags, SIGCHLD);
	b->set.num_pids = n;
	b->set.pids = pids;
	a[0] = (unsigned long)&b->flags;
	a[5] = (unsigned long)&b->set;
}
#else
struct contested {
	struct clone_info info;
};

static void contested_args(struct contested *b, unsigned long a[6],
			   pid_t *pids, int n)
{
	memset(b, 0, sizeof(*b));
	memset(a, 0, 6 * sizeof(*a));
	b->info.pid_set.num_pids = n;
	b->info.pid_set.pids = pids;
	a[0] = SIGCHLD;
	a[5] = (unsigned long)&b->info;
}
#endif

/* One caller: slot @arg of race->ret, until the coordinator stops. */
static void *racer(void *arg)
{
	unsigned int slot = (uintptr_t)arg, round;
	pid_t pids[CHILD_LEVEL + 1];
	struct contested b;
	unsigned long a[6];
	long ret;

	for (round = 1;; round++) {
		wait_for(&race->go, round);
		if (race->stop)
			return NULL;
		memcpy(pids, race->pids, sizeof(pids));
		contested_args(&b, a, pids, race->num_pids);
		ret = raw_clone_extended(a);
		race->ret[slot] = ret;
		add_and_wake(&race->called);
		/* The winner's child, a zombie, keeps the pids till then. */
		wait_for(&race->reap, round);
		if (ret > 0 && waitpid(ret, NULL, __WALL) != ret)
			__atomic_add_fetch(&race->unreaped, 1, __ATOMIC_RELAXED);
		add_and_wake(&race->reaped);
	}
}

/* One racing process: RACER_THREADS callers, from slot @first on. */
_Noreturn static void racer_process(unsigned int first)
{
	pthread_t threads[RACER_THREADS];
	unsigned int i;

	for (i = 1; i < RACER_THREADS; i++)
		if (pthread_create(&threads[i], NULL, racer,
				   (void *)(uintptr_t)(first + i))) {
			say("race: cannot create a thread\n");
			_exit(2);
		}
	/*
	 * No pthread_join(): 32-bit glibc waits with the time32 futex, which
	 * these kernels lack.  The other callers have made their last call;
	 * _exit() ends them.
	 */
	racer((void *)(uintptr_t)first);
	_exit(0);
}

/*
 * The next round's pid set: 1 to CHILD_LEVEL + 1 entries, each a pool pid
 * of its level or 0 (the kernel chooses), at least one a pool pid.
 */
static void contested_pid_set(void)
{
	int i, level, chosen = 0;

	race->num_pids = 1 + rnd() % (CHILD_LEVEL + 1);
	for (i = 0; i < race->num_pids; i++) {
		level = CHILD_LEVEL - (race->num_pids - 1 - i);
		race->pids[i] = one_in(3) ? 0 :
				pool_start[level] + rnd() % POOL_SIZE;
		chosen |= race->pids[i] != 0;
	}
	if (!chosen)
		race->pids[rnd() % race->num_pids] =
			pool_start[CHILD_LEVEL - (race->num_pids - 1)];
}

/* Problems with the round just called; counts its outcomes. */
static unsigned long judge_round(unsigned int round, unsigned long errnos[134],
				 unsigned long *won)
{
	pid_t inner = race->pids[race->num_pids - 1];
	unsigned long problems = 0, winners = 0;
	int i;

	for (i = 0; i < RACE_CALLERS; i++) {
		long ret = race->ret[i];

		if (ret > 0) {
			winners++;
			if (inner && ret != inner) {
				say("race round %u: asked for pid %d, made pid %ld\n",
				    round, inner, ret);
				problems++;
			}
		} else if (-ret < 134) {
			errnos[-ret]++;
		}
		if (ret < 0 && ret != -EEXIST) {
			say("race round %u: a caller got %s, not EEXIST\n",
			    round, strerror(-ret));
			problems++;
		}
	}
	if (winners != 1) {
		say("race round %u: %lu callers of %d won\n", round, winners,
		    RACE_CALLERS);
		problems++;
	}
	*won += winners;
	return problems;
}

/* Every chosen pid of the round is free again at its level. */
static unsigned long check_round(unsigned int round)
{
	char who[64];

	snprintf(who, sizeof(who), "race round %u", round);
	return chosen_pids_taken(race->pids, race->num_pids, who, NULL);
}

/* The race, as pid 1 of a new pid namespace: rounds of contested calls. */
static int race_rounds(uint64_t seed, unsigned long calls,
		       unsigned long seconds)
{
	unsigned long won = 0, problems = 0, errnos[134] = { 0 };
	unsigned int round, i;
	int pid_max = read_pid_max(), status;
	double start = now();
	pid_t racers[RACERS];

	block_signals();
	my_level = CHILD_LEVEL;
	rng_state = seed;
	race = mmap(NULL, sizeof(*race), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (race == MAP_FAILED) {
		perror("clone_extended_fuzz: race");
		return 2;
	}
	memset(race, 0, sizeof(*race));
	for (i = 0; i < RACERS; i++) {
		racers[i] = fork();
		if (racers[i] == 0)
			racer_process(i * RACER_THREADS);
		if (racers[i] < 0) {
			perror("clone_extended_fuzz: race");
			return 2;
		}
	}

	for (round = 1; (unsigned long)(round - 1) * RACE_CALLERS < calls;
	     round++) {
		if (seconds && now() - start > seconds)
			break;
		contested_pid_set();
		race->called = 0;
		race->reaped = 0;
		set_and_wake(&race->go, round);
		wait_for(&race->called, RACE_CALLERS);
		problems += judge_round(round, errnos, &won);
		set_and_wake(&race->reap, round);
		wait_for(&race->reaped, RACE_CALLERS);
		problems += check_round(round);
		if (problems >= 10) {
			round++;
			break;
		}
	}
	race->stop = 1;
	set_and_wake(&race->go, round);
	for (i = 0; i < RACERS; i++)
		if (waitpid(racers[i], &status, 0) != racers[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			say("race: racing process %u failed\n", i);
			problems++;
		}
	if (race->unreaped) {
		say("race: %u winners' children could not be reaped\n",
		    race->unreaped);
		problems++;
	}
	if (waitpid(-1, &status, WNOHANG | __WALL) != -1 || errno != ECHILD) {
		say("race: a process was left behind\n");
		problems++;
	}

	round--;
	say("race variant %s width %d rounds %u callers %d\n", VARIANT,
	    (int)sizeof(long) * 8, round, RACE_CALLERS);
	problems = finish(seed, errnos, (unsigned long)round * RACE_CALLERS, won,
			  0, now() - start, problems, pid_max);
	return problems ? 1 : 0;
}

/*
 * As uid and gid 65534 without capabilities: a user namespace in which
 * they are root, as a rootless container has, and a pid namespace it owns.
 * Returns the step that failed, or NULL.
 */
static const char *unprivileged_namespaces(void)
{
	if (setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
	    setresuid(65534, 65534, 65534))
		return "dropping root";
	/* The uid change gave /proc/self to root; the maps need it back. */
	if (prctl(PR_SET_DUMPABLE, 1))
		return "PR_SET_DUMPABLE";
	if (unshare(CLONE_NEWUSER | CLONE_NEWPID))
		return "unshare(CLONE_NEWUSER | CLONE_NEWPID)";
	if (write_text("/proc/self/uid_map", "0 65534 1") ||
	    write_text("/proc/self/setgroups", "deny") ||
	    write_text("/proc/self/gid_map", "0 65534 1"))
		return "writing the id maps";
	return NULL;
}

/* Waits for @pid and ends with its exit status; 1 if a signal killed it. */
_Noreturn static void exit_as(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		perror("clone_extended_fuzz: fork");
		_exit(2);
	}
	if (!WIFEXITED(status)) {
		say("the %s fuzzer was killed by signal %d\n",
		    mode_names[mode], WTERMSIG(status));
		_exit(1);
	}
	_exit(WEXITSTATUS(status));
}

/*
 * One mode: the fuzzer or the race as pid 1 of CHILD_LEVEL nested pid
 * namespaces, unprivileged in a user namespace of its own that owns them
 * all, or as root.  Returns its exit status.
 */
static int run_mode(uint64_t seed, unsigned long calls, unsigned long seconds)
{
	const char *failed = NULL;
	pid_t pid = fork();
	int status, level;

	if (pid == 0) {
		if (mode == MODE_UNPRIVILEGED)
			failed = unprivileged_namespaces();
		else if (unshare(CLONE_NEWPID))
			failed = "unshare(CLONE_NEWPID)";
		if (failed) {
			say("%s: %s\n", failed, strerror(errno));
			_exit(2);
		}
		for (level = 1; level <= CHILD_LEVEL; level++) {
			pid = fork();
			if (pid != 0)
				exit_as(pid);
			/* Pid 1 at @level. */
			if (level < CHILD_LEVEL && unshare(CLONE_NEWPID)) {
				perror("clone_extended_fuzz: unshare");
				_exit(2);
			}
		}
		_exit(mode == MODE_RACE ? race_rounds(seed, calls, seconds) :
					  fuzz(seed, calls, seconds));
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		perror("clone_extended_fuzz: fork");
		return 2;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

int main(int argc, char **argv)
{
	uint64_t seed = setting(argc, argv, 1, "FUZZ_SEED", FUZZ_DEFAULT_SEED);
	unsigned long calls = setting(argc, argv, 2, "FUZZ_CALLS",
				      FUZZ_DEFAULT_CALLS);
	unsigned long seconds = setting(argc, argv, 3, "FUZZ_SECONDS",
					FUZZ_DEFAULT_SECONDS);
	int status = 0, worst = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	say("start variant %s width %d seed %llu calls %lu seconds %lu (replay: %s %llu %lu)\n",
	    VARIANT, (int)sizeof(long) * 8, (unsigned long long)seed, calls,
	    seconds, argv[0], (unsigned long long)seed, calls);
	printf("TAP version 13\n1..%d\n", MODES);
	pool_start[0] = read_pid_max() / 2;
	/* Debian's sysctl, if any, must allow the unprivileged mode. */
	write_text("/proc/sys/kernel/unprivileged_userns_clone", "1");
	for (mode = 0; mode < MODES; mode++) {
		status = run_mode(seed, calls, seconds);
		/* What the unprivileged fuzzer could not check: level 0. */
		if (mode == MODE_UNPRIVILEGED && check_pool(0))
			status = status ? status : 1;
		printf("%sok %d %s mode\n", status ? "not " : "",
		       mode + 1, mode_names[mode]);
		worst = status > worst ? status : worst;
	}
	return worst;
}
