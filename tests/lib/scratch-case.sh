# SPDX-License-Identifier: GPL-2.0 OR MIT
# Sourced by the check scripts that run one named CASE of a table in a
# scratch directory: sets $source_root (this checkout), $case_name (the
# first argument), $work (a directory removed on exit) and fail().
source_root=$(cd "$(dirname "$0")/../.." && pwd)
case_name=${1:?usage: $0 CASE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $case_name: $*" >&2; exit 1; }
