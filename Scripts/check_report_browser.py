#!/usr/bin/env python3
"""Renders `wristsim report` for every shipped scenario in headless Chromium and checks it.

For each scenario (Scenarios/*.json, not the schema) the script
  1. writes the report with the built `wristsim` binary (twice: the bytes must be identical),
  2. parses every inline <svg> (and the standalone --svg pictures) as XML with xml.etree,
  3. loads a copy of the page with a checking script added in headless Chromium and reads the
     results back from the DOM (--dump-dom): every section the scenario's features call for is
     present, every toc link resolves, every picture has a size, no SVG text leaves its picture,
     no label leaves its box (<g class="box">), nothing overflows the page, no resource was
     fetched, no error was raised,
  4. reads Chromium's console log (--enable-logging=stderr) for console errors,
  5. takes a PNG screenshot of the whole page.

Usage: Scripts/check_report_browser.py [--wristsim PATH] [--out DIR] [--keep NAME ...]
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
  function describe(el) {
    return (el.textContent || '').trim().slice(0, 60);
  }
  var result = { sections: {}, problems: [], pictures: 0, texts: 0, boxes: 0 };
  var articles = document.querySelectorAll('article.scenario');
  articles.forEach(function (article, index) {
    var found = [];
    article.querySelectorAll('section').forEach(function (section) { found.push(section.className); });
    result.sections[index] = found;
    article.querySelectorAll('nav.toc a').forEach(function (a) {
      var target = document.getElementById(a.getAttribute('href').slice(1));
      if (!target) result.problems.push('article ' + (index + 1) + ': toc link ' + a.getAttribute('href') + ' leads nowhere');
    });
    if (article.scrollWidth > article.clientWidth + 1)
      result.problems.push('article ' + (index + 1) + ' overflows horizontally (' + article.scrollWidth + ' > ' + article.clientWidth + ')');
  });
  document.querySelectorAll('svg').forEach(function (svg, index) {
    result.pictures += 1;
    var frame = svg.getBoundingClientRect();
    if (frame.width < 50 || frame.height < 50) result.problems.push('picture ' + (index + 1) + ' has no size');
    svg.querySelectorAll('text').forEach(function (text) {
      result.texts += 1;
      var box = text.getBoundingClientRect();
      if (box.width === 0) return;
      if (!inside(box, frame, 1)) result.problems.push('picture ' + (index + 1) + ': text "' + describe(text) + '" leaves the picture');
    });
    svg.querySelectorAll('g.box').forEach(function (group) {
      var rect = group.querySelector('rect');
      var text = group.querySelector('text');
      if (!rect || !text) return;
      result.boxes += 1;
      if (!inside(text.getBoundingClientRect(), rect.getBoundingClientRect(), 1))
        result.problems.push('picture ' + (index + 1) + ': label "' + describe(text) + '" leaves its box');
    });
  });
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    result.problems.push('the page is wider than the window');
  var fetched = performance.getEntriesByType('resource').map(function (e) { return e.name; });
  if (fetched.length) result.problems.push('the page fetched: ' + fetched.join(', '));
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
    for key in ("link", "complication", "reminders"):
        if key in scenario:
            expected.add(key)
    return expected


def inline_svgs(html):
    return re.findall(r"<svg .*?</svg>", html, flags=re.S)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wristsim", default=os.path.join(ROOT, ".build", "debug", "wristsim"))
    parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "wristsim-report-check"))
    parser.add_argument("--keep", nargs="*", default=[], help="scenario names whose screenshots to copy to docs/images")
    options = parser.parse_args()

    binary = find_chromium()
    if binary is None:
        print("skipped: chromium is not installed (apt-get install -y chromium)")
        return 2
    os.makedirs(options.out, exist_ok=True)
    scenarios = sorted(
        os.path.join("Scenarios", name) for name in os.listdir(os.path.join(ROOT, "Scenarios"))
        if name.endswith(".json") and not name.endswith(".schema.json"))
    failures = 0
    for scenario in scenarios:
        name = os.path.splitext(os.path.basename(scenario))[0]
        problems = []
        page = os.path.join(options.out, name + ".html")
        again = os.path.join(options.out, name + ".again.html")
        for target in (page, again):
            run = subprocess.run([options.wristsim, "report", scenario, "-o", target], cwd=ROOT,
                                 capture_output=True, text=True)
            if run.returncode not in (0, 1):
                problems.append("wristsim report exited %d: %s" % (run.returncode, run.stderr.strip()))
        if problems:
            print("FAIL  %s\n  %s" % (scenario, "\n  ".join(problems)))
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
        for command, extra in (("latency", ["--compare"]), ("timeline", []), ("run", []), ("reminders", [])):
            path = os.path.join(options.out, "%s.%s.svg" % (name, command))
            run = subprocess.run([options.wristsim, command, scenario] + extra + ["--svg", path], cwd=ROOT,
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
        # The page in the browser.
        checked = os.path.join(options.out, name + ".check.html")
        with open(checked, "w", encoding="utf-8") as handle:
            handle.write(html.replace("<head>", "<head>\n" + CHECK_HEAD, 1).replace("</body>", CHECK_TAIL + "\n</body>", 1))
        dump = chromium(binary, ["--window-size=1200,900", "--virtual-time-budget=10000", "--dump-dom",
                                 "file://" + checked])
        match = re.search(r'<pre id="wristsim-check">(.*?)</pre>', dump.stdout, flags=re.S)
        if not match:
            problems.append("the checking script left no result (Chromium exit %d): %s"
                            % (dump.returncode, dump.stderr.strip()[-400:]))
            result = {"sections": {}, "problems": [], "errors": [], "height": 2000}
        else:
            result = json.loads(match.group(1).replace("&lt;", "<").replace("&gt;", ">")
                                .replace("&quot;", '"').replace("&amp;", "&"))
        problems += result.get("problems", [])
        problems += ["page error: " + error for error in result.get("errors", [])]
        for line in dump.stderr.splitlines():
            if ":CONSOLE" in line or "Uncaught" in line:
                problems.append("console: " + line.strip())
        found = set(result.get("sections", {}).get("0", []))
        missing = expected_sections(os.path.join(ROOT, scenario)) - found
        if missing:
            problems.append("missing sections: " + ", ".join(sorted(missing)))
        # The screenshot of the whole page (of the report itself, without the checking script).
        png = os.path.join(options.out, name + ".png")
        height = max(600, min(20000, int(result.get("height", 2000))))
        shot = chromium(binary, ["--window-size=1200,%d" % height, "--screenshot=" + png, "file://" + page])
        if not os.path.exists(png) or os.path.getsize(png) < 1000:
            problems.append("no screenshot (Chromium exit %d)" % shot.returncode)
        if problems:
            failures += 1
            print("FAIL  %s\n  %s" % (scenario, "\n  ".join(problems)))
        else:
            print("ok    %-48s %s · %d pictures, %d texts, %d boxed labels · %s" % (
                scenario, ", ".join(result["sections"]["0"]), len(svgs), result.get("texts", 0),
                result.get("boxes", 0), os.path.relpath(png, ROOT) if png.startswith(ROOT) else png))
        if name in options.keep and os.path.exists(png):
            shutil.copyfile(png, os.path.join(ROOT, "docs", "images", "report-" + name + ".png"))
    print("%d scenario(s), %d failed" % (len(scenarios), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
