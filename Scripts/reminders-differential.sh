#!/usr/bin/env bash
# The long differential run of the reminder rules: the reference model written from
# docs/reminders.md (Tests/ReminderRulesReferenceTests) against `wristsim reminders` on N
# generated scenarios (default 5000) from seed FIRST (default 0). A disagreement prints its seed
# and writes a minimised scenario file to OUT (default .build/reminders-differential).
#
#   Scripts/reminders-differential.sh [N] [FIRST]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5000}
first=${2:-0}
out=${REMINDERS_DIFFERENTIAL_OUT:-$PWD/.build/reminders-differential}
case "$runs$first" in
  *[!0-9]*) echo "reminders-differential.sh: N and FIRST are whole numbers, found '$runs' '$first'" >&2; exit 64 ;;
esac
REMINDERS_DIFFERENTIAL_RUNS=$runs REMINDERS_DIFFERENTIAL_FIRST=$first REMINDERS_DIFFERENTIAL_OUT=$out \
  swift test -j 1 --filter RemindersDifferentialTests 2>&1 | grep -E "reminders differential:|seed [0-9]+:|minimised:|^ +(delivery|missed|terminations)|Test run with"
