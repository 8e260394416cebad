#!/bin/sh
# A 1,000-shard `wristsim sweep` on one machine with GNU parallel (one shard per free core),
# then the merge. Run from the package root after `swift build -c release`.
#
#   docs/examples/sweep-parallel.sh                       # the defaults below
#   SHARDS=20 SEEDS=1..200 docs/examples/sweep-parallel.sh
#
# The merged sweep.json is byte for byte what `wristsim sweep … --json` prints in one process.
set -eu
WRISTSIM=${WRISTSIM:-.build/release/wristsim}
SCENARIO=${SCENARIO:-Scenarios/weekly-shop.json}
SEEDS=${SEEDS:-1..100000}
SHARDS=${SHARDS:-1000}
PARTS=${PARTS:-sweep-parts}

mkdir -p "$PARTS"
seq 0 $((SHARDS - 1)) | parallel --halt now,fail=1 \
    "$WRISTSIM" sweep "$SCENARIO" --seeds "$SEEDS" --watch all --pipeline naive,optimized \
    --shard {}/"$SHARDS" ">" "$PARTS"/part-{}.jsonl
"$WRISTSIM" merge "$PARTS"/part-*.jsonl --json > sweep.json
echo "merged $SHARDS shards into sweep.json"
