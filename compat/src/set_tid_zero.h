/* SPDX-License-Identifier: GPL-2.0 OR MIT */
#ifndef SET_TID_ZERO_H
#define SET_TID_ZERO_H

/*
 * Whether clone3() takes set_tid entries of 0, "the kernel chooses at this
 * level" (kernel-patches/clone3-set-tid-zero).  Asked once per process,
 * without creating one.  No clone3() (ENOSYS, a seccomp profile's too)
 * means no; an answer that is neither yes nor no (a resource limit, a
 * seccomp profile's EPERM) counts as no and is asked again next time.
 * Returns 1 or 0.
 */
int set_tid_zero_supported(void);

#endif /* SET_TID_ZERO_H */
