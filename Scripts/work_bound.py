#!/usr/bin/env python3
"""The work-bound check (issue #33): small generated scenario files (at most 4 KB each) aimed at
the expensive paths -- periodic things, complication reload policies, repeating reminders, many
steps of one kind, long spans -- each run through every command, each command bounded in time
and memory.

    Scripts/work_bound.py --bin .build/release/wristsim --files 10000 --seed 1

For each file it runs `run`, `latency`, `timeline`, `timeline --json`, `reminders`, `sweep` (3 seeds)
and `explore` (3 runs), measures each process's CPU time (user + system; wall time on a shared machine measures
the neighbours) and peak resident memory (wait4's ru_maxrss), and
counts a command over budget when it takes more than --seconds (2) or --megabytes (200), crashes
(ends by a signal) or exits with a code the docs do not list (0, 1, 64, 65, 74). A process is
stopped at 2.5 times the time budget in CPU time (RLIMIT_CPU), killed after a minute of wall time
(a hang uses no CPU), and limited to 2 GB of address space, so the check itself stays bounded.

With --jobs N the commands run N at a time (the files and the report are the same; only the
order of the "over budget" lines printed as they are found may differ).

Files over budget are copied to --findings with a line each in findings.txt. The generator is
seeded: the same --seed and --files give the same files. A family listed in --known (one
`family  why` per line) is still run and reported, but does not fail the check: it names an
open fix owned elsewhere, and its line is removed when the fix lands.

Exit code: 0 when nothing but known families is over budget, 1 otherwise.
"""

import argparse
import json
import math
import multiprocessing
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

LIMIT = 4096
COMMANDS = {
    "run": ["run", "{file}"],
    "latency": ["latency", "{file}"],
    "timeline": ["timeline", "{file}"],
    "timelineJSON": ["timeline", "{file}", "--json"],
    "reminders": ["reminders", "{file}"],
    "sweep": ["sweep", "{file}", "--seeds", "1..3"],
    "explore": ["explore", "{file}", "--runs", "3", "--output", "{file}.repro.json"],
}
DOCUMENTED_EXITS = {0, 1, 64, 65, 74}


def duration(rng, small=False):
    """A duration string: tiny, small, or long."""
    if small or rng.random() < 0.5:
        return rng.choice(["1ns", "1us", "1ms", "10ms", "1s", "59s", "60s", "61s", "1m", "5m"])
    return rng.choice(["1h", "1d", "7d", "30d", "365d", "36524d"])


def end(rng):
    return rng.choice(["+1h", "+1d", "+30d", "+365d", "+3650d", "+36525d"])


def items(rng, count, due=False):
    result = []
    for index in range(count):
        item = {"id": "i%d" % index, "title": "I%d" % index}
        if due and rng.random() < 0.8:
            item["due"] = "+%dm" % rng.randint(0, 10000)
        result.append(item)
    return result


def base(rng, name, count=3, due=False):
    return {
        "format": 1,
        "name": name,
        "seed": rng.randint(0, 1000),
        "start": "2026-11-21T08:00:00Z",
        "end": end(rng),
        "items": items(rng, count, due),
        "script": [],
    }


def periodic(rng):
    """Periodic things: background refreshes, app runs, budget resets, with tiny periods."""
    scenario = base(rng, "periodic", due=True)
    choice = rng.randrange(3)
    if choice == 0:
        scenario["complication"] = {
            "backgroundRefresh": {"every": duration(rng, small=True)},
            "budget": {"resetEvery": rng.choice(["1s", "1m", "1h", "24h"]), "backgroundRefreshesPerHour": 3600,
                       "backgroundRefreshInterval": rng.choice(["1s", "1m", "15m"])},
        }
    elif choice == 1:
        scenario["reminders"] = {"appRuns": {"every": duration(rng, small=True)}}
    else:
        scenario["reminders"] = {"scheduler": "backgroundRefresh",
                                 "refresh": {"every": duration(rng, small=True), "perHour": 60}}
    return scenario


def policies(rng):
    """Complication reload policies that ask again soon: atEnd, after a tiny delay, no budget."""
    scenario = base(rng, "policies")
    budget = {"rules": rng.choice(["clockKit", "widgetKit"]),
              "reloadPolicy": rng.choice(["atEnd", "never", {"after": duration(rng, small=True)}])}
    if rng.random() < 0.7:
        budget["dailyReloads"] = None
    if rng.random() < 0.7:
        budget["dailyExecution"] = None
    if rng.random() < 0.5:
        budget["minimumReloadInterval"] = rng.choice(["0s", "1ns", "1s"])
    if rng.random() < 0.5:
        budget["entrySpacing"] = rng.choice(["0s", "1ns", "1s"])
    if rng.random() < 0.5:
        budget["futureEntryLimit"] = rng.choice([0, 1, 10000])
    scenario["complication"] = {"budget": budget}
    scenario["script"] = [{"at": "+1s", "do": "reloadComplication"}]
    return scenario


