#!/usr/bin/env python3
"""Issue #32's size ledger: how many lines of the simulation core other issues' capabilities hold.

    Scripts/core_ledger.py [REV]     (default HEAD; run from anywhere inside the repository)

Issue #32 bounds the simulation core (Sources/SimulationKernel, Sources/CompanionModel,
Sources/ScenarioRunner) at 24,000 lines, comments included, "new capabilities from other issues
counted apart". This script blames every core line at REV (`git blame -w -M -C -C`, so moved and
copied code keeps its first author commit) and credits a line to issue #33..#38 when the subject
of that commit names the issue ("#33 item 8: ..."); every other line is #32's core. It prints the
counts per issue and the core left for #32.

A line trimmed away is no longer counted apart: the credit is what other issues' code holds in
the core today, not what it once added. Commits that name no issue in their subject count as
core, so the figure for #32 is an upper bound (an earlier ledger that also mapped commits through
their branches found about 230 more lines apart at 6d975da: 2,874 against this script's 2,641).
"""

import collections
import re
import subprocess
import sys

CORE = ["Sources/SimulationKernel", "Sources/CompanionModel", "Sources/ScenarioRunner"]
ISSUES = ["33", "34", "35", "36", "37", "38"]
TARGET = 24_000


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def main() -> int:
    if len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(sys.argv) > 2:
        print("core_ledger.py: expected at most one revision; usage: Scripts/core_ledger.py [REV]", file=sys.stderr)
        return 64
    rev = sys.argv[1] if len(sys.argv) == 2 else "HEAD"
    top = git("rev-parse", "--show-toplevel").strip()
    known = subprocess.run(["git", "-C", top, "rev-parse", "--verify", "--quiet", rev + "^{commit}"], capture_output=True)
    if known.returncode != 0:
        print(f"core_ledger.py: {rev!r} is not a commit of this repository; expected a revision such as HEAD", file=sys.stderr)
        return 64
    files = [f for f in git("-C", top, "ls-tree", "-r", "--name-only", rev, "--", *CORE).split() if f.endswith(".swift")]
    subjects: dict[str, str] = {}
    counts: collections.Counter[str] = collections.Counter()
    for path in files:
        commit = ""
        for line in git("-C", top, "blame", "-w", "-M", "-C", "-C", "--line-porcelain", rev, "--", path).splitlines():
            header = re.match(r"^([0-9a-f]{40}) \d+ \d+", line)
            if header:
                commit = header.group(1)
            elif line.startswith("summary "):
                subjects[commit] = line[len("summary ") :]
            elif line.startswith("\t"):
                named = [n for n in re.findall(r"#(\d+)\b", subjects.get(commit, "")) if n in ISSUES]
                counts[named[0] if named else "32"] += 1
    total = sum(counts.values())
    apart = total - counts["32"]
    print(f"core at {git('-C', top, 'rev-parse', '--short', rev).strip()}: {total:,} lines")
    for issue in ISSUES:
        if counts[issue]:
            print(f"  #{issue}: {counts[issue]:,}")
    print(f"apart: {apart:,}; #32's core: {counts['32']:,} (target {TARGET:,}: {counts['32'] - TARGET:+,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
