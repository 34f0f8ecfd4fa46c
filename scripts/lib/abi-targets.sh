# SPDX-License-Identifier: GPL-2.0 OR MIT
# shellcheck shell=bash
#
# The ABIs the clone_extended() layout is pinned for (the rows of
# scripts/lib/arches.tsv, read through abi_field), and how to compile
# for each of them without running its code: its compiler plus that
# target's own kernel headers from Debian's linux-libc-dev-<arch>-cross.
# Without -nostdinc, clang --target silently picks up the host's <asm/*.h>
# and every 32-bit layout comes out as x86_64's.
#
# Sourced by scripts/abi-check, scripts/abi-layouts and tests/abi/, from
# their top level: it sources scripts/lib/script.sh ($root, $script, die).
# Tools can be overridden from the environment: CLANG, ABIDW, ABIDIFF,
# ADDR2LINE (names the helper a trap was in; any target), and
# ABI_CROSS_ROOT (default /usr), the directory holding <triplet>/include, and
# ABI_LIBC_ROOT (default /usr), the same for the C library headers (--libc).
# Scratch files go to $TMPDIR (default /tmp), never into the checkout.

# shellcheck disable=SC2034 # the variables below are for the scripts sourcing this file
# shellcheck source=scripts/lib/script.sh
. "$(dirname "${BASH_SOURCE[0]}")/script.sh"

# The three headers a copy is made of; only these are ever taken from an
# include directory, never its asm/ or linux/types.h.
ABI_HEADERS=(pid_set.h clone_flags.h clone_info.h)

# ABI_ARCHES, the ABIs in the table's order, and ABI_TABLE[ABI,COLUMN]: the
# table read once (table_cells of scripts/lib/script.sh), since the checks
# ask for its cells many times.
mapfile -t ABI_ARCHES < <(table_rows arches)
declare -A ABI_TABLE=()
while IFS=$'\t' read -r abi column cell; do
	ABI_TABLE[$abi,$column]=$cell
done < <(table_cells arches)

# abi_field ABI COLUMN - one cell of the table ("" for "-").
abi_field()
{
	echo "${ABI_TABLE[$1,$2]:-}"
}

: "${CLANG:=clang}" "${ABIDW:=abidw}" "${ABIDIFF:=abidiff}" "${ADDR2LINE:=llvm-addr2line}"
: "${ABI_CROSS_ROOT:=/usr}" "${ABI_LIBC_ROOT:=/usr}"

abi_is_arch()
{
	[[ -v ABI_TABLE[$1,triple] ]]
}

