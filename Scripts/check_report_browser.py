#!/usr/bin/env python3
"""Renders `wristsim report` in headless Chromium and checks that every picture reads.

Cases: every shipped scenario (Scenarios/*.json, not the schema), the docs' first scenarios
(docs/examples/first/*.json, docs/examples/reminders/*.json) and generated stress cases (a
32-message trip, a 17-hour day with a 5-minute trip, two weeks of reminders, three watches).
For each case the script
  1. writes the report with the built `wristsim` binary (twice: the bytes must be identical),
  2. parses every inline <svg> and the standalone --svg pictures as XML with xml.etree,
  3. loads the page, with the standalone pictures appended and a checking script added, in
     headless Chromium and reads the results back from the DOM (--dump-dom):
       - every section the scenario calls for is present, and none it does not have;
       - every in-page link resolves; nothing overflows the page; nothing was fetched;
       - in every picture: every text's box inside the picture, no two labels overlapping,
         no label crossed by a line or path it does not belong to (a shape belongs to a label
         in the same <g class="box"> or <g class="mark">; a line under an opaque shape drawn
         before the label is hidden, not crossing), no label cut with an ellipsis (text the simulated watch showed, class "verbatim",
         is written as it was), and every
         boxed label inside its box;
  4. reads Chromium's console log for errors,
  5. takes a PNG screenshot of the whole page.
Before the cases, every known-bad picture in Tests/Layout must fail the check with the
problems its .expected file lists (proof that the check can fail).

Usage: Scripts/check_report_browser.py [--wristsim PATH] [--out DIR] [--only NAME ...] [--images]
  --images  also writes the README's screenshots to docs/images (the index, one per picture kind)
Exits 0 when every check passes, 1 on a failed check, 2 when Chromium is missing.
Only the Python standard library is used.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHECK_HEAD = """<script>
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push(String(e.message || e.type)); }, true);
</script>"""

CHECK_TAIL = r"""<script>
(function () {
  function inside(inner, outer, slack) {
    return inner.left >= outer.left - slack && inner.right <= outer.right + slack &&
           inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
  }
  function ownText(el) {
    var text = '';
    el.childNodes.forEach(function (node) { if (node.nodeType === 3) text += node.nodeValue; });
    return text;
  }
  function describe(el) { return ownText(el).trim().slice(0, 60); }
  // The ink of a label: its box less the font's leading above and below.
  function ink(box) {
    var pad = box.height * 0.22;
    return { left: box.left + 0.5, right: box.right - 0.5, top: box.top + pad, bottom: box.bottom - pad };
  }
  function meets(a, b) {
    return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
           Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  }
  // The group that ties a label to its own shapes: <g class="box"> or <g class="mark">.
  function owner(el) {
    for (var node = el.parentNode; node && node.tagName && node.tagName.toLowerCase() !== 'svg'; node = node.parentNode) {
      var name = node.getAttribute && node.getAttribute('class');
      if (name && /(^| )(box|mark)( |$)/.test(name)) return node;
    }
    return null;
  }
  function segmentMeetsRect(p, q, r) {
    // Liang-Barsky clipping of the segment p→q against rectangle r.
    var t0 = 0, t1 = 1, dx = q.x - p.x, dy = q.y - p.y;
    var edges = [[-dx, p.x - r.left], [dx, r.right - p.x], [-dy, p.y - r.top], [dy, r.bottom - p.y]];
    for (var i = 0; i < 4; i++) {
      var pe = edges[i][0], qe = edges[i][1];
      if (pe === 0) { if (qe < 0) return false; continue; }
      var t = qe / pe;
      if (pe < 0) { if (t > t1) return false; if (t > t0) t0 = t; }
      else { if (t < t0) return false; if (t < t1) t1 = t; }
    }
    return true;
  }
  function screen(svgEl, x, y) {
    var m = svgEl.getScreenCTM();
    return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
  }
  // Every stroked shape as screen-space segments.
  function strokes(svg) {
    var out = [];
    svg.querySelectorAll('line').forEach(function (line) {
      var p = screen(line, line.x1.baseVal.value, line.y1.baseVal.value);
      var q = screen(line, line.x2.baseVal.value, line.y2.baseVal.value);
      out.push({ el: line, owner: owner(line), segments: [[p, q]] });
    });
    svg.querySelectorAll('path').forEach(function (path) {
      var length = path.getTotalLength();
      var segments = [];
      var steps = Math.max(2, Math.min(400, Math.ceil(length / 2)));
      var previous = null;
      for (var i = 0; i <= steps; i++) {
        var point = path.getPointAtLength(length * i / steps);
        var s = screen(path, point.x, point.y);
        if (previous && Math.hypot(s.x - previous.x, s.y - previous.y) < 6) segments.push([previous, s]);
        previous = s;
      }
      out.push({ el: path, owner: owner(path), segments: segments });
    });
    return out;
  }
  var result = { sections: {}, problems: [], pictures: 0, texts: 0, boxes: 0 };
  var articles = document.querySelectorAll('article.scenario');
  articles.forEach(function (article, index) {
    var found = [];
    article.querySelectorAll('section').forEach(function (section) { found.push(section.className); });
    result.sections[index] = found;
    if (article.scrollWidth > article.clientWidth + 1)
      result.problems.push('article ' + (index + 1) + ' overflows horizontally (' + article.scrollWidth + ' > ' + article.clientWidth + ')');
  });
  document.querySelectorAll('a[href^="#"]').forEach(function (a) {
    var target = document.getElementById(a.getAttribute('href').slice(1));
    if (!target) result.problems.push('link ' + a.getAttribute('href') + ' leads nowhere');
  });
  document.querySelectorAll('svg').forEach(function (svg, index) {
    result.pictures += 1;
    var name = 'picture ' + (index + 1) + ' (' + ((svg.querySelector('title') || {}).textContent || '').slice(0, 50) + ')';
    var frame = svg.getBoundingClientRect();
    if (frame.width < 50 || frame.height < 50) result.problems.push(name + ' has no size');
    var labels = [];
    svg.querySelectorAll('text').forEach(function (text) {
      result.texts += 1;
      var box = text.getBoundingClientRect();
      if (box.width === 0) return;
      var words = describe(text);
      if (!inside(box, frame, 1)) result.problems.push(name + ': text "' + words + '" leaves the picture');
      if (ownText(text).indexOf('\u2026') >= 0 && !text.classList.contains('verbatim')) result.problems.push(name + ': label "' + words + '" is cut with an ellipsis');
      labels.push({ el: text, box: ink(box), owner: owner(text), words: words, cover: null });
    });
    // A line painted before an opaque shape that covers a label cannot be seen through it.
    svg.querySelectorAll('rect').forEach(function (rect) {
      var fill = rect.getAttribute('fill');
      if (!fill || fill === 'none') return;
      var opacity = parseFloat(rect.getAttribute('fill-opacity') || '1');
      if (opacity < 0.8) return;
      var box = rect.getBoundingClientRect();
      labels.forEach(function (label) {
        if (!inside(label.box, box, 0.5)) return;
        if (!(rect.compareDocumentPosition(label.el) & Node.DOCUMENT_POSITION_FOLLOWING)) return;
        label.cover = rect;  // document order: the last such rect wins
      });
    });
    for (var i = 0; i < labels.length; i++)
      for (var j = i + 1; j < labels.length; j++)
        if (meets(labels[i].box, labels[j].box))
          result.problems.push(name + ': labels "' + labels[i].words + '" and "' + labels[j].words + '" overlap');
    strokes(svg).forEach(function (shape) {
      labels.forEach(function (label) {
        if (shape.owner && shape.owner === label.owner) return;
        if (label.cover && (label.cover.compareDocumentPosition(shape.el) & Node.DOCUMENT_POSITION_PRECEDING)) return;
        for (var k = 0; k < shape.segments.length; k++) {
          if (segmentMeetsRect(shape.segments[k][0], shape.segments[k][1], label.box)) {
            var what = shape.el.tagName + ((shape.el.querySelector('title') || {}).textContent ? ' "' + shape.el.querySelector('title').textContent.slice(0, 40) + '"' : '');
            result.problems.push(name + ': label "' + label.words + '" is crossed by a ' + what);
            return;
          }
        }
      });
    });
    svg.querySelectorAll('g.box').forEach(function (group) {
      var rect = group.querySelector('rect');
      var text = group.querySelector('text');
      if (!rect || !text) return;
      result.boxes += 1;
      if (!inside(text.getBoundingClientRect(), rect.getBoundingClientRect(), 1))
        result.problems.push(name + ': label "' + describe(text) + '" leaves its box');
    });
  });
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    result.problems.push('the page is wider than the window');
  var fetched = performance.getEntriesByType('resource').map(function (e) { return e.name; });
  if (fetched.length) result.problems.push('the page fetched: ' + fetched.join(', '));
  var seen = {};
  result.problems = result.problems.filter(function (p) { if (seen[p]) return false; seen[p] = true; return true; });
  result.errors = window.__errors;
  result.height = Math.ceil(document.documentElement.scrollHeight);
  var out = document.createElement('pre');
  out.id = 'wristsim-check';
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
})();
</script>"""


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, args, timeout=120):
    base = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--disable-extensions", "--mute-audio", "--enable-logging=stderr", "--v=0"]
    return subprocess.run(base + args, capture_output=True, text=True, timeout=timeout)


def expected_sections(path):
    """The sections a scenario's features call for (beyond the summary)."""
    with open(path, encoding="utf-8") as handle:
        scenario = json.load(handle)
    expected = {"summary"}
    if any(step.get("do") == "tap" for step in scenario.get("script", [])):
        expected |= {"swimlanes", "latency"}
    for key in ("complication", "reminders"):
        if key in scenario:
            expected.add(key)
    return expected


