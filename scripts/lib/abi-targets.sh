# SPDX-License-Identifier: GPL-2.0 OR MIT
# shellcheck shell=bash
#
# The seven architectures the clone_extended() ABI is pinned for, and how to
# compile for each of them without running its code: clang --target plus
# that target's own kernel headers from Debian's linux-libc-dev-<arch>-cross.
# Without -nostdinc, --target silently picks up the host's <asm/*.h> and every
# 32-bit layout comes out as x86_64's.
#
# Sourced by scripts/abi-check, scripts/abi-layouts and tests/abi/.
# Tools can be overridden from the environment: CLANG, ABIDW, ABIDIFF, and
# ABI_CROSS_ROOT (default /usr), the directory holding <triplet>/include.

# shellcheck disable=SC2034 # the variables below are for the scripts sourcing this file
ABI_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ABI_PROG=${0##*/}

ABI_ARCHES=(x86_64 i386 aarch64 armhf riscv64 ppc64le s390x)

# clang target triple; Debian installs each target's headers under
# /usr/<the same triple>/include.
declare -A ABI_TRIPLE=(
	[x86_64]=x86_64-linux-gnu
	[i386]=i686-linux-gnu
	[aarch64]=aarch64-linux-gnu
	[armhf]=arm-linux-gnueabihf
	[riscv64]=riscv64-linux-gnu
	[ppc64le]=powerpc64le-linux-gnu
	[s390x]=s390x-linux-gnu
)

declare -A ABI_CROSS_PACKAGE=(
	[x86_64]=linux-libc-dev-amd64-cross
	[i386]=linux-libc-dev-i386-cross
	[aarch64]=linux-libc-dev-arm64-cross
	[armhf]=linux-libc-dev-armhf-cross
	[riscv64]=linux-libc-dev-riscv64-cross
	[ppc64le]=linux-libc-dev-ppc64el-cross
	[s390x]=linux-libc-dev-s390x-cross
)

: "${CLANG:=clang}" "${ABIDW:=abidw}" "${ABIDIFF:=abidiff}"
: "${ABI_CROSS_ROOT:=/usr}"

abi_die()
{
	echo "$ABI_PROG: $*" >&2
	exit 2
}

abi_is_arch()
{
	[[ -v ABI_TRIPLE[$1] ]]
}

# abi_require_tools VAR... - each named variable holds a command that must run.
abi_require_tools()
{
	local var

	for var in "$@"; do
		command -v "${!var}" >/dev/null ||
			abi_die "${!var} not found ($var=${!var}); install it with: scripts/deps abi"
	done
}

abi_cross_include()
{
	echo "$ABI_CROSS_ROOT/${ABI_TRIPLE[$1]}/include"
}

# abi_require_cross_headers ARCH... - one line naming every missing target.
abi_require_cross_headers()
{
	local arch missing=()

	for arch in "$@"; do
		[ -f "$(abi_cross_include "$arch")/asm/bitsperlong.h" ] ||
			missing+=("$arch (${ABI_CROSS_PACKAGE[$arch]})")
	done
	[ ${#missing[@]} -eq 0 ] ||
		abi_die "kernel headers missing under $ABI_CROSS_ROOT for: ${missing[*]}; install them with: scripts/deps abi"
}

# abi_resolve_include_dir DIR - absolute path of a UAPI include directory
# (the one holding linux/pid_set.h), or die.
abi_resolve_include_dir()
{
	[ -d "$1" ] || abi_die "include directory not found: $1"
	(cd "$1" && pwd)
}

# abi_cflags ARCH INCLUDE_DIR - flags compiling for ARCH against its own
# kernel headers and the clone_extended headers in INCLUDE_DIR only.
abi_cflags()
{
	local resource_dir

	resource_dir=$("$CLANG" -print-resource-dir) || return
	printf '%s\n' "--target=${ABI_TRIPLE[$1]}" -nostdinc \
		-isystem "$resource_dir/include" \
		-isystem "$(abi_cross_include "$1")" \
		-I "$2"
}
