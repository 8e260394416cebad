import CompanionModel
import SimulationKernel

/// Writes latency histograms as SVG, by hand: fixed layout, integer coordinates, escaped text,
/// no dependency on the machine, so the same run writes byte-identical files.
///
/// Each panel is 720 × 260 px: a title, a subtitle, a bar per bin (at least ten bin slots wide)
/// scaled to the panel's largest bin, the count above each non-empty bar, and bin edges under the axis (every other edge when
/// there are more than 8 bins).
public enum LatencyHistogramSVG {
    /// One histogram with its captions.
    public struct Panel: Sendable {
        public var title: String
        public var subtitle: String
        public var histogram: LatencyHistogram

        public init(title: String, subtitle: String, histogram: LatencyHistogram) {
            self.title = title
            self.subtitle = subtitle
            self.histogram = histogram
        }
    }

    static let width = 720
    static let panelHeight = 260
    static let header = 40
    static let plotLeft = 60
    static let plotRight = 700
    static let plotTop = 60
    static let plotBottom = 210

    /// The document: a title, then the panels stacked.
    ///
    /// - Complexity: O(total bins).
    public static func render(panels: [Panel], title: String) -> String {
        let height = header + panelHeight * max(1, panels.count)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
            + " font-family=\"Helvetica, Arial, sans-serif\">\n"
        out += "<title>\(XMLText.escaped(title))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        out +=
            "<text x=\"\(plotLeft)\" y=\"26\" font-size=\"13\" font-weight=\"bold\">\(XMLText.escaped(title))</text>\n"
        for (index, panel) in panels.enumerated() {
            out += render(panel, top: header + index * panelHeight)
        }
        out += "</svg>\n"
        return out
    }

    static func render(_ panel: Panel, top: Int) -> String {
        let counts = panel.histogram.counts
        let peak = max(1, counts.max() ?? 0)
        let plotWidth = plotRight - plotLeft
        let barSlot = plotWidth / max(10, counts.count)
        var out = "<g transform=\"translate(0,\(top))\">\n"
        out +=
            "<text x=\"\(plotLeft)\" y=\"22\" font-size=\"14\" font-weight=\"bold\">\(XMLText.escaped(panel.title))</text>\n"
        out +=
            "<text x=\"\(plotLeft)\" y=\"40\" font-size=\"11\" fill=\"#555555\">\(XMLText.escaped(panel.subtitle))</text>\n"
        out +=
            "<line x1=\"\(plotLeft)\" y1=\"\(plotBottom)\" x2=\"\(plotRight)\" y2=\"\(plotBottom)\" stroke=\"#333333\"/>\n"
        out +=
            "<line x1=\"\(plotLeft)\" y1=\"\(plotTop)\" x2=\"\(plotLeft)\" y2=\"\(plotBottom)\" stroke=\"#333333\"/>\n"
        out += "<text x=\"\(plotLeft - 6)\" y=\"\(plotTop + 4)\" font-size=\"10\" text-anchor=\"end\">\(peak)</text>\n"
        out += "<text x=\"\(plotLeft - 6)\" y=\"\(plotBottom + 4)\" font-size=\"10\" text-anchor=\"end\">0</text>\n"
        let plotHeight = plotBottom - plotTop
        let labelEvery = counts.count > 8 ? 2 : 1
        for (index, bin) in panel.histogram.bins.enumerated() {
            let x = plotLeft + index * barSlot
            let barHeight = bin.count * plotHeight / peak
            if bin.count > 0 {
                out +=
                    "<rect x=\"\(x + 2)\" y=\"\(plotBottom - barHeight)\" width=\"\(max(1, barSlot - 4))\" height=\"\(barHeight)\""
                    + " fill=\"#4a7fb5\"><title>\(XMLText.escaped("\(bin.lower) ≤ t < \(bin.upper): \(bin.count)"))</title></rect>\n"
                out +=
                    "<text x=\"\(x + barSlot / 2)\" y=\"\(plotBottom - barHeight - 4)\" font-size=\"10\" text-anchor=\"middle\">\(bin.count)</text>\n"
            }
            if index % labelEvery == 0 {
                out +=
                    "<text x=\"\(x)\" y=\"\(plotBottom + 16)\" font-size=\"10\" text-anchor=\"middle\">\(XMLText.escaped(bin.lower.description))</text>\n"
            }
        }
        if let last = panel.histogram.bins.last, panel.histogram.bins.count % labelEvery == 0 {
            out +=
                "<text x=\"\(plotLeft + counts.count * barSlot)\" y=\"\(plotBottom + 16)\" font-size=\"10\" text-anchor=\"middle\">"
                + "\(XMLText.escaped(last.upper.description))</text>\n"
        }
        out +=
            "<text x=\"\((plotLeft + plotRight) / 2)\" y=\"\(plotBottom + 34)\" font-size=\"11\" text-anchor=\"middle\">"
            + "tap-to-removal latency (bin width \(XMLText.escaped(panel.histogram.binWidth.description)))</text>\n"
        out += "</g>\n"
        return out
    }

}
