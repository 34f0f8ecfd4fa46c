#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR MIT
# Instructions per call of each clone_flags_*() helper against its
# hand-written equivalent, counted by valgrind callgrind.
# Usage: compat/bench/flag_helpers_callgrind.sh BENCH_BINARY
#
# BENCH_BINARY is compat_flag_helpers_bench or compat_flag_helpers_bench_m32
# of a build tree.
set -euo pipefail

. "$(dirname "$0")/../../scripts/lib/script.sh"
need_args 1 "$@"
bench=$1
calls=1000	# CALLS in flag_helpers_bench.c
command -v valgrind >/dev/null || die "valgrind not installed"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" >/dev/null 2>&1 ||
	die "valgrind run of $bench failed"
# Self cost per function: every helper_/manual_ function is a leaf.
callgrind_annotate --threshold=100 "$out" 2>/dev/null |
	awk -v calls="$calls" '
	/(helper|manual)_[a-z_]+/ {
		gsub(",", "", $1)
		match($0, /(helper|manual)_[a-z_]+/)
		name = substr($0, RSTART, RLENGTH)
		split(name, part, "_")
		op = substr(name, length(part[1]) + 2)
		ir[part[1], op] = $1 / calls
		ops[op] = 1
	}
	END {
		printf "%-10s %8s %8s\n", "operation", "helper", "manual"
		for (op in ops)
			printf "%-10s %8.1f %8.1f\n", op, ir["helper", op], ir["manual", op]
	}' | (read -r header; echo "$header"; sort)
