import SimulationKernel

/// A horizontal axis over simulated time, labelled in the scenario's local clock: ticks at
/// round local times (1 ms … 1 day apart, as many as fit), the date under the first tick and
/// under every tick that starts a new day.
package struct SVGTimeAxis: Sendable {
    /// The first and last instant shown.
    package let start: SimTime
    package let end: SimTime
    /// The scenario's start date (instant `.zero`), for local-clock labels.
    package let origin: EpochTime
    /// The pixel interval.
    package let left: Double
    package let right: Double

    package init(start: SimTime, end: SimTime, origin: EpochTime, left: Double, right: Double) {
        self.start = start
        self.end = end > start ? end : start + .seconds(1)
        self.origin = origin
        self.left = left
        self.right = right
    }

    /// The x position of `time` (clamped to the axis).
    package func x(_ time: SimTime) -> Double {
        let span = Double((end - start).nanoseconds)
        let fraction = Double((time - start).nanoseconds) / span
        return left + min(1, max(0, fraction)) * (right - left)
    }

    /// Candidate tick steps in nanoseconds.
    static let steps: [Int64] = [
        1, 2, 5, 10, 20, 50, 100, 200, 500,
        1_000, 2_000, 5_000, 10_000, 15_000, 30_000,
        60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000,
        3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
    ].map { $0 * 1_000_000 }

    /// The tick step: the smallest candidate leaving at least `spacing` pixels between ticks.
    package func step(spacing: Double = 90) -> Int64 {
        let span = Double((end - start).nanoseconds)
        let pixels = max(1, right - left)
        for step in SVGTimeAxis.steps where Double(step) / span * pixels >= spacing { return step }
        let days = Int64((span / pixels * spacing / 86_400e9).rounded(.up))
        return max(1, days) * 86_400_000_000_000
    }

    /// The ticks: time, clock label and, where a new day starts (or at the first tick), the date.
    ///
    /// - Complexity: O(ticks), at most 400.
    package func ticks(spacing: Double = 90) -> [(time: SimTime, label: String, date: String?)] {
        let step = step(spacing: spacing)
        // Local nanoseconds into the day at `start`, from the date's seconds modulo a day, so
        // far-future dates cannot overflow.
        let localSeconds = origin.secondsSinceEpoch % 86_400 + Int64(origin.utcOffsetSeconds) + 2 * 86_400
        let secondOfDay = localSeconds % 86_400
        let dayNanos: Int64 = 86_400_000_000_000
        let intoDay =
            ((secondOfDay * 1_000_000_000 % dayNanos) + start.nanoseconds % dayNanos + dayNanos) % dayNanos
        let phase = intoDay % min(step, dayNanos)
        var tick = start + SimDuration(nanoseconds: phase == 0 ? 0 : min(step, dayNanos) - phase)
        var result: [(SimTime, String, String?)] = []
        var lastDate = ""
        while tick <= end, result.count < 400 {
            let local = origin.adding(tick.offset)
            let date = local.dateText
            result.append((tick, label(tick, step: step), date != lastDate ? SVGTimeAxis.dayLabel(local) : nil))
            lastDate = date
            let next = tick + SimDuration(nanoseconds: step)
            if next <= tick { break }
            tick = next
        }
        return result
    }

    /// Draws the axis line at `y` with ticks, labels, dates and optional grid lines from `gridTop`.
    package func draw(on canvas: inout SVGCanvas, y: Double, gridTop: Double? = nil, spacing: Double = 90) {
        canvas.line(left, y, right, y, stroke: "#495057")
        let daily = step(spacing: spacing) >= 86_400_000_000_000
        // Each label row's right end so far: a label that would touch the one before is left out
        // (its tick stays), so labels pushed in from the picture's edge never collide.
        var ends = (clock: -Double.infinity, date: -Double.infinity)
        for tick in ticks(spacing: spacing) {
            let x = x(tick.time)
            if let gridTop { canvas.line(x, gridTop, x, y, stroke: "#e9ecef") }
            canvas.line(x, y, x, y + 4, stroke: "#495057")
            if daily {
                centred(tick.date ?? tick.label, x: x, y: y + 15, bold: true, after: &ends.clock, on: &canvas)
                continue
            }
            centred(tick.label, x: x, y: y + 15, bold: false, after: &ends.clock, on: &canvas)
            if let date = tick.date { centred(date, x: x, y: y + 28, bold: true, after: &ends.date, on: &canvas) }
        }
    }

    /// A 10 px label centred on `x` but kept inside the canvas, drawn only when it starts after
    /// `after` (the row's right end so far, updated).
    private func centred(
        _ label: String, x: Double, y: Double, bold: Bool, after: inout Double, on canvas: inout SVGCanvas
    ) {
        let width = SVGText.width(label, size: 10, bold: bold)
        let start = min(max(2, x - width / 2), canvas.width - 2 - width)
        guard start > after + 6 else { return }
        after = start + width
        canvas.text(label, x: start, y: y, size: 10, bold: bold, fill: "#343a40")
    }

    /// The clock label of `time` for ticks `step` apart: `"09:30"`, `"09:30:15"` or `"09:30:15.250"`.
    func label(_ time: SimTime, step: Int64) -> String {
        let clock = TraceFormatter(start: origin).text(time)
        if step < 1_000_000_000 { return clock }
        if step < 60_000_000_000 { return String(clock.prefix(8)) }
        return String(clock.prefix(5))
    }

    /// `"Sat 2026-11-21"`.
    package static func dayLabel(_ local: EpochTime) -> String {
        let seconds = local.secondsSinceEpoch + Int64(local.utcOffsetSeconds)
        let days = (seconds - (seconds % 86_400 + 86_400) % 86_400) / 86_400  // rounded down, before 1970 too
        let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        return names[Int((days % 7 + 7) % 7)] + " " + local.dateText
    }
}

/// Durations as axis and marker labels: `"0"`, `"250 µs"`, `"16.7 ms"`, `"1.2 s"`, `"3m40s"`.
package enum SVGDuration {
    /// A short label for a duration given in milliseconds.
    package static func label(milliseconds ms: Double) -> String {
        if ms == 0 { return "0" }
        if ms < 1 { return trimmed(ms * 1_000) + " µs" }
        if ms < 1_000 { return trimmed(ms) + " ms" }
        if ms < 120_000 { return trimmed(ms / 1_000) + " s" }
        // Minutes and more: whole seconds as the simulation writes durations ("3m40s", "2h").
        return SimDuration.seconds(Int64(min(ms / 1_000, 1e15).rounded())).description
    }

    /// Up to three significant digits, no trailing zeros.
    static func trimmed(_ value: Double) -> String {
        let decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2
        let scaled = Int64((value * [1.0, 10, 100][decimals]).rounded())
        var text = TraceValue.decimalText(scaled, scale: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
