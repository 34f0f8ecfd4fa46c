/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The system calls the library makes itself, both with the C prototype
 *
 *	long f(long nr, long a1, long a2, long a3, long a4, long a5);
 *
 * Both return the kernel's result as it is, -errno on failure, and leave
 * errno alone.
 */

/* System call nr's number and arguments, from where the C call has them. */
	.macro	load_syscall_args
	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	mov	%r8, %r10
	mov	%r9, %r8
	.endm

	.text
/*
 * __clone_extended_raw_syscall() makes system call nr.  It does not write
 * errno as syscall() does on failure: a write to errno's page between two
 * fork()s costs the caller a copy-on-write fault.
 */
	.globl	__clone_extended_raw_syscall
	.hidden	__clone_extended_raw_syscall
	.type	__clone_extended_raw_syscall, @function
__clone_extended_raw_syscall:
	.cfi_startproc
	load_syscall_args
	syscall
	ret
	.cfi_endproc
	.size	__clone_extended_raw_syscall, .-__clone_extended_raw_syscall

/*
 * __clone_extended_run_syscall() makes system call nr (clone or clone3).
 * The child starts on the stack the caller prepared, whose top two slots
 * hold fn and arg, calls fn(arg) and exits with its return value; no C
 * code runs before the child owns its stack.  Like musl's
 * src/thread/x86_64/clone.s.
 */
	.globl	__clone_extended_run_syscall
	.hidden	__clone_extended_run_syscall
	.type	__clone_extended_run_syscall, @function
__clone_extended_run_syscall:
	.cfi_startproc
	load_syscall_args
	syscall
	test	%rax, %rax
	jz	1f
	ret
	/* Child: mark the outermost frame, then fn(arg) on a 16-aligned stack. */
1:	.cfi_undefined	%rip
	xor	%ebp, %ebp
	pop	%rax
	pop	%rdi
	call	*%rax
	mov	%eax, %edi
	mov	$60, %eax	/* __NR_exit: this thread only, as clone(3) */
	syscall
	hlt
	.cfi_endproc
	.size	__clone_extended_run_syscall, .-__clone_extended_run_syscall

	.section .note.GNU-stack, "", @progbits
