#!/usr/bin/env bash
# The long work-bound check (issue #33): 10,000 generated scenario files of at most 4 KB, each
# through run, latency, timeline, reminders, sweep (3 seeds) and explore (3 runs) of a release
# build, each command under 2 s and 200 MB. See Scripts/work_bound.py for the generator and
# Scripts/work-bound-known.txt for families still waiting on a fix.
#
#   Scripts/work-bound.sh [FILES] [SEED]     (default 10000 files, seed 1)
#
# CI runs a short one (.ci/run: a minute at most, the known families skipped).
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-10000}
seed=${2:-1}
swift build -c release --product wristsim 2>&1 | tail -1
python3 Scripts/work_bound.py --bin .build/release/wristsim --files "$files" --seed "$seed"
