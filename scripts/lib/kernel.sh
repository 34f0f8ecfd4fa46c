# SPDX-License-Identifier: GPL-2.0 OR MIT
# shellcheck shell=bash
# What the kernel scripts share beyond scripts/lib/script.sh, which this
# sources: one reading of a series file, the architecture table and one
# compiler line for the programs that run in the guest.

. "$(dirname "${BASH_SOURCE[0]}")/script.sh"
# A subcommand names itself as it is called.
[[ $script != scripts/kernel.d/* ]] || script="scripts/kernel ${script##*/}"

# What the kernel scripts keep for every checkout of this machine: built
# kernels (scripts/kernel build) and the base repository (scripts/kernel
# tree).  CLONE_EXTENDED_CACHE= (empty) keeps nothing.
cache=${CLONE_EXTENDED_CACHE-$HOME/.cache/clone_extended}

# Every series: the directories of kernel-patches/ with a series file.
series_names() {
	local dir

	for dir in "$root"/kernel-patches/*/; do
		[ -f "$dir/series" ] && basename "$dir"
	done
}

# The series of the clone_extended() variants: those whose selftests are
# in tools/testing/selftests/clone_extended/ (kernel-patches/carried-files).
# The other series change clone3().
variant_names() {
	local s

	for s in $(series_names); do
		awk -v s="$s" '$1 == s && $2 ~ /^tools\/testing\/selftests\/clone_extended\// { found = 1 }
			END { exit !found }' "$root/kernel-patches/carried-files" && echo "$s"
	done
}

# The patch files kernel-patches/$1/series lists, in order: one per line,
# blank lines and "#" comments skipped.
series_patches() {
	awk '!/^[ \t]*(#|$)/ { print $1 }' "$root/kernel-patches/$1/series"
}

# Prints the first patch kernel-patches/$1/series lists that does not exist,
# if any.
series_missing_patch() {
	local p

	for p in $(series_patches "$1"); do
		[ -f "$root/kernel-patches/$1/$p" ] || { echo "$p"; return; }
	done
}

# Fails unless kernel-patches/$1 is a series whose patches all exist.
require_series() {
	local missing

	[ -f "$root/kernel-patches/$1/series" ] || die "no series file in kernel-patches/$1/"
	missing=$(series_missing_patch "$1")
	[ -z "$missing" ] || die "kernel-patches/$1/series lists $missing, which does not exist"
}

# kernel_options "$@": reads the leading [--sanitizers] [--arch NAME] of a
# command's arguments into $sanitizers and $arch (default x86_64), a usage
# error on another option; $nopts is how many arguments they were.
kernel_options() {
	arch=x86_64 sanitizers= nopts=0
	while [[ ${1:-} == -* ]]; do
		case $1 in
		--sanitizers) sanitizers=1; nopts=$((nopts + 1)); shift ;;
		--arch) [ -n "${2:-}" ] || usage_error
			arch=$2; nopts=$((nopts + 2)); shift 2 ;;
		*) usage_error ;;
		esac
	done
}

# arch_options "$@": kernel_options for a command that takes no
# --sanitizers.
arch_options() {
	kernel_options "$@"
	[ -z "$sanitizers" ] || usage_error
}

# kernel_row ARRAY NAME: the associative array ARRAY, which the caller
# declares, becomes the row of scripts/lib/arches.tsv whose kernel is NAME
# (table_row); an unknown NAME fails, naming the known ones.
kernel_row() {
	table_row "$1" arches "$2" kernel
}

# guest_widths NAME: the word sizes of the programs that run in the guest
# of the kernel NAME: 64, and 32 where its row names a 32-bit compiler.
guest_widths() {
	local -A row

	kernel_row row "$1"
	echo 64 ${row[cc32]:+32}
}

# The output directory of scripts/kernel build in a tree, for the
# architecture $1, with the sanitizers if $2 is not empty.
out_name() {
	local name=out

	[ "$1" = x86_64 ] || name+="-$1"
	[ -z "${2:-}" ] || name+=-sanitizers
	echo "$name"
}

# The UAPI headers that the WIDTH-bit ($3) programs for the architecture
# $2 include, in the output directory $1 of scripts/kernel build.
uapi_dir() {
	local -A row

	kernel_row row "$2"
	if [ "$3" = 32 ] && [ -n "${row[uapi32]}" ]; then
		echo "$1/uapi32/usr/include"
	else
		echo "$1/usr/include"
	fi
}

# The word after the word $1 on the line read from standard input: the
# value of a key in the "KEY VALUE ..." lines the guest programs print.
word_after() {
	awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }'
}

# guest_cc ARCH WIDTH GCC-ARGUMENTS...: builds a static WIDTH-bit (64 or
# 32) program for a guest of the architecture ARCH (scripts/lib/arches.tsv);
# the arguments add the sources, the output and the tree's UAPI headers
# (-isystem TREE/out/usr/include).
guest_cc() {
	local arch=$1 width=$2 cc32 cc
	local -A row

	shift 2
	kernel_row row "$arch"
	cc32=${row[cc32]}
	[ "$width" = 64 ] || [ -n "$cc32" ] || die "$arch runs no 32-bit programs"
	if [ "$width" = 32 ] && [[ $cc32 != -* ]]; then
		cc=$("$root/scripts/cross-gcc" "$cc32") || return
	elif [ -n "${row[cross]}" ]; then
		cc=$("$root/scripts/cross-gcc" "${row[triple]}") || return
	else
		cc=gcc
	fi
	[ "$width" = 64 ] || [[ $cc32 != -* ]] || cc+=" $cc32"
	$cc -static -g -O2 -std=gnu11 -Wall -Werror "$@"
}

# Writes $1/include/linux/pid_set.h, this project's, alone, and prints
# $1/include: for the guest programs that take the project's pid sets to
# clone3() in a tree that installs no such header.  No other header of
# the project is there, since the programs tell the variants by theirs.
pid_set_include() {
	mkdir -p "$1/include/linux" &&
		cp "$root/include/uapi/linux/pid_set.h" "$1/include/linux/" ||
		die "cannot copy include/uapi/linux/pid_set.h to $1/include"
	echo "$1/include"
}

# The static libclone_extended for the WIDTH-bit ($1: 64 or 32) x86_64
# guest programs that link it, built -DBUILD_TESTING=OFF in build/bench
# (incrementally); prints its path.
library_archive() {
	local lib="$root/build/bench"

	cmake -S "$root" -B "$lib" -DBUILD_TESTING=OFF >&2 &&
		cmake --build "$lib" -j"$(nproc)" \
			--target clone_extended_static clone_extended_m32_static >&2 ||
		die "cannot build the library in $lib"
	if [ "$1" = 64 ]; then
		echo "$lib/compat/libclone_extended.a"
	else
		echo "$lib/compat/m32/libclone_extended.a"
	fi
}

# The cases of the programs whose names match the regex $2 in the results
# $1 (scripts/kernel tap's TSV): "pass P fail F skip S".
tap_counts() {
	awk -F'\t' -v re="$2" '$1 ~ re { n[$3]++ }
		END { printf "pass %d fail %d skip %d\n", n["pass"], n["fail"], n["skip"] }' "$1"
}

# The series' selftests, this project's guest programs and the fuzzer:
# every case of theirs must pass.
own_programs='^((clone_extended|capability_matrix|userns_sysctl|seccomp_profiles|variant_probe|fuzz_clone_extended|case_table_clone3|case_table_library)_|clone3_set_tid_zero$)'

# Each case of an own program in the results $2 that did not pass, as
# "$1<TAB>the result line"; a row a program skips as "not applicable" to
# its call is listed there, and passes.
not_passing() {
	awk -F'\t' -v label="$1" -v re="$own_programs" \
		'$1 ~ re && $3 != "pass" && $4 !~ /# SKIP not applicable: / { print label "\t" $0 }' "$2"
}

# The summary lines of the results $1: "KIND-WIDTH pass P fail F skip S"
# for the selftests (clone3_set_tid_zero for the clone3 series), the
# capability matrix, the userns sysctl check and the seccomp table, 64-bit
# and 32-bit, and where they ran, the case table through clone3(), with
# its rows not applicable to clone3() counted apart, and through the
# library.
own_counts() {
	local kind re width

	while read -r kind re; do
		echo "$kind $(tap_counts "$1" "$re")"
	done <<'EOF'
selftests-64 ^(clone_extended_.*64|clone3_set_tid_zero)$
selftests-32 ^clone_extended_.*32$
capability-64 ^capability_matrix_64$
capability-32 ^capability_matrix_32$
userns-sysctl-64 ^userns_sysctl_64$
userns-sysctl-32 ^userns_sysctl_32$
seccomp-64 ^seccomp_profiles_64$
seccomp-32 ^seccomp_profiles_32$
EOF
	for kind in case-table:case_table_clone3 library-case-table:case_table_library; do
		grep -q "^${kind#*:}_" "$1" || continue
		for width in 64 32; do
			echo "${kind%%:*}-$width $(tap_counts "$1" "^${kind#*:}_$width\$")" \
				"not-applicable $(awk -F'\t' -v p="${kind#*:}_$width" \
					'$1 == p && $4 ~ /# SKIP not applicable: / { n++ } END { print n + 0 }' "$1")"
		done
	done
}
