#!/usr/bin/env bash
# Builds one of the fuzz targets in Fuzz/ with the toolchain's libFuzzer support and runs it.
#
#   Scripts/fuzz.sh TARGET [SECONDS]      fuzz for SECONDS (default 60), seeded with TARGET's
#                                         shipped inputs and its regression corpus
#   Scripts/fuzz.sh TARGET --regressions  only replay the regression corpus (every file must pass)
#
# TARGET is one of:
#   scenario   Fuzz/scenario/FuzzScenario.swift: decode and run a scenario file
#              (seeds: Scenarios/*.json; regressions: Fuzz/scenario/corpus)
#   calibrate  Fuzz/calibrate/FuzzSignpostExport.swift: calibrate's export and CSV readers
#              (seed: the first rows of the shipped export; regressions: Fuzz/calibrate/corpus)
#
# Both targets share one instrumented build (.build/fuzz; the normal debug and release builds
# are untouched). New inputs go to .build/fuzz/TARGET/corpus (not committed). A crash leaves
# crash-*/timeout-*/oom-* in .build/fuzz/TARGET/findings; after fixing it, copy the input to
# Fuzz/TARGET/corpus/ as a regression.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
[ $# -ge 1 ] || usage
target=$1
mode=${2:-60}
case "$target" in
  scenario) source=Fuzz/scenario/FuzzScenario.swift; library=ScenarioRunner ;;
  calibrate) source=Fuzz/calibrate/FuzzSignpostExport.swift; library=Calibration ;;
  *) echo "fuzz.sh: unknown target '$target'; expected scenario or calibrate" >&2; usage ;;
esac
case "$mode" in
  --regressions) ;;
  *[!0-9]* | '') echo "fuzz.sh: expected SECONDS (a whole number) or --regressions, found '$mode'" >&2; usage ;;
esac

scratch=.build/fuzz
work=$scratch/$target
mkdir -p "$work/corpus" "$work/findings" "$work/seeds"

# The library modules, instrumented for coverage. The modules both targets use are built once.
swift build -c release --scratch-path "$scratch" --target "$library" \
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -E "(error|warning):" && exit 1
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
objects=()
for module in SimulationKernel ReminderScheduling CompanionModel "$library"; do
  objects+=("$bin/$module.build"/*.o)
done
# The libraries' declarations are `package`: the target joins the package under the name SwiftPM
# gave the modules it built (the checkout folder's name, lowercased).
package=$(grep -o '"-package-name","[^"]*"' "$scratch/release.yaml" | head -1 | cut -d'"' -f4)
swiftc -O -sanitize=fuzzer -parse-as-library -package-name "$package" -I "$bin/Modules" -I "$bin" \
  "$source" "${objects[@]}" -o "$work/fuzz"

# libFuzzer reads seed folders: gather the target's shipped inputs in one.
case "$target" in
  scenario)
    for file in Scenarios/*.json; do
      case "$file" in *.schema.json) ;; *) cp "$file" "$work/seeds/" ;; esac
    done
    ;;
  calibrate)
    # The shipped export is large for a seed; its first rows make a small one.
    { head -c 6000 Scenarios/calibration/checkoff-s9.xml; printf '</node></trace-query-result>\n'; } \
      > "$work/seeds/checkoff-head.xml"
    ;;
esac

options=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$work/findings/")
if [ "$mode" = "--regressions" ]; then
  "$work/fuzz" "${options[@]}" -runs=0 "Fuzz/$target/corpus" "$work/seeds"
  echo "fuzz $target: every regression and seed passes"
  exit 0
fi
"$work/fuzz" "${options[@]}" -max_total_time="$mode" -print_final_stats=1 \
  "$work/corpus" "Fuzz/$target/corpus" "$work/seeds" 2>&1 | tee "$work/last-run.log" \
  | grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)"
echo "fuzz $target: corpus $(ls "$work/corpus" | wc -l) generated inputs, $(ls "Fuzz/$target/corpus" | wc -l) regressions"
