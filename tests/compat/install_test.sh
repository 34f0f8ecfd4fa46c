#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR MIT
# Installs the build tree into a temporary prefix and builds and runs a
# program outside the tree against it, with pkg-config and find_package().
# Usage: install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail

build=$1 source=$2 work=$3
fail() { echo "install_test: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" ||
	fail "cmake --install failed, see $work/install.log"

for f in include/clone_extended.h include/linux/pid_set.h \
	 include/linux/clone_flags.h include/linux/clone_info.h; do
	[ -f "$prefix/$f" ] || fail "$f not installed"
done
for f in clone_extended.3 clone_extended_flags.3 clone_extended_info_run.3; do
	[ -f "$prefix/share/man/man3/$f" ] || fail "man page $f not installed"
done
pc=$(find "$prefix" -name clone_extended.pc)
[ -n "$pc" ] || fail "clone_extended.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
for f in libclone_extended.so.0 libclone_extended.a; do
	[ -e "$libdir/$f" ] || fail "$f not installed in $libdir"
done

# pkg-config, as a distribution's build would use it.
export PKG_CONFIG_PATH="$(dirname "$pc")"
cc "$source/tests/compat/install_consumer/consumer.c" \
	$(pkg-config --cflags --libs clone_extended) -o "$work/consumer_pc" ||
	fail "build with pkg-config failed"
objdump -T "$work/consumer_pc" | grep -q 'CLONE_EXTENDED_0\.1.*clone_extended_flags' ||
	fail "consumer_pc does not bind clone_extended_flags@CLONE_EXTENDED_0.1"
LD_LIBRARY_PATH="$libdir" "$work/consumer_pc" || fail "consumer_pc failed"

# find_package(), as a CMake project would use it.
cmake -S "$source/tests/compat/install_consumer" -B "$work/consumer" \
	-DCMAKE_PREFIX_PATH="$prefix" >"$work/consumer-configure.log" ||
	fail "find_package configure failed, see $work/consumer-configure.log"
cmake --build "$work/consumer" >"$work/consumer-build.log" ||
	fail "find_package build failed, see $work/consumer-build.log"
"$work/consumer/consumer_shared" || fail "consumer_shared failed"
"$work/consumer/consumer_static" || fail "consumer_static failed"
if ldd "$work/consumer/consumer_static" | grep -q libclone_extended; then
	fail "consumer_static links the shared library"
fi
echo "install_test: pkg-config and find_package consumers ran"