def repeats(rng):
    """Many repeating reminders, each as often as allowed."""
    scenario = base(rng, "repeats", count=2, due=True)
    repeating = []
    for index in range(rng.randint(1, 60)):
        repeating.append({"id": "r%d" % index, "start": "+%ds" % index, "every": rng.choice(["60s", "1m", "2m", "1h"])})
    scenario["reminders"] = {"repeating": repeating, "window": rng.choice([1, 2, 64]),
                             "repeatingSlots": rng.choice([1, 64]),
                             "scheduler": rng.choice(["windowed", "naive", "overflowNotice", "backgroundRefresh"])}
    return scenario


def many_steps(rng):
    """Many steps of one kind (as many as fit in 4 KB), or one step that repeats a lot."""
    scenario = base(rng, "many steps", count=rng.randint(1, 40), due=True)
    kind = rng.choice(["tap", "phoneRemoveItem", "phoneCheckItem", "launchApp", "killPhoneApp", "launchPhoneApp",
                       "phoneComplicationUpdate", "reloadComplication", "raiseWrist", "terminateWatchApp",
                       "relaunchWatchApp", "phoneOutOfRange", "backgroundRefresh"])
    if kind == "phoneComplicationUpdate":
        scenario["script"] = [{"at": "+1s", "do": kind, "count": 10000, "every": rng.choice(["1ns", "1ms", "1s"])}]
        return scenario
    if kind in ("reloadComplication",):
        scenario["complication"] = {}
    if kind in ("launchApp", "backgroundRefresh"):
        scenario["reminders"] = {}
    steps = []
    ids = [item["id"] for item in scenario["items"]]
    if rng.random() < 0.5:
        steps.append({"at": "+0s", "do": "phoneOutOfRange"})  # an operation the link cannot deliver yet
        steps.append({"after": "1s", "do": "tap", "item": ids[0]})
    while len(json.dumps(scenario)) + len(json.dumps(steps)) < LIMIT - 200:
        step = {"after": rng.choice(["0s", "1ns", "1s"]), "do": kind}
        if kind in ("tap", "phoneRemoveItem", "phoneCheckItem"):
            step["item"] = ids[len(steps) % len(ids)] if kind != "phoneRemoveItem" else ids[min(len(steps), len(ids) - 1)]
        steps.append(step)
    scenario["script"] = steps
    return scenario


def long_spans(rng):
    """A century with everything periodic at its most frequent."""
    scenario = base(rng, "long span", due=True)
    scenario["end"] = "+36525d"
    scenario["eventLimit"] = rng.choice([1000, 1000000, 1000000000])
    scenario["reminders"] = {"appRuns": {"every": rng.choice(["1m", "1h", "1d"])},
                             "repeating": [{"id": "r", "start": "+0s", "every": "60s"}]}
    scenario["complication"] = {"backgroundRefresh": {"every": rng.choice(["1m", "15m", "1h"])}}
    scenario["link"] = {"latency": rng.choice(["1ns", "100ms", "36500d"]),
                        "duplicateProbability": rng.choice([0, 0.5, 1])}
    return scenario


FAMILIES = {
    "periodic": periodic,
    "policies": policies,
    "repeats": repeats,
    "manySteps": many_steps,
    "longSpans": long_spans,
}


def generate(rng, index):
    family = list(FAMILIES)[index % len(FAMILIES)]
    scenario = FAMILIES[family](rng)
    text = json.dumps(scenario, separators=(",", ":"))
    while len(text.encode()) > LIMIT and scenario["script"]:
        scenario["script"].pop()
        text = json.dumps(scenario, separators=(",", ":"))
    return family, text


