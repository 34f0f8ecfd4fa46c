# SPDX-License-Identifier: GPL-2.0 OR MIT
# shellcheck shell=bash
# What every script of the project shares, test scripts included: the
# repository root, one way to fail, the usage taken from the script's
# header, timed steps and one reading of the project's tables.  Sourced
# first, from the top level of the script, so that it sees the script's
# arguments.
#
# A script's header is its first block of comments: what it does, then
#   # Usage: PATH ARGUMENTS
#   #        PATH OTHER-ARGUMENTS       (more forms, lined up under PATH)
# and the details.  A usage error prints the "Usage:" lines; -h or --help
# as the first argument prints the whole header and exits 0.

# Once, however many of the libraries a script sources take it in.
[ -z "${EXIT_USAGE:-}" ] || return 0

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# How the script names itself in its messages: its path in the repository.
script=$(cd "$(dirname "$0")" && pwd)/${0##*/}
script=${script#"$root"/}

# die MESSAGE: MESSAGE on standard error, after the script's name, and exit
# $die_status: 1, unless the script gives its failures another status.
die_status=1
die() { echo "$script: $*" >&2; exit "$die_status"; }

# A script called wrongly prints its usage lines and exits EXIT_USAGE.
readonly EXIT_USAGE=2

# usage [SCRIPT]: the "Usage:" lines of the header of SCRIPT (this
# script's by default), as "usage: PATH ARGUMENTS" lines.
usage() {
	awk 'NR > 1 && !/^#/ { exit }
		/^# Usage: / { on = 1; print "usage: " substr($0, 10); next }
		on && /^#        [^ ]/ { print "      " substr($0, 9); next }
		on { exit }' "${1:-$0}"
}
usage_error() { usage "$0" >&2; exit "$EXIT_USAGE"; }

# need_args COUNT "$@": a usage error unless COUNT arguments or more follow.
need_args() { [ $(($# - 1)) -ge "$1" ] || usage_error; }

# The header without its licence and linter lines, "# " taken off.
header() {
	awk 'NR == 1 { next } !/^#/ { exit }
		/^# (SPDX-License-Identifier:|shellcheck )/ { next }
		{ sub(/^# ?/, ""); print }' "$0"
}
case ${1:-} in
-h | --help) header; exit 0 ;;
esac

# step WHAT: ends the step before and starts WHAT, printing "==> SCRIPT
# [ELAPSED] WHAT" on standard error.  If the script sets steps_file, each
# step that ends adds "WHAT<TAB>SECONDS" to it.
steps_start=$SECONDS
step_name=
step_start=
step() {
	step_end
	step_name=$* step_start=$SECONDS
	printf '\n==> %s [%4ds] %s\n' "$script" $((SECONDS - steps_start)) "$*" >&2
}
step_end() {
	[ -z "$step_name" ] || [ -z "${steps_file:-}" ] ||
		printf '%s\t%s\n' "$step_name" $((SECONDS - step_start)) >>"$steps_file"
	step_name=
}

# The project's tables, scripts/lib/TABLE.tsv: tab-separated, "#" lines
# are comments, the first other line names the columns, and "-" is an
# empty cell.  A row is named by its first cell, or, where a reader gives
# a KEY column, by its cell in that column; rows without one are left out.

# table_cells TABLE [KEY]: every cell that is not empty, as "ROW<TAB>
# COLUMN<TAB>VALUE" lines in the table's order; fails for an unknown KEY.
table_cells() {
	[ -f "$root/scripts/lib/$1.tsv" ] || die "no table scripts/lib/$1.tsv"
	awk -F'\t' -v key="${2:-}" '/^#/ { next }
		!n { n = split($0, column, "\t")
		     for (i = 1; i <= n; i++) if (column[i] == key) k = i
		     if (key == "") k = 1
		     if (!k) exit 2
		     next }
		$k != "-" && $k != "" {
			for (i = 1; i <= n; i++) if ($i != "-" && $i != "") print $k "\t" column[i] "\t" $i }' \
		"$root/scripts/lib/$1.tsv" ||
		die "scripts/lib/$1.tsv has no column '$2' (it has: $(table_columns "$1" | paste -sd' '))"
}

# table_columns TABLE: the names of its columns, in order.
table_columns() {
	awk -F'\t' '/^#/ { next } { for (i = 1; i <= NF; i++) print $i; exit }' \
		"$root/scripts/lib/$1.tsv"
}

# table_rows TABLE [KEY]: the names of its rows, in order.
table_rows() {
	table_cells "$@" | awk -F'\t' '$1 != last { print $1; last = $1 }'
}

# table_row ARRAY TABLE ROW [KEY]: the associative array ARRAY, which the
# caller declares, becomes the row: COLUMN => cell, "" for "-".  Fails,
# naming the rows or the columns, for an unknown ROW or KEY.
# shellcheck disable=SC2034,SC2004 # the caller's associative array, by name
table_row() {
	local -n table_row_out=$1
	local cells name column cell found=

	# Its own failure (an unknown KEY) has said why.
	cells=$(table_cells "$2" "${4:-}") || exit
	table_row_out=()
	while read -r column; do
		table_row_out[$column]=
	done < <(table_columns "$2")
	while IFS=$'\t' read -r name column cell; do
		table_row_out[$column]=$cell
		found=$name
	done < <(awk -F'\t' -v row="$3" '$1 == row' <<<"$cells")
	[ -n "$found" ] ||
		die "scripts/lib/$2.tsv has no row ${4:+whose $4 is }'$3' (it has: $(table_rows "$2" "${4:-}" | paste -sd' '))"
}
