#!/usr/bin/env bash
# Builds the scenario fuzz target (Fuzz/FuzzScenario.swift) with the toolchain's libFuzzer
# support and runs it.
#
#   Scripts/fuzz.sh [SECONDS]      fuzz for SECONDS (default 60), seeded with the shipped
#                                  scenarios and the regression corpus in Fuzz/corpus
#   Scripts/fuzz.sh --regressions  only replay Fuzz/corpus (every file must pass)
#
# New inputs go to .build/fuzz/corpus (not committed). A crash leaves crash-*/timeout-*/oom-*
# in .build/fuzz/findings; after fixing it, copy the input to Fuzz/corpus/ as a regression.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/fuzz
mode=${1:-60}
mkdir -p "$scratch/corpus" "$scratch/findings"

# The library modules, instrumented for coverage (a separate scratch path: the normal debug
# and release builds are untouched).
swift build -c release --scratch-path "$scratch" --target ScenarioRunner \
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -E "(error|warning):" && exit 1
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
objects=()
for module in SimulationKernel ReminderScheduling CompanionModel ScenarioRunner; do
  objects+=("$bin/$module.build"/*.o)
done
# The library's declarations are `package`: the target joins the package's name, as SwiftPM
# gives it to the modules it builds (the checkout folder's name, lowercased).
package=$(grep -o '"-package-name","[^"]*"' "$scratch/release.yaml" | head -1 | cut -d'"' -f4)
swiftc -O -sanitize=fuzzer -parse-as-library -package-name "$package" -I "$bin/Modules" -I "$bin" \
  Fuzz/FuzzScenario.swift "${objects[@]}" -o "$scratch/wristsim-fuzz"

seeds=()
for file in Scenarios/*.json; do
  case "$file" in *.schema.json) ;; *) seeds+=("$file") ;; esac
done
# libFuzzer reads seed folders: gather the shipped scenarios in one.
mkdir -p "$scratch/seeds"
cp "${seeds[@]}" "$scratch/seeds/"

options=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$scratch/findings/")
if [ "$mode" = "--regressions" ]; then
  "$scratch/wristsim-fuzz" "${options[@]}" -runs=0 Fuzz/corpus "$scratch/seeds"
  echo "fuzz: every regression and seed passes"
  exit 0
fi
"$scratch/wristsim-fuzz" "${options[@]}" -max_total_time="$mode" -print_final_stats=1 \
  "$scratch/corpus" Fuzz/corpus "$scratch/seeds" 2>&1 | tee "$scratch/last-run.log" | grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)"
echo "fuzz: corpus $(ls "$scratch/corpus" | wc -l) generated inputs, $(ls Fuzz/corpus | wc -l) regressions"
