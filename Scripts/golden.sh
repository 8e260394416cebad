#!/usr/bin/env bash
# Golden outputs: every shipped scenario through every output the CLI promises to keep stable.
#
#   Scripts/golden.sh            compare today's outputs with Tests/Golden (exit 1 on a difference)
#   Scripts/golden.sh --record   write today's outputs to Tests/Golden (commit them with the reason)
#
# Each scenario gets a folder Tests/Golden/<name>/ with one file per command: stdout, then a
# line '# exit N' and the standard error, so a change in any of them shows. Pictures (--svg) and
# the report page are recorded as the files the command writes. Runs the debug binary unless
# WRISTSIM is set (WRISTSIM=.build/release/wristsim Scripts/golden.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=check
case "${1:-}" in
  --record) mode=record ;;
  "") ;;
  -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "golden.sh: unknown option '$1' (expected --record or nothing)" >&2; exit 64 ;;
esac

bin=${WRISTSIM:-.build/debug/wristsim}
[ -x "$bin" ] || swift build --product wristsim >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One command: its stdout, its exit code and its stderr in one file.
capture() {
  local dest=$1; shift
  local code=0
  "$bin" "$@" >"$dest" 2>"$out/stderr" || code=$?
  printf '# exit %s\n' "$code" >>"$dest"
  cat "$out/stderr" >>"$dest"
  # The scratch folder's name changes at every run: write it as OUT.
  sed -i "s|$out|OUT|g" "$dest"
}

for file in $(find Scenarios -maxdepth 1 -name '*.json' ! -name '*.schema.json' | sort); do
  name=$(basename "$file" .json)
  dir="$out/golden/$name"
  mkdir -p "$dir"
  capture "$dir/run.txt" run "$file"
  capture "$dir/run-trace.txt" run "$file" --trace
  capture "$dir/run-json.jsonl" run "$file" --json
  capture "$dir/latency.txt" latency "$file" --svg "$out/latency.svg"
  mv "$out/latency.svg" "$dir/latency.svg" 2>/dev/null || true
  capture "$dir/latency-json.json" latency "$file" --json
  capture "$dir/timeline.txt" timeline "$file" --svg "$out/timeline.svg"
  mv "$out/timeline.svg" "$dir/timeline.svg" 2>/dev/null || true
  capture "$dir/timeline-json.json" timeline "$file" --json
  capture "$dir/reminders.txt" reminders "$file" --svg "$out/reminders.svg"
  mv "$out/reminders.svg" "$dir/reminders.svg" 2>/dev/null || true
  capture "$dir/reminders-json.json" reminders "$file" --json
  capture "$dir/report.txt" report "$file" -o "$out/report.html"
  mv "$out/report.html" "$dir/report.html" 2>/dev/null || true
done

if [ "$mode" = record ]; then
  rm -rf Tests/Golden
  mkdir -p Tests
  cp -R "$out/golden" Tests/Golden
  echo "golden: recorded $(find Tests/Golden -type f | wc -l | tr -d ' ') files in Tests/Golden"
  exit 0
fi

if diff -r -q Tests/Golden "$out/golden" >"$out/diff.txt"; then
  echo "golden: $(find Tests/Golden -type f | wc -l | tr -d ' ') files identical to Tests/Golden"
else
  cat "$out/diff.txt" | sed "s|$out/golden|(today)|g" | head -40
  echo "golden: $(wc -l <"$out/diff.txt" | tr -d ' ') outputs differ from Tests/Golden" \
    "(first difference below; if the change is intended, 'Scripts/golden.sh --record' and say why in the commit)" >&2
  first=$(grep -m1 '^Files ' "$out/diff.txt" | awk '{print $2}')
  [ -n "$first" ] && diff "$first" "${first/Tests\/Golden/$out/golden}" | head -30 >&2
  exit 1
fi
