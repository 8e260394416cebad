/// File names as the system has them: any bytes but `/` and NUL, not necessarily UTF-8.
///
/// Swift strings hold only valid Unicode, so a name with bytes that are not UTF-8 (common on
/// old Linux file systems) would otherwise be "repaired" with U+FFFD and then not found. WristSim
/// keeps such a name losslessly inside an ordinary `String`: each byte that is not part of valid
/// UTF-8 becomes one scalar of the last 256 code points of Unicode's private use plane 16
/// (U+10FF00 + byte), and ``systemBytes(_:)`` turns them back into the original bytes when the
/// file is opened. ``display(_:)`` prints them as `\xFF`. (A real name containing those private
/// use characters would be misread; none is expected.)
package enum FileName {
    /// The first of the 256 scalars that stand for raw bytes.
    static let rawByteBase: UInt32 = 0x10_FF00

    /// `bytes` (a C string's contents) as a `String`, keeping bytes that are not UTF-8.
    ///
    /// - Complexity: O(*n*).
    package static func string(fromSystemBytes bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                scalars.append(Unicode.Scalar(rawByteBase + UInt32(bytes[index])) ?? "\u{FFFD}")
                index += 1
            } else {
                scalars.append(
                    contentsOf: String(decoding: bytes[index..<(index + length)], as: UTF8.self).unicodeScalars)
                index += length
            }
        }
        return String(scalars)
    }

    /// The bytes to hand to the system for `name` (the inverse of ``string(fromSystemBytes:)``).
    ///
    /// - Complexity: O(*n*).
    package static func systemBytes(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if scalar.value >= rawByteBase {
                bytes.append(UInt8(scalar.value - rawByteBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `name` for messages: raw bytes as `\xFF`, control characters as `\n`, `\t` or `\u{7F}`,
    /// everything else as is.
    ///
    /// - Complexity: O(*n*).
    package static func display(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\\": text += "\\\\"
            case _ where scalar.value >= rawByteBase:
                text += "\\x" + hex(scalar.value - rawByteBase)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "\\u{" + hex(scalar.value) + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 if the byte there does not start one.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let byte = bytes[index]
        let length: Int
        switch byte {
        case 0x00..<0x80: return 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        let second = bytes[index + 1]
        if byte == 0xE0, second < 0xA0 { return 0 }
        if byte == 0xED, second >= 0xA0 { return 0 }
        if byte == 0xF0, second < 0x90 { return 0 }
        if byte == 0xF4, second >= 0x90 { return 0 }
        return length
    }

    /// Calls `body` with `name` as a NUL-terminated C path in the system's bytes.
    ///
    /// - Throws: ``ScenarioError`` when the name is empty or contains a NUL character, which no
    ///   system path can.
    package static func withSystemPath<Result>(
        _ name: String, _ body: (UnsafePointer<CChar>) -> Result
    ) throws(ScenarioError) -> Result {
        var path = systemBytes(name).map { CChar(bitPattern: $0) }
        guard !path.isEmpty, !path.contains(0) else {
            throw ScenarioError(
                file: name, message: "is not a usable file name (empty or with a NUL character); expected a path")
        }
        path.append(0)
        // Never empty here, so the buffer has an address.
        return path.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
