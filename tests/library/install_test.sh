#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR MIT
# Installs the build tree into a temporary prefix and checks it as a user
# of the library would: the headers under include/clone_extended/ and none
# in include/linux/, the man pages and their links, only the public
# functions global in the shared and the static library, a program with its
# own function named like an internal one, and programs outside the tree
# built with pkg-config and find_package(), 64-bit and (where built) i386.
# Usage: tests/library/install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail

. "$(dirname "$0")/../../scripts/lib/script.sh"
need_args 3 "$@"
build=$1 source=$2 work=$3

rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" ||
	die "cmake --install failed, see $work/install.log"

for f in clone_extended.h linux/pid_set.h linux/clone_flags.h linux/clone_info.h; do
	[ -f "$prefix/include/clone_extended/$f" ] || die "include/clone_extended/$f not installed"
done
[ ! -e "$prefix/include/linux" ] || die "include/linux/ installed: it belongs to the kernel headers"
# man finds a page for the system call, every public function of the map
# and every helper of the UAPI headers; aliases are links, not .so pages.
command -v man >/dev/null || die "man not found: install man-db (scripts/deps docs)"
man -M "$prefix/share/man" -w 2 clone_extended >/dev/null || die "man 2 clone_extended finds nothing"
names=$(sed -n 's/^[[:space:]]*\([a-z_][a-z0-9_]*\);$/\1/p' "$source/compat/libclone_extended.map"
	sed -n 's/^static __inline__ [^(]*[ *]\(clone_[a-z0-9_]*\)(.*/\1/p' "$source"/include/uapi/linux/*.h)
for name in $names; do
	man -M "$prefix/share/man" -w 3 "$name" >/dev/null 2>&1 || die "man 3 $name finds nothing"
	page=$prefix/share/man/man3/$name.3
	[ -e "$page" ] || die "man3/$name.3 not installed"
	! grep -q '^\.so ' "$page" || die "man3/$name.3 is a .so page, not a link"
done
pc=$(find "$prefix" -name clone_extended.pc -not -path '*/i386-linux-gnu/*')
[ -n "$pc" ] || die "clone_extended.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
for f in libclone_extended.so.0 libclone_extended.a; do
	[ -e "$libdir/$f" ] || die "$f not installed in $libdir"
done

# Only the names of the version map may be global, defined symbols, besides
# the i386 PIC helpers the compiler emits as hidden COMDAT groups.
public=$(sed -n 's/^[[:space:]]*\([a-z_][a-z0-9_]*\);$/\1/p' "$source/compat/libclone_extended.map" | sort)
for lib in "$libdir/libclone_extended.so.0" "$libdir/libclone_extended.a" \
	   "$prefix"/lib/i386-linux-gnu/libclone_extended.{so.0,a}; do
	[ -e "$lib" ] || continue
	globals=$(nm -g --defined-only "$lib" 2>/dev/null | awk 'NF == 3 { print $3 }' |
		sed 's/@.*//' | grep -v '^CLONE_EXTENDED_\|^__x86\.get_pc_thunk\.' | sort -u)
	[ "$globals" = "$public" ] ||
		die "${lib#"$prefix"/}: global symbols are not the public functions: $(comm -3 <(echo "$globals") <(echo "$public") | tr -d '\t' | tr '\n' ' ')"
done
[ -e "$prefix/lib/i386-linux-gnu/libclone_extended.so.0" ] ||
	[ ! -e "$build/compat/m32" ] || die "the i386 library is built but not installed in lib/i386-linux-gnu"

# pkg-config, as a distribution's build would use it.
export PKG_CONFIG_PATH="$(dirname "$pc")"
cc "$source/tests/library/install_consumer/consumer.c" \
	$(pkg-config --cflags --libs clone_extended) -o "$work/consumer_pc" ||
	die "build with pkg-config failed"
grep -q 'CLONE_EXTENDED_0\.1.*clone_extended_flags' < <(objdump -T "$work/consumer_pc") ||
	die "consumer_pc does not bind clone_extended_flags@CLONE_EXTENDED_0.1"
LD_LIBRARY_PATH="$libdir" "$work/consumer_pc" || die "consumer_pc failed"
cc "$source/tests/library/install_consumer/own_names.c" \
	$(pkg-config --cflags clone_extended) "$libdir/libclone_extended.a" -o "$work/own_names" ||
	die "a program with its own pid_ns_pid_max() does not link against libclone_extended.a"
"$work/own_names" || die "own_names failed"
if [ -e "$prefix/lib/i386-linux-gnu/libclone_extended.so.0" ]; then
	PKG_CONFIG_PATH="$prefix/lib/i386-linux-gnu/pkgconfig" cc -m32 \
		"$source/tests/library/install_consumer/consumer.c" \
		$(PKG_CONFIG_PATH="$prefix/lib/i386-linux-gnu/pkgconfig" pkg-config --cflags --libs clone_extended) \
		-o "$work/consumer_pc_m32" || die "i386 build with pkg-config failed"
	"$source/scripts/run-i386" --env LD_LIBRARY_PATH="$prefix/lib/i386-linux-gnu" "$work/consumer_pc_m32" ||
		die "consumer_pc_m32 failed"
	cc -m32 "$source/tests/library/install_consumer/own_names.c" \
		$(pkg-config --cflags clone_extended) "$prefix/lib/i386-linux-gnu/libclone_extended.a" \
		-o "$work/own_names_m32" || die "i386: own pid_ns_pid_max() does not link against libclone_extended.a"
	"$source/scripts/run-i386" "$work/own_names_m32" || die "own_names_m32 failed"
fi

# find_package(), as a CMake project would use it.
cmake -S "$source/tests/library/install_consumer" -B "$work/consumer" \
	-DCMAKE_PREFIX_PATH="$prefix" >"$work/consumer-configure.log" ||
	die "find_package configure failed, see $work/consumer-configure.log"
cmake --build "$work/consumer" >"$work/consumer-build.log" ||
	die "find_package build failed, see $work/consumer-build.log"
"$work/consumer/consumer_shared" || die "consumer_shared failed"
"$work/consumer/consumer_static" || die "consumer_static failed"
if grep -q libclone_extended < <(ldd "$work/consumer/consumer_static"); then
	die "consumer_static links the shared library"
fi
echo "$script: pkg-config and find_package consumers ran"
