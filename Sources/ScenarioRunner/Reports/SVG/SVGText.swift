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

    /// `text` if it fits in `width` pixels, else its longest prefix that fits followed by "…",
    /// else `nil` (fewer than three characters and the ellipsis fit).
    ///
    /// - Complexity: O(*n*).
    package static func fitted(_ text: String, width: Double, size: Double, bold: Bool = false) -> String? {
        let scale = size * (bold ? 1.1 : 1.0)
        guard width > 0 else { return nil }
        if self.width(text, size: size, bold: bold) <= width { return text }
        let budget = width / scale - advance("…")
        var used = 0.0
        var prefix = ""
        for character in text {
            let next = advance(character)
            if used + next > budget { break }
            used += next
            prefix.append(character)
        }
        while prefix.last == " " { prefix.removeLast() }
        // A stub of one or two letters says nothing: leave the label to the tooltip.
        return prefix.count < 3 ? nil : prefix + "…"
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
        let clamped = min(max(value, -1e12), 1e12)
        let tenths = Int64((clamped * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
