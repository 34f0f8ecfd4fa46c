# SPDX-License-Identifier: GPL-2.0 OR MIT
# shellcheck shell=bash
# Sourced by the check scripts that run one named case of a table, called
# as SCRIPT CASE [WORKDIR], after what scripts/lib/script.sh gives: sets
# $case_name (CASE) and $work, WORKDIR emptied where the caller keeps the
# case's files, else a scratch directory removed on exit; die names the
# case.
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/script.sh"
need_args 1 "$@"
[ $# -le 2 ] || usage_error
case_name=$1
script+=": $case_name"
if [ $# -eq 2 ]; then
	work=$2
	rm -rf "$work"
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

# case_row TABLE: the row of the case in TABLE, a tab-separated file of the
# repository whose first column names the cases; a usage error if it has
# none.
case_row() {
	awk -F'\t' -v name="$case_name" '!/^#/ && $1 == name' "$root/$1" | grep . ||
		die_status=$EXIT_USAGE die "no case '$case_name' in $1"
}
