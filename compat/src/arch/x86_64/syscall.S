/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* The functions of ../../arch_syscall.h for x86_64. */

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

/* The run forms' call, like musl's src/thread/x86_64/clone.s. */
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
