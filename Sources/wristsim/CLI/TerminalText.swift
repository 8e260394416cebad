import ScenarioRunner

/// Text on its way to a terminal, made safe: a scenario's names, a file name or an argument may
/// hold control characters (an escape sequence that moves the cursor, sets the window title or
/// clears the screen); they are written escaped (`\u{1B}`, `\r`, `\u{7F}`) instead. Newlines and
/// tabs stay, and on standard output so do the tool's own coloured words (exactly the
/// ``TerminalStyle/paintedWords``, what it writes on a terminal); any other escape sequence, a
/// colour code in a scenario's name included, is escaped.
enum TerminalText {
    /// `text` with every control character but `\n` (and `\t` and the tool's coloured words when
    /// `keepingColours`) escaped.
    ///
    /// - Complexity: O(*n*); `text` is returned as is when it has nothing to escape.
    static func sanitized(_ text: String, keepingColours: Bool) -> String {
        // Scanned as contiguous bytes where the text has them (a long output's pieces do).
        let escaped: (UInt8) -> Bool = { needsLook($0) && $0 != 0x0A }
        let found = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: escaped) }
        guard found ?? text.utf8.contains(where: escaped) else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !needsLook(byte) || byte == 0x0A || (keepingColours && byte == 0x09) {
                output.append(byte)
                index += 1
                continue
            }
            if keepingColours, byte == 0x1B, let word = paintedWord(in: bytes, at: index) {
                output.append(contentsOf: word)
                index += word.count
                continue
            }
            output.append(contentsOf: escape(byte))
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` is a C0 control character or DEL.
    private static func needsLook(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    /// The tool's coloured words as bytes.
    private static let paintedWords = TerminalStyle.paintedWords.map { Array($0.utf8) }

    /// The tool's coloured word starting at `start`, or `nil`.
    private static func paintedWord(in bytes: [UInt8], at start: Int) -> [UInt8]? {
        paintedWords.first { word in
            bytes.count - start >= word.count && bytes[start..<start + word.count].elementsEqual(word)
        }
    }

    private static func escape(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x09: return Array("\\t".utf8)
        case 0x0D: return Array("\\r".utf8)
        default:
            let digits = String(byte, radix: 16, uppercase: true)
            return Array("\\u{\(digits.count < 2 ? "0" + digits : digits)}".utf8)
        }
    }
}