def inline_svgs(html):
    return re.findall(r"<svg .*?</svg>", html, flags=re.S)


# Stress cases: generated scenarios that push each picture past the shipped ones.
def stress_cases(folder):
    """Writes the stress scenarios into `folder`; returns [(name, [files], extra report args)]."""
    os.makedirs(folder, exist_ok=True)
    cases = []

    def write(name, scenario):
        path = os.path.join(folder, name + ".json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(scenario, handle, indent=1)
        return path

    # A 32-message trip: 32 check-offs a few seconds apart over a slow link, out of range midway.
    items = [{"id": "item-%02d" % n, "title": "Item %d" % n} for n in range(1, 33)]
    script = [{"at": "+10s", "do": "raiseWrist"}]
    for n, item in enumerate(items):
        script.append({"after": "3s" if n else "5s", "do": "tap", "item": item["id"]})
    cases.append(("stress-32-message-trip", [write("stress-32-message-trip", {
        "format": 1, "name": "Stress: a 32-message trip", "seed": 3, "start": "2026-11-21T10:00:00+01:00",
        "watch": "series3-38mm", "items": items,
        "link": {"latency": {"exponential": {"mean": "800ms", "floor": "100ms"}},
                 "unreachable": [{"from": "+40s", "to": "+70s"}]},
        "script": script})], []))
    # A 17-hour day with a 5-minute trip and a complication on every family.
    day_items = [{"id": "d%d" % n, "title": "Thing %d" % n} for n in range(1, 8)]
    day_script = [{"at": "+9h", "do": "raiseWrist"}]
    for n, item in enumerate(day_items):
        day_script.append({"after": "40s", "do": "tap", "item": item["id"]})
    cases.append(("stress-17-hour-day", [write("stress-17-hour-day", {
        "format": 1, "name": "Stress: a 17-hour day with a 5-minute trip", "seed": 5,
        "start": "2026-11-21T06:00:00+01:00", "end": "2026-11-21T23:00:00+01:00", "items": day_items,
        "complication": {"families": ["circular", "corner", "rectangular", "inline"], "content": "nextDue",
                         "budget": {"rules": "clockKit", "dailyReloads": 50, "firstReset": "midnight"},
                         "backgroundRefresh": {"every": "30m", "from": "+10m"}},
        "script": day_script})], []))
    # Two weeks of reminders: 30 items due over 14 days.
    due = [{"id": "r%02d" % n, "title": "Errand %d" % n, "due": "+%dh" % (8 + n * 11)} for n in range(30)]
    cases.append(("stress-two-weeks-of-reminders", [write("stress-two-weeks-of-reminders", {
        "format": 1, "name": "Stress: two weeks of reminders", "seed": 11, "start": "2026-11-23T07:00:00Z",
        "end": "2026-12-07T07:00:00Z", "items": due,
        "reminders": {"scheduler": "windowed", "window": 20, "launchAt": "+0s"},
        "script": [{"at": "+3d", "do": "tap", "item": "r03"}]})], []))
    # Three watches: the burst on the scenario's watch and two more.
    cases.append(("stress-three-watches", [os.path.join(ROOT, "Scenarios", "latency-burst.json")],
                  ["--watch", "series0-38mm", "--watch", "series4-40mm", "--watch", "ultra3-49mm"]))
    return cases


def check_page(binary, html, name, out, extra_svgs=()):
    """Loads `html` (and extra standalone pictures) with the checking script; returns its result."""
    checked = os.path.join(out, name + ".check.html")
    standalone = "".join('\n<div class="standalone">%s</div>' % re.sub(r"^<\?xml[^>]*>\s*", "", svg)
                         for svg in extra_svgs)
    with open(checked, "w", encoding="utf-8") as handle:
        handle.write(html.replace("<head>", "<head>\n" + CHECK_HEAD, 1)
                     .replace("</body>", standalone + CHECK_TAIL + "\n</body>", 1))
    dump = chromium(binary, ["--window-size=1200,900", "--virtual-time-budget=10000", "--dump-dom",
                             "file://" + checked], timeout=300)
    match = re.search(r'<pre id="wristsim-check">(.*?)</pre>', dump.stdout, flags=re.S)
    if not match:
        return {"sections": {}, "problems": ["the checking script left no result (Chromium exit %d): %s"
                                             % (dump.returncode, dump.stderr.strip()[-400:])],
                "errors": [], "height": 2000}, dump
    result = json.loads(match.group(1).replace("&lt;", "<").replace("&gt;", ">")
                        .replace("&quot;", '"').replace("&amp;", "&"))
    return result, dump


def screenshot(binary, page, png, width, height):
    shot = chromium(binary, ["--window-size=%d,%d" % (width, height), "--screenshot=" + png, "file://" + page])
    return os.path.exists(png) and os.path.getsize(png) >= 1000, shot


def check_fixture(binary, out):
    """The known-bad picture must fail the check: proof that the check can fail."""
    failures = 0
    folder = os.path.join(ROOT, "Tests", "Layout")
    for fixture in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if not fixture.endswith(".svg"):
            continue
        with open(os.path.join(folder, fixture), encoding="utf-8") as handle:
            svg = handle.read()
        page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body></body></html>"
        result, _ = check_page(binary, page, "fixture-" + fixture, out, [svg])
        expected = [line.strip() for line in open(os.path.join(folder, fixture[:-4] + ".expected"), encoding="utf-8")
                    if line.strip() and not line.startswith("#")] \
            if os.path.exists(os.path.join(folder, fixture[:-4] + ".expected")) else []
        problems = result.get("problems", [])
        missing = [kind for kind in expected if not any(kind in problem for problem in problems)]
        if not problems or missing:
            failures += 1
            print("FAIL  known-bad %s: the check did not find %s" % (fixture, ", ".join(missing) or "any problem"))
        else:
            print("ok    known-bad %-40s fails as it should (%d problems, e.g. %s)" % (fixture, len(problems), problems[0][:90]))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wristsim", default=os.path.join(ROOT, ".build", "debug", "wristsim"))
    parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "wristsim-report-check"))
    parser.add_argument("--only", nargs="*", default=[], help="check only these case names")
    parser.add_argument("--images", action="store_true", help="write the screenshots of docs/images")
    options = parser.parse_args()

    binary = find_chromium()
    if binary is None:
        print("skipped: chromium is not installed (apt-get install -y chromium)")
        return 2
    os.makedirs(options.out, exist_ok=True)
    scenarios = sorted(
        os.path.join("Scenarios", name) for name in os.listdir(os.path.join(ROOT, "Scenarios"))
        if name.endswith(".json") and not name.endswith(".schema.json"))
    cases = [(os.path.splitext(os.path.basename(s))[0], [s], []) for s in scenarios]
    # The docs' scenarios a new user copies first (README, docs/reminders.md).
    for folder in ("first", "reminders"):
        examples = os.path.join("docs", "examples", folder)
        cases += [("docs-%s-%s" % (folder, os.path.splitext(name)[0]), [os.path.join(examples, name)], [])
                  for name in sorted(os.listdir(os.path.join(ROOT, examples))) if name.endswith(".json")]
    cases += stress_cases(os.path.join(options.out, "stress"))
    if options.only:
        cases = [case for case in cases if case[0] in options.only]
    failures = 0 if options.only else check_fixture(binary, options.out)
    for name, files, extra in cases:
        problems = []
        page = os.path.join(options.out, name + ".html")
        again = os.path.join(options.out, name + ".again.html")
        for target in (page, again):
            run = subprocess.run([options.wristsim, "report"] + files + extra + ["-o", target], cwd=ROOT,
                                 capture_output=True, text=True)
            if run.returncode not in (0, 1):
                problems.append("wristsim report exited %d: %s" % (run.returncode, run.stderr.strip()))
        if problems:
            print("FAIL  %s\n  %s" % (name, "\n  ".join(problems)))
            failures += 1
            continue
        with open(page, encoding="utf-8") as handle:
            html = handle.read()
        with open(again, encoding="utf-8") as handle:
            if handle.read() != html:
                problems.append("the report is not byte-identical on rerun")
        # Valid XML: the inline pictures and the standalone ones.
        svgs = inline_svgs(html)
        standalone = []
        for command, args in (("latency", ["--compare"] + extra), ("timeline", []), ("run", []), ("reminders", [])):
            path = os.path.join(options.out, "%s.%s.svg" % (name, command))
            if os.path.exists(path):
                os.remove(path)
            run = subprocess.run([options.wristsim, command, files[0]] + args + ["--svg", path], cwd=ROOT,
                                 capture_output=True, text=True)
            if run.returncode in (0, 1) and os.path.exists(path):
                with open(path, encoding="utf-8") as handle:
                    standalone.append((command, handle.read()))
        for index, svg in enumerate(svgs):
            try:
                ET.fromstring(svg)
            except ET.ParseError as error:
                problems.append("inline picture %d is not valid XML: %s" % (index + 1, error))
        for command, svg in standalone:
            try:
                ET.fromstring(svg.encode("utf-8"))
            except ET.ParseError as error:
                problems.append("%s --svg is not valid XML: %s" % (command, error))
        # The page (and the standalone pictures) in the browser.
        result, dump = check_page(binary, html, name, options.out, [svg for _, svg in standalone])
        problems += result.get("problems", [])
        problems += ["page error: " + error for error in result.get("errors", [])]
        for line in dump.stderr.splitlines():
            if ":CONSOLE" in line or "Uncaught" in line:
                problems.append("console: " + line.strip())
        if len(files) == 1 and files[0].endswith(".json"):
            found = set(result.get("sections", {}).get("0", []))
            expected = expected_sections(files[0] if os.path.isabs(files[0]) else os.path.join(ROOT, files[0]))
            if expected - found:
                problems.append("missing sections: " + ", ".join(sorted(expected - found)))
            extra_sections = found - expected - {"link"}
            if extra_sections:
                problems.append("sections the scenario does not have: " + ", ".join(sorted(extra_sections)))
        # The screenshot of the whole page (of the report itself, without the checking script).
        png = os.path.join(options.out, name + ".png")
        height = max(600, min(20000, int(result.get("height", 2000))))
        shot_ok, shot = screenshot(binary, page, png, 1200, height)
        if not shot_ok:
            problems.append("no screenshot (Chromium exit %d)" % shot.returncode)
        if problems:
            failures += 1
            print("FAIL  %s (%d problems)\n  %s" % (name, len(problems), "\n  ".join(problems[:40])))
        else:
            print("ok    %-48s %s · %d pictures, %d texts, %d boxed labels" % (
                name, ", ".join(result["sections"].get("0", [])), result.get("pictures", 0), result.get("texts", 0),
                result.get("boxes", 0)))
    if options.images:
        failures += take_images(binary, options)
    print("%d case(s), %d failed" % (len(cases), failures))
    return 1 if failures else 0