def measure(binary, arguments, seconds):
    """Runs one command; returns (CPU seconds, peak MB, exit code or -signal)."""
    cpu_limit = int(math.ceil(2.5 * seconds))

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        # Work is bounded by CPU time, so the limit is on CPU time too (SIGXCPU, then SIGKILL a
        # second later): on a loaded machine a process's wall time measures its neighbours.
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))

    started = time.monotonic()
    process = subprocess.Popen([binary] + arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, preexec_fn=limit)
    # A process that waits instead of working (a hang on input) uses no CPU: the wall deadline
    # catches it, generous enough that a busy machine does not trip it.
    deadline = started + max(60.0, 30 * seconds)
    hung = False
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            os.kill(process.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(process.pid, 0)
            hung = True
            break
        time.sleep(0.002)
    process.returncode = 0  # reaped by wait4
    wall = time.monotonic() - started
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    if usage is None:
        return wall, 0.0, code
    cpu = usage.ru_utime + usage.ru_stime
    # The budget is CPU time (user + system). A process killed at the wall deadline counts as its
    # wall time.
    return (wall if hung else cpu), usage.ru_maxrss / 1024, code


def run_one(task):
    """Runs one (index, family, path, command, binary, seconds) task; returns it with its measure."""
    index, family, path, command, binary, seconds = task
    arguments = [word.format(file=path) for word in COMMANDS[command]]
    return task, measure(binary, arguments, seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=".build/release/wristsim")
    parser.add_argument("--files", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--megabytes", type=float, default=200.0)
    parser.add_argument("--findings", default=".build/work-bound/findings")
    parser.add_argument("--known", default=os.path.join(os.path.dirname(__file__), "work-bound-known.txt"))
    parser.add_argument("--commands", default=",".join(COMMANDS))
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help="run only these families' files (the others are generated, so the files stay the same)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="commands run at once (each is still measured in its own CPU time)")
    parser.add_argument("--skip-known", action="store_true",
                        help="generate the known families' files (the sequence stays the same) but do not run them")
    options = parser.parse_args()
    if options.jobs < 1:
        parser.error("--jobs must be at least 1")

    known = {}
    if os.path.exists(options.known):
        for line in open(options.known):
            line = line.strip()
            if line and not line.startswith("#"):
                family, _, why = line.partition(" ")
                known[family] = why.strip()
    shutil.rmtree(options.findings, ignore_errors=True)
    os.makedirs(options.findings)
    scratch = tempfile.mkdtemp(prefix="work-bound-")
    rng = random.Random(options.seed)
    commands = options.commands.split(",")
    families = options.families.split(",")
    unknown = [name for name in families if name not in FAMILIES]
    if unknown:
        parser.error("unknown families: %s (expected some of %s)" % (", ".join(unknown), ", ".join(FAMILIES)))
    over = {"new": 0, "known": 0}
    skipped = 0
    worst = (0.0, 0.0)
    runs = 0
    started = time.monotonic()
    tasks = []
    for index in range(options.files):
        family, text = generate(rng, index)
        assert len(text.encode()) <= LIMIT, (index, len(text))
        if family not in families or (options.skip_known and family in known):
            skipped += 1
            continue
        path = os.path.join(scratch, "f%06d.json" % index)
        with open(path, "w") as handle:
            handle.write(text)
        for command in commands:
            tasks.append((index, family, path, command, options.bin, options.seconds))
    with open(os.path.join(options.findings, "findings.txt"), "w") as findings, \
            multiprocessing.Pool(options.jobs) as pool:
        for task, (wall, megabytes, code) in pool.imap(run_one, tasks, chunksize=1):
            index, family, path, command = task[:4]
            runs += 1
            worst = (max(worst[0], wall), max(worst[1], megabytes))
            if wall <= options.seconds and megabytes <= options.megabytes and code in DOCUMENTED_EXITS:
                continue
            kind = "known" if family in known else "new"
            over[kind] += 1
            name = "f%06d-%s.json" % (index, family)
            shutil.copy(path, os.path.join(options.findings, name))
            line = "%s  %s  %-9s %.2f s  %.0f MB  exit %d%s" % (
                kind, name, command, wall, megabytes, code, ("  (" + known[family] + ")") if kind == "known" else "")
            findings.write(line + "\n")
            print("over budget: " + line, flush=True)
    shutil.rmtree(scratch, ignore_errors=True)
    print("work-bound: %d files (seed %d, %d of known or unselected families skipped) x %d commands = %d runs in %.0f s; "
          "worst %.2f CPU-s, %.0f MB; over budget: %d new, %d known (budget %.1f s, %.0f MB; findings in %s)" % (
              options.files, options.seed, skipped, len(commands), runs, time.monotonic() - started, worst[0],
              worst[1], over["new"], over["known"], options.seconds, options.megabytes, options.findings))
    return 1 if over["new"] else 0


if __name__ == "__main__":
    sys.exit(main())
