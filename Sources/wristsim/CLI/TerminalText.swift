/// Text on its way to a terminal, made safe: a scenario's names, a file name or an argument may
/// hold control characters (an escape sequence that moves the cursor, sets the window title or
/// clears the screen); they are written escaped (`\u{1B}`, `\r`, `\u{7F}`) instead. Newlines and
/// tabs stay, and on standard output so do colour codes (`ESC [ digits ; … m`, what
/// ``TerminalStyle`` writes on a terminal).
enum TerminalText {
    /// `text` with every control character but `\n` (and `\t` and colour codes when
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
            if keepingColours, byte == 0x1B, let end = colourCodeEnd(bytes, from: index) {
                output.append(contentsOf: bytes[index..<end])
                index = end
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

    /// The end of the colour code (`ESC [ [0-9;]* m`) starting at `start`, or `nil`.
    private static func colourCodeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < bytes.count, index - start < 32 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "m") { return index + 1 }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";") else {
                return nil
            }
            index += 1
        }
        return nil
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