# The README's pictures: the index and one picture of each kind, as the report shows them.
IMAGES = [
    ("report-index.png", ["Scenarios/weekly-shop.json", "Scenarios/latency-trip-slowest-naive.json",
                          "Scenarios/phone-app-killed-mid-trip.json", "Scenarios/complication-saturday-shop.json",
                          "Scenarios/reminders-weekday.json"], None),
    ("picture-swimlanes.png", ["Scenarios/latency-trip-slowest-naive.json"], "swimlanes"),
    ("picture-latency.png", ["Scenarios/latency-trip-slowest-naive.json"], "latency"),
    ("picture-link.png", ["Scenarios/phone-app-killed-mid-trip.json"], "link"),
    ("picture-complication.png", ["Scenarios/complication-saturday-shop.json"], "complication"),
    ("picture-reminders.png", ["Scenarios/reminders-weekday.json"], "reminders"),
]


def take_images(binary, options):
    failures = 0
    folder = os.path.join(ROOT, "docs", "images")
    os.makedirs(folder, exist_ok=True)
    for image, files, section in IMAGES:
        page = os.path.join(options.out, "image-" + image + ".html")
        subprocess.run([options.wristsim, "report"] + files + ["-o", page], cwd=ROOT, capture_output=True, text=True)
        with open(page, encoding="utf-8") as handle:
            html = handle.read()
        if section is None:
            cut = html.index("<main>")
            html = html[:cut] + "</body></html>"
            height = 520
        else:
            svg = re.search(r'<section class="%s"[^>]*>.*?(<svg .*?</svg>)' % section, html, flags=re.S).group(1)
            size = re.search(r'width="([0-9.]+)" height="([0-9.]+)"', svg)
            html = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body{margin:0}</style></head><body>"
                    + svg + "</body></html>")
            height = int(float(size.group(2))) + 1
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(html)
        png = os.path.join(folder, image)
        ok, _ = screenshot(binary, page, png, 1080 if section else 1200, height)
        print(("ok    " if ok else "FAIL  ") + "docs/images/" + image)
        failures += 0 if ok else 1
    return failures


if __name__ == "__main__":
    sys.exit(main())
