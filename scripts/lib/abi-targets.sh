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
# Tools can be overridden from the environment: CLANG, ABIDW, ABIDIFF,
# ADDR2LINE (names the helper a trap was in; any target), and
# ABI_CROSS_ROOT (default /usr), the directory holding <triplet>/include, and
# ABI_LIBC_ROOT (default /usr), the same for the C library headers (--libc).
# Scratch files go to $TMPDIR (default /tmp), never into the checkout.

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

# The three headers a copy is made of; only these are ever taken from an
# include directory, never its asm/ or linux/types.h.
ABI_HEADERS=(pid_set.h clone_flags.h clone_info.h)

declare -A ABI_CROSS_PACKAGE=(
	[x86_64]=linux-libc-dev-amd64-cross
	[i386]=linux-libc-dev-i386-cross
	[aarch64]=linux-libc-dev-arm64-cross
	[armhf]=linux-libc-dev-armhf-cross
	[riscv64]=linux-libc-dev-riscv64-cross
	[ppc64le]=linux-libc-dev-ppc64el-cross
	[s390x]=linux-libc-dev-s390x-cross
)

# How the behaviour tests (scripts/abi-check --behaviour) are built and run:
# clang linking statically against the target's libc and libgcc with its
# GNU linker (Debian's cross packages below), run under qemu-user.  Not
# Debian's cross gcc: it conflicts with gcc-multilib, which the suite needs.
# i386 is clang -m32 on gcc-multilib's libc: libgcc-12-dev-i386-cross would
# make every clang -m32 link of the suite pick its incomplete installation.
declare -A ABI_CC_TARGET=(
	[x86_64]=
	[i386]=-m32
	[aarch64]=--target=aarch64-linux-gnu
	[armhf]=--target=arm-linux-gnueabihf
	[riscv64]=--target=riscv64-linux-gnu
	[ppc64le]=--target=powerpc64le-linux-gnu
	[s390x]=--target=s390x-linux-gnu
)
declare -A ABI_CC_PACKAGES=(
	[x86_64]="libc6-dev"
	[i386]="gcc-multilib"
	[aarch64]="binutils-aarch64-linux-gnu libgcc-12-dev-arm64-cross libc6-dev-arm64-cross"
	[armhf]="binutils-arm-linux-gnueabihf libgcc-12-dev-armhf-cross libc6-dev-armhf-cross"
	[riscv64]="binutils-riscv64-linux-gnu libgcc-12-dev-riscv64-cross libc6-dev-riscv64-cross"
	[ppc64le]="binutils-powerpc64le-linux-gnu libgcc-12-dev-ppc64el-cross libc6-dev-ppc64el-cross"
	[s390x]="binutils-s390x-linux-gnu libgcc-12-dev-s390x-cross libc6-dev-s390x-cross"
)
declare -A ABI_QEMU=(
	[x86_64]=
	[i386]=qemu-i386
	[aarch64]=qemu-aarch64
	[armhf]=qemu-arm
	[riscv64]=qemu-riscv64
	[ppc64le]=qemu-ppc64le
	[s390x]=qemu-s390x
)

# Where the helper tests also run with AddressSanitizer, natively: the
# targets clang's runtime (libclang-rt-14-dev) exists for.
ABI_ASAN=(x86_64 i386)

# Where each target's C library headers are (--libc).  x86_64 uses the
# host's own libc6-dev: libc6-dev-amd64-cross would shadow the host's headers
# in every native build (/usr/x86_64-linux-gnu/include comes first).
declare -A ABI_LIBC_PACKAGE=(
	[x86_64]=libc6-dev
	[i386]=libc6-dev-i386-cross
	[aarch64]=libc6-dev-arm64-cross
	[armhf]=libc6-dev-armhf-cross
	[riscv64]=libc6-dev-riscv64-cross
	[ppc64le]=libc6-dev-ppc64el-cross
	[s390x]=libc6-dev-s390x-cross
)

: "${CLANG:=clang}" "${ABIDW:=abidw}" "${ABIDIFF:=abidiff}" "${ADDR2LINE:=llvm-addr2line}"
: "${ABI_CROSS_ROOT:=/usr}" "${ABI_LIBC_ROOT:=/usr}"

abi_die()
{
	echo "$ABI_PROG: $*" >&2
	exit 2
}

abi_is_arch()
{
	[[ -v ABI_TRIPLE[$1] ]]
}

