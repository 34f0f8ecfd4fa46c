# SPDX-License-Identifier: GPL-2.0 OR MIT
# shellcheck shell=bash
# Sourced by the check scripts called as SCRIPT WORKDIR, after what
# scripts/lib/script.sh gives: sets $work, WORKDIR emptied, where the
# check keeps its files for a look after a failure.
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/script.sh"
need_args 1 "$@"
[ $# -le 1 ] || usage_error
work=$1
rm -rf "$work"
mkdir -p "$work"
