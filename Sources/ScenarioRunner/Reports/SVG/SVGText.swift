import SimulationKernel

/// Text measurement without a font engine: a conservative width estimate per character, so
/// labels are fitted (or cut with "…") before they are written and never run out of their box.
package enum SVGText {
    /// The font stack of every picture (the first installed one renders).
    package static let fontFamily = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

    /// Estimated width in pixels of `text` at `size` px in ``fontFamily``. Errs on the wide
    /// side (the widths are DejaVu Sans's, the widest of the stack).
    ///
    /// - Complexity: O(*n*).
    package static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        var em = 0.0
        for character in text { em += advance(character) }
        return em * size * (bold ? 1.1 : 1.0)
    }

    /// `text` if it fits in `width` pixels, else `nil`: a picture never cuts a label short; a
    /// label that does not fit moves beside its shape, to a legend, or to the tooltip.
    ///
    /// - Complexity: O(*n*).
    package static func fitted(_ text: String, width: Double, size: Double, bold: Bool = false) -> String? {
        guard width > 0, self.width(text, size: size, bold: bold) <= width else { return nil }
        return text
    }

    /// `text` broken into lines no wider than `width` pixels, at `separator`s where it can
    /// (else at spaces); a word wider than the line stands alone on its line.
    ///
    /// - Complexity: O(*n*).
    package static func wrapped(
        _ text: String, width: Double, size: Double, bold: Bool = false, separator: String = " · "
    ) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in pieces(text, separator: separator) {
            let candidate = line.isEmpty ? part.text : line + part.glue + part.text
            if line.isEmpty || self.width(candidate, size: size, bold: bold) <= width {
                line = candidate
            } else {
                lines.append(line)
                line = part.text
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The pieces of `text` between separators (then spaces), each with the glue before it.
    private static func pieces(_ text: String, separator: String) -> [(glue: String, text: String)] {
        var result: [(glue: String, text: String)] = []
        for (index, chunk) in text.split(separator: separator, omittingEmptySubsequences: false).enumerated() {
            for (wordIndex, word) in chunk.split(separator: " ", omittingEmptySubsequences: true).enumerated() {
                result.append((wordIndex == 0 ? (index == 0 ? "" : separator) : " ", String(word)))
            }
        }
        return result
    }

    /// One character's advance in em (DejaVu Sans metrics, rounded up).
    static func advance(_ character: Character) -> Double {
        switch character {
        case "i", "j", "l", "'", "|", "!", ".", ",", ":", ";": return 0.32
        case " ", "f", "t", "r", "I", "(", ")", "[", "]", "{", "}", "/", "\\", "-": return 0.42
        case "m", "w", "M", "W", "%", "@", "…", "—", "–": return 1.0
        case "→", "←", "↔", "×", "≥", "≤": return 0.86
        case "A"..."Z", "#", "&", "~", "=", "+", "<", ">": return 0.74
        case "0"..."9", "a"..."z", "$", "?", "_", "*", "\"", "^": return 0.64
        default: return 0.78
        }
    }
}

/// Coordinates as text: one decimal, no trailing `.0`, no locale, no exponent.
package enum SVGNumber {
    /// `12.25 → "12.3"` (half away from zero), `-0.04 → "0"`, `3 → "3"`; not-finite values → `"0"`.
    package static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((min(max(value, -1e12), 1e12) * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : TraceValue.decimalText(tenths, scale: 1)
    }
}
