#!/usr/bin/env bash
# Builds the calibrate fuzz target (Fuzz/calibrate/FuzzSignpostExport.swift) with the
# toolchain's libFuzzer support and runs it, like Scripts/fuzz.sh does for scenarios.
#
#   Fuzz/calibrate/fuzz.sh [SECONDS]      fuzz for SECONDS (default 60), seeded with the shipped
#                                         export and the regression corpus in Fuzz/calibrate/corpus
#   Fuzz/calibrate/fuzz.sh --regressions  only replay Fuzz/calibrate/corpus (every file must pass)
#
# New inputs go to .build/fuzz-calibrate/corpus (not committed). A crash leaves crash-*/timeout-*/
# oom-* in .build/fuzz-calibrate/findings; after fixing it, copy the input to
# Fuzz/calibrate/corpus/ as a regression.
set -euo pipefail
cd "$(dirname "$0")/../.."

scratch=.build/fuzz-calibrate
mode=${1:-60}
mkdir -p "$scratch/corpus" "$scratch/findings"

swift build -c release --scratch-path "$scratch" --target Calibration \
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -E "(error|warning):" && exit 1
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
objects=()
for module in SimulationKernel ReminderScheduling CompanionModel Calibration; do
  objects+=("$bin/$module.build"/*.o)
done
# The readers are `package` declarations: compile the target as part of the package, under the
# package name SwiftPM gave the modules (derived from the checkout's folder name).
package=$(grep -o '"-package-name","[^"]*"' "$scratch/release.yaml" | head -1 | cut -d'"' -f4)
swiftc -O -sanitize=fuzzer -parse-as-library -package-name "$package" -I "$bin/Modules" -I "$bin" \
  Fuzz/calibrate/FuzzSignpostExport.swift "${objects[@]}" -o "$scratch/calibrate-fuzz"

# The shipped export is large for a seed; its first rows make a small one.
mkdir -p "$scratch/seeds"
{ head -c 6000 Scenarios/calibration/checkoff-s9.xml; printf '</node></trace-query-result>\n'; } \
  > "$scratch/seeds/checkoff-head.xml"

options=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$scratch/findings/")
if [ "$mode" = "--regressions" ]; then
  "$scratch/calibrate-fuzz" "${options[@]}" -runs=0 Fuzz/calibrate/corpus "$scratch/seeds"
  echo "fuzz calibrate: every regression and seed passes"
  exit 0
fi
"$scratch/calibrate-fuzz" "${options[@]}" -max_total_time="$mode" -print_final_stats=1 \
  "$scratch/corpus" Fuzz/calibrate/corpus "$scratch/seeds" 2>&1 | tee "$scratch/last-run.log" \
  | grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)"
echo "fuzz calibrate: corpus $(ls "$scratch/corpus" | wc -l) generated inputs, $(ls Fuzz/calibrate/corpus | wc -l) regressions"
