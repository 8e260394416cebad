import SimulationKernel

/// The one SVG writer every WristSim picture uses: shapes and text as escaped elements with
/// coordinates rounded to a tenth of a pixel, so the same picture is the same bytes on every run.
///
/// A canvas collects elements in drawing order and renders them either as a standalone file
/// (`<?xml …?>` first, for `--svg`) or as an element to inline in the HTML report. Hover detail
/// is a `<title>` child (a native tooltip: no script needed).
package struct SVGCanvas: Sendable {
    /// The picture's width in pixels.
    package let width: Double
    /// The picture's height in pixels (pictures grow it as they lay out).
    package var height: Double
    /// The accessible title (`<title>` of the document).
    package var title: String
    /// The elements drawn so far, in order.
    package private(set) var elements: [String] = []

    /// A canvas of `width` × `height` pixels titled `title`.
    package init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    // MARK: Shapes

    /// A rectangle; `tooltip` becomes its `<title>`.
    package mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil,
        extra: String = "", tooltip: String? = nil
    ) {
        var element =
            "<rect x=\"\(SVGNumber.text(x))\" y=\"\(SVGNumber.text(y))\" width=\"\(SVGNumber.text(max(0, width)))\" "
            + "height=\"\(SVGNumber.text(max(0, height)))\" fill=\"\(fill)\""
        if let stroke { element += " stroke=\"\(stroke)\"" }
        if !extra.isEmpty { element += " " + extra }
        elements.append(close(element, name: "rect", tooltip: tooltip))
    }

    /// A straight line.
    package mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1,
        dash: String? = nil, tooltip: String? = nil
    ) {
        var element =
            "<line x1=\"\(SVGNumber.text(x1))\" y1=\"\(SVGNumber.text(y1))\" x2=\"\(SVGNumber.text(x2))\" "
            + "y2=\"\(SVGNumber.text(y2))\" stroke=\"\(stroke)\""
        if width != 1 { element += " stroke-width=\"\(SVGNumber.text(width))\"" }
        if let dash { element += " stroke-dasharray=\"\(dash)\"" }
        elements.append(close(element, name: "line", tooltip: tooltip))
    }

    /// Path data through `points`: `M` to the first, then `L` to each next one.
    package static func pathData(_ points: [(x: Double, y: Double)]) -> String {
        points.enumerated().map { "\($0 == 0 ? "M" : "L")\(SVGNumber.text($1.x)) \(SVGNumber.text($1.y))" }
            .joined(separator: " ")
    }

    /// A path with raw path data `d` (built with ``SVGNumber/text(_:)`` coordinates).
    package mutating func path(
        _ d: String, stroke: String, width: Double = 1, fill: String = "none", dash: String? = nil,
        tooltip: String? = nil
    ) {
        var element = "<path d=\"\(d)\" stroke=\"\(stroke)\" fill=\"\(fill)\""
        if width != 1 { element += " stroke-width=\"\(SVGNumber.text(width))\"" }
        if let dash { element += " stroke-dasharray=\"\(dash)\"" }
        elements.append(close(element, name: "path", tooltip: tooltip))
    }

    /// A marker glyph (see ``SVGGlyph``) centred at (`x`, `y`).
    package mutating func glyph(_ glyph: SVGGlyph, x: Double, y: Double, tooltip: String? = nil) {
        switch glyph.shape {
        case .cross(let size):
            let h = size / 2
            path(
                SVGCanvas.pathData([(x - h, y - h), (x + h, y + h)]) + " "
                    + SVGCanvas.pathData([(x - h, y + h), (x + h, y - h)]), stroke: glyph.color, width: 1.8,
                tooltip: tooltip)
        case .tick(let length):
            line(x, y - length / 2, x, y + length / 2, stroke: glyph.color, width: 2, tooltip: tooltip)
        case .dot(let radius):
            let circle =
                "<circle cx=\"\(SVGNumber.text(x))\" cy=\"\(SVGNumber.text(y))\" r=\"\(SVGNumber.text(radius))\" "
                + "fill=\"\(glyph.color)\""
            elements.append(close(circle, name: "circle", tooltip: tooltip))
        case .triangle(let size), .diamond(let size):
            let h = size / 2
            let points =
                if case .triangle = glyph.shape { [(x, y - h), (x + h, y + h), (x - h, y + h)] } else {
                    [(x, y - h), (x + h, y), (x, y + h), (x - h, y)]
                }
            path(SVGCanvas.pathData(points) + " Z", stroke: glyph.color, fill: glyph.color, tooltip: tooltip)
        case .swatch(let dash):
            rect(
                x: x - 6, y: y - 5, width: 12, height: 10, fill: glyph.color,
                stroke: glyph.outline,
                extra: dash.map { "stroke-dasharray=\"\($0)\"" } ?? "", tooltip: tooltip)
        }
    }

    // MARK: Text

    /// A text label at (`x`, baseline `y`), escaped.
    package mutating func text(
        _ string: String, x: Double, y: Double, size: Double = 11, anchor: SVGAnchor = .start,
        bold: Bool = false, fill: String = "#212529", tooltip: String? = nil, cssClass: String? = nil
    ) {
        var element = "<text x=\"\(SVGNumber.text(x))\" y=\"\(SVGNumber.text(y))\""
        if let cssClass { element += " class=\"\(cssClass)\"" }
        if size != 11 { element += " font-size=\"\(SVGNumber.text(size))\"" }
        if anchor != .start { element += " text-anchor=\"\(anchor.rawValue)\"" }
        if bold { element += " font-weight=\"bold\"" }
        if fill != "#212529" { element += " fill=\"\(fill)\"" }
        element += ">" + XMLText.escaped(string)
        if let tooltip { element += "<title>" + XMLText.escaped(tooltip) + "</title>" }
        elements.append(element + "</text>")
    }

    /// A text label on a white ground (the grid and shading under it stay behind it).
    package mutating func groundedText(
        _ string: String, x: Double, y: Double, size: Double = 11, anchor: SVGAnchor = .start, fill: String = "#212529"
    ) {
        let textWidth = SVGText.width(string, size: size)
        let start: Double
        switch anchor {
        case .start: start = x
        case .middle: start = x - textWidth / 2
        case .end: start = x - textWidth
        }
        ground(x: start, width: textWidth, y: y - size * 0.95, height: size * 1.25, pad: 1.5)
        text(string, x: x, y: y, size: size, anchor: anchor, fill: fill)
    }

    /// A white ground behind a label spanning `x`…`x + width`, `pad` wider on each side, so the
    /// grid and shading under the label stay behind it.
    package mutating func ground(
        x: Double, width: Double, y: Double, height: Double, pad: Double = 2, opacity: String = "0.9"
    ) {
        rect(
            x: x - pad, y: y, width: width + 2 * pad, height: height, fill: "#ffffff",
            extra: "fill-opacity=\"\(opacity)\"")
    }

    /// A labelled box: the rectangle, and inside it `label` when the whole text fits (else no
    /// label: never a label cut short); the full `tooltip` either way. The pair is one
    /// `<g class="box">` so the browser check can test that the label stays inside its box.
    /// Returns whether the label was drawn.
    ///
    /// - Parameter verbatim: the label is text the simulated device showed (a complication's
    ///   "3 l…"), written as it was, ellipsis included.
    @discardableResult
    package mutating func box(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil,
        extra: String = "", label: String, labelColor: String = "#0b2540", size: Double = 11, tooltip: String,
        verbatim: Bool = false
    ) -> Bool {
        elements.append("<g class=\"box\">")
        rect(x: x, y: y, width: width, height: height, fill: fill, stroke: stroke, extra: extra, tooltip: tooltip)
        var drawn = false
        if let fitted = SVGText.fitted(label, width: width - 6, size: size), height >= size + 2 {
            text(
                fitted, x: x + 3, y: y + height / 2 + size * 0.35, size: size, fill: labelColor, tooltip: tooltip,
                cssClass: verbatim ? "verbatim" : nil)
            drawn = true
        }
        elements.append("</g>")
        return drawn
    }

    /// `string` wrapped to lines no wider than `maxWidth` from baseline `y`, `lineHeight` apart;
    /// returns the baseline of the last line.
    @discardableResult
    package mutating func wrappedText(
        _ string: String, x: Double, y: Double, maxWidth: Double, size: Double = 11, bold: Bool = false,
        fill: String = "#212529", lineHeight: Double? = nil
    ) -> Double {
        var baseline = y
        for (index, line) in SVGText.wrapped(string, width: maxWidth, size: size, bold: bold).enumerated() {
            if index > 0 { baseline += lineHeight ?? size * 1.35 }
            text(line, x: x, y: baseline, size: size, bold: bold, fill: fill)
        }
        return baseline
    }

    /// Opens a group that ties the shapes drawn until ``endMark()`` to their labels (the layout
    /// check lets a mark's own line cross its own label).
    package mutating func beginMark() { elements.append("<g class=\"mark\">") }

    /// Closes the group ``beginMark()`` opened.
    package mutating func endMark() { elements.append("</g>") }

    /// Draws a legend row by row from `left`, wrapping before `right`; returns the height used.
    @discardableResult
    package mutating func legend(_ items: [(glyph: SVGGlyph, label: String)], left: Double, top: Double, right: Double)
        -> Double
    {
        var x = left
        var y = top + 10
        for item in items {
            let itemWidth = 18 + SVGText.width(item.label, size: 11) + 18
            if x + itemWidth > right, x > left {
                x = left
                y += 18
            }
            glyph(item.glyph, x: x + 6, y: y - 4)
            text(item.label, x: x + 16, y: y)
            x += itemWidth
        }
        return y - top + 8
    }

    // MARK: Output

    /// The picture as an `<svg>` element (for inlining into HTML).
    package var element: String {
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGNumber.text(width))\" "
                + "height=\"\(SVGNumber.text(height))\" viewBox=\"0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))\" "
                + "font-family=\"\(SVGText.fontFamily)\" font-size=\"11\" role=\"img\">",
            "<title>" + XMLText.escaped(title) + "</title>",
            "<rect x=\"0\" y=\"0\" width=\"\(SVGNumber.text(width))\" height=\"\(SVGNumber.text(height))\" fill=\"#ffffff\"/>",
        ]
        lines += elements
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    /// The picture as a standalone SVG file (XML declaration first, newline last).
    package var document: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element + "\n"
    }

    private func close(_ element: String, name: String, tooltip: String?) -> String {
        guard let tooltip else { return element + "/>" }
        return element + "><title>" + XMLText.escaped(tooltip) + "</title></" + name + ">"
    }
}

/// Where a text's `x` is: its start, middle or end.
package enum SVGAnchor: String, Sendable {
    case start, middle, end
}

/// A small marker used in a picture and, drawn by the same code, in its legend.
package struct SVGGlyph: Sendable {
    package enum Shape: Sendable {
        case cross(size: Double)
        case tick(length: Double)
        case dot(radius: Double)
        case triangle(size: Double)
        case diamond(size: Double)
        /// A 12 × 10 legend swatch for a filled area, optionally dashed.
        case swatch(dash: String?)
    }

    package var shape: Shape
    package var color: String
    /// The swatch's outline colour.
    package var outline: String?

    package init(_ shape: Shape, color: String, outline: String? = nil) {
        self.shape = shape
        self.color = color
        self.outline = outline
    }
}

/// A picture drawn on an ``SVGCanvas``: written alone (``document``, for `--svg`) or inlined in
/// the HTML report (``element``).
package protocol SVGPicture: Sendable {
    /// The picture, drawn.
    var canvas: SVGCanvas { get }
}

extension SVGPicture {
    /// The picture as a standalone SVG file.
    package var document: String { canvas.document }
    /// The picture as an `<svg>` element.
    package var element: String { canvas.element }
}