# abi_default_arches - fill the caller's "arches" with every architecture
# when none was asked for; die on one that is unknown.
abi_default_arches()
{
	local arch

	[ ${#arches[@]} -gt 0 ] || arches=("${ABI_ARCHES[@]}")
	for arch in "${arches[@]}"; do
		abi_is_arch "$arch" || die "unknown architecture: $arch (known: ${ABI_ARCHES[*]})"
	done
}

# abi_require_tools VAR... - each named variable holds a command that must run.
abi_require_tools()
{
	local var

	for var in "$@"; do
		command -v "${!var}" >/dev/null ||
			die "${!var} not found ($var=${!var}); install it with: scripts/deps abi"
	done
}

abi_cross_include()
{
	echo "$ABI_CROSS_ROOT/$(abi_field "$1" triple)/include"
}

# abi_require_cross_headers ARCH... - one line naming every missing target.
abi_require_cross_headers()
{
	local arch missing=()

	for arch in "$@"; do
		[ -f "$(abi_cross_include "$arch")/asm/bitsperlong.h" ] ||
			missing+=("$arch ($(abi_field "$arch" headers))")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "kernel headers missing under $ABI_CROSS_ROOT for: ${missing[*]}; install them with: scripts/deps abi"
}

abi_libc_include()
{
	if [ "$(abi_field "$1" libc)" = libc6-dev ]; then	# the host's own
		printf '%s\n' "$ABI_LIBC_ROOT/include/x86_64-linux-gnu" "$ABI_LIBC_ROOT/include"
	else
		echo "$ABI_LIBC_ROOT/$(abi_field "$1" triple)/include"
	fi
}

# abi_require_libc ARCH... - one line naming every target without libc headers.
abi_require_libc()
{
	local arch dir missing=()

	for arch in "$@"; do
		dir=$(abi_libc_include "$arch" | tail -n1)
		[ -f "$dir/sys/types.h" ] ||
			missing+=("$arch ($dir/sys/types.h: $(abi_field "$arch" libc))")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "C library headers missing for: ${missing[*]}; install them with: scripts/deps abi"
}

# abi_scratch - a new scratch directory under $TMPDIR, or die.
abi_scratch()
{
	mktemp -d "${TMPDIR:-/tmp}/${script##*/}.XXXXXX" 2>/dev/null ||
		die "cannot create a scratch directory in ${TMPDIR:-/tmp} (set TMPDIR to a writable directory)"
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
	[ -d "$dir" ] || die "include directory not found: $dir"
	for arg in "$@"; do
		given[${arg%%=*}]=${arg#*=}
	done
	mkdir -p "$dest/linux" || die "cannot write the scratch directory $dest"
	for name in "${ABI_HEADERS[@]}"; do
		if [ -n "${given[$name]:-}" ]; then
			path=${given[$name]}
			[ -f "$path" ] || die "--header $name=$path: no such file"
		elif [ -f "$dir/linux/$name" ]; then
			path=$dir/linux/$name
		else
			mapfile -t found < <(find "$dir" -name "$name" -type f 2>/dev/null | sort)
			case ${#found[@]} in
			0) die "$dir holds no $name; name it with --header $name=PATH" ;;
			1) path=${found[0]} ;;
			*) die "$dir holds ${#found[@]} files named $name (${found[*]}); name one with --header $name=PATH" ;;
			esac
		fi
		[ -r "$path" ] || die "cannot read $path"
		path=$(cd "$(dirname "$path")" && pwd)/${path##*/}
		[[ $path != *'"'* ]] || die "cannot include a path holding a double quote: $path"
		printf '#include "%s"\n' "$path" >"$dest/linux/$name" ||
			die "cannot write the scratch directory $dest"
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
		*) die "--cflags takes -I, -isystem, -idirafter, -iquote, -include, -imacros, -D and -U, not '$word'" ;;
		esac
		ABI_USER_CFLAGS+=("$word")
	done
	[ -z "$path_next" ] || die "--cflags: $path_next needs an argument"
}

abi_absolute()
{
	case $1 in
	/*) echo "$1" ;;
	*) echo "$PWD/$1" ;;
	esac
}

# ABI_CC[ABI]: the compiler of each ABI asked for (abi_require_compilers).
declare -A ABI_CC=()

# abi_require_compilers ABI... - the compiler of each ABI: clang, or
# Debian's cross gcc, unpacked by scripts/cross-gcc on first use; or die
# naming the ABI and why.
abi_require_compilers()
{
	local arch out

	for arch in "$@"; do
		case $(abi_field "$arch" compiler) in
		gcc)
			# Its last line: the compiler, or why there is none.
			out=$("$root/scripts/cross-gcc" "$(abi_field "$arch" triple)" 2>&1) ||
				die "no gcc for $arch: $(tail -n1 <<<"$out" | sed 's/^[^:]*cross-gcc: //') (scripts/cross-gcc $(abi_field "$arch" triple))"
			ABI_CC[$arch]=$(tail -n1 <<<"$out") ;;
		*) ABI_CC[$arch]=$CLANG ;;
		esac
	done
}

# abi_target_cflags COMPILER CC TARGET ARCH INCLUDE_DIR [libc] - flags
# compiling for ARCH with CC (clang for TARGET, or ARCH's gcc) against its
# own kernel headers (and with "libc" its C library headers) and the
# clone_extended headers staged in INCLUDE_DIR, then abi_copy_cflags.
abi_target_cflags()
{
	local dir

	case $1 in
	gcc) printf '%s\n' -nostdinc -isystem "$("$2" -print-file-name=include)" ;;
	*) printf '%s\n' "--target=$3" -nostdinc -isystem "$("$2" -print-resource-dir)/include" ;;
	esac
	printf '%s\n' -isystem "$(abi_cross_include "$4")" -I "$5"
	if [ "${6:-}" = libc ]; then
		for dir in $(abi_libc_include "$4"); do
			printf '%s\n' -isystem "$dir"
		done
	fi
	abi_copy_cflags "${6:-}"
}

# abi_cflags ARCH INCLUDE_DIR [libc] - for ARCH's own compiler, ${ABI_CC[ARCH]}.
abi_cflags()
{
	abi_target_cflags "$(abi_field "$1" compiler)" "${ABI_CC[$1]}" \
		"$(abi_field "$1" triple)" "$@"
}

# abi_ast_cflags ARCH INCLUDE_DIR [libc] - for $CLANG parsing what ARCH
# sees, with the table's ast target where clang has no backend for ARCH.
abi_ast_cflags()
{
	abi_target_cflags clang "$CLANG" "$(abi_field "$1" ast)" "$@"
}

# abi_copy_cflags [libc] - what every compile of the copy adds, on top of
# the target's own flags: --cflags, and with "libc" <sys/types.h> and
# <stdint.h> included first, as a C library's header would see them.
abi_copy_cflags()
{
	[ ${#ABI_USER_CFLAGS[@]} -eq 0 ] || printf '%s\n' "${ABI_USER_CFLAGS[@]}"
	[ "${1:-}" != libc ] || printf '%s\n' -include sys/types.h -include stdint.h
}