# abi_default_arches - fill the caller's "arches" with every architecture
# when none was asked for; die on one that is unknown.
abi_default_arches()
{
	local arch

	[ ${#arches[@]} -gt 0 ] || arches=("${ABI_ARCHES[@]}")
	for arch in "${arches[@]}"; do
		abi_is_arch "$arch" || abi_die "unknown architecture: $arch (known: ${ABI_ARCHES[*]})"
	done
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

abi_libc_include()
{
	if [ "$1" = x86_64 ]; then
		printf '%s\n' "$ABI_LIBC_ROOT/include/x86_64-linux-gnu" "$ABI_LIBC_ROOT/include"
	else
		echo "$ABI_LIBC_ROOT/${ABI_TRIPLE[$1]}/include"
	fi
}

# abi_require_libc ARCH... - one line naming every target without libc headers.
abi_require_libc()
{
	local arch dir missing=()

	for arch in "$@"; do
		dir=$(abi_libc_include "$arch" | tail -n1)
		[ -f "$dir/sys/types.h" ] ||
			missing+=("$arch ($dir/sys/types.h: ${ABI_LIBC_PACKAGE[$arch]})")
	done
	[ ${#missing[@]} -eq 0 ] ||
		abi_die "C library headers missing for: ${missing[*]}; install them with: scripts/deps abi"
}

# abi_scratch - a new scratch directory under $TMPDIR, or die.
abi_scratch()
{
	mktemp -d "${TMPDIR:-/tmp}/$ABI_PROG.XXXXXX" 2>/dev/null ||
		abi_die "cannot create a scratch directory in ${TMPDIR:-/tmp} (set TMPDIR to a writable directory)"
}

# abi_stage_headers DIR DEST [NAME=PATH]... - make DEST/linux/NAME a
# one-line header including the copy's file by its absolute path, for each
# of the three headers, or die.  Each is the NAME=PATH given, or the file of
# that name under DIR: DIR/linux/NAME first, else the one file of that name
# anywhere below DIR.  Included in place, the copy's own "..." includes
# resolve from its tree and every message names its own files; nothing else
# of DIR is on the include path, so that its asm/ (a headers_install tree
# of one architecture) never overrides the target's own.
abi_stage_headers()
{
	local dir=$1 dest=$2 name path arg found
	local -A given=()

	shift 2
	[ -d "$dir" ] || abi_die "include directory not found: $dir"
	for arg in "$@"; do
		given[${arg%%=*}]=${arg#*=}
	done
	mkdir -p "$dest/linux" || abi_die "cannot write the scratch directory $dest"
	for name in "${ABI_HEADERS[@]}"; do
		if [ -n "${given[$name]:-}" ]; then
			path=${given[$name]}
			[ -f "$path" ] || abi_die "--header $name=$path: no such file"
		elif [ -f "$dir/linux/$name" ]; then
			path=$dir/linux/$name
		else
			mapfile -t found < <(find "$dir" -name "$name" -type f 2>/dev/null | sort)
			case ${#found[@]} in
			0) abi_die "$dir holds no $name; name it with --header $name=PATH" ;;
			1) path=${found[0]} ;;
			*) abi_die "$dir holds ${#found[@]} files named $name (${found[*]}); name one with --header $name=PATH" ;;
			esac
		fi
		[ -r "$path" ] || abi_die "cannot read $path"
		path=$(cd "$(dirname "$path")" && pwd)/${path##*/}
		[[ $path != *'"'* ]] || abi_die "cannot include a path holding a double quote: $path"
		printf '#include "%s"\n' "$path" >"$dest/linux/$name" ||
			abi_die "cannot write the scratch directory $dest"
	done
}

# abi_set_user_cflags FLAGS - ABI_USER_CFLAGS, the words of --cflags FLAGS,
# or die.  Only what points a compile at a tree is taken (-I, -isystem,
# -idirafter, -iquote, -include, -imacros, -D, -U), with relative paths
# made absolute: the scripts compile from other directories.
ABI_USER_CFLAGS=()
abi_set_user_cflags()
{
	local words word path_next=

	read -ra words <<<"$1"
	for word in ${words[@]+"${words[@]}"}; do
		if [ -n "$path_next" ]; then
			ABI_USER_CFLAGS+=("$(abi_absolute "$word")")
			path_next=
			continue
		fi
		case $word in
		-I|-isystem|-idirafter|-iquote|-include|-imacros)
			path_next=$word ;;
		-I?*) word=-I$(abi_absolute "${word#-I}") ;;
		-[DU]?*) ;;
		*) abi_die "--cflags takes -I, -isystem, -idirafter, -iquote, -include, -imacros, -D and -U, not '$word'" ;;
		esac
		ABI_USER_CFLAGS+=("$word")
	done
	[ -z "$path_next" ] || abi_die "--cflags: $path_next needs an argument"
}

abi_absolute()
{
	case $1 in
	/*) echo "$1" ;;
	*) echo "$PWD/$1" ;;
	esac
}

# abi_cflags ARCH INCLUDE_DIR [libc] - flags compiling for ARCH against its
# own kernel headers (and with "libc" its C library headers) and the
# clone_extended headers staged in INCLUDE_DIR, then abi_copy_cflags.
abi_cflags()
{
	local resource_dir dir

	resource_dir=$("$CLANG" -print-resource-dir) || return
	printf '%s\n' "--target=${ABI_TRIPLE[$1]}" -nostdinc \
		-isystem "$resource_dir/include" \
		-isystem "$(abi_cross_include "$1")" \
		-I "$2"
	if [ "${3:-}" = libc ]; then
		for dir in $(abi_libc_include "$1"); do
			printf '%s\n' -isystem "$dir"
		done
	fi
	abi_copy_cflags "${3:-}"
}

# abi_copy_cflags [libc] - what every compile of the copy adds, on top of
# the target's own flags: --cflags, and with "libc" <sys/types.h> and
# <stdint.h> included first, as a C library's header would see them.
abi_copy_cflags()
{
	[ ${#ABI_USER_CFLAGS[@]} -eq 0 ] || printf '%s\n' "${ABI_USER_CFLAGS[@]}"
	[ "${1:-}" != libc ] || printf '%s\n' -include sys/types.h -include stdint.h
}
