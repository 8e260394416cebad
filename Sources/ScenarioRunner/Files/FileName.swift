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
        name.unicodeScalars.flatMap { scalar in
            scalar.value >= rawByteBase ? [UInt8(scalar.value - rawByteBase)] : Array(String(scalar).utf8)
        }
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

    /// The length of the valid UTF-8 sequence at `index`, or 0 if the byte there does not start one
    /// (well-formed as the standard library's UTF-8 parser reads it: no overlong forms, no
    /// surrogates, nothing beyond U+10FFFF).
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        var iterator = bytes[index...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return 0 }
        return encoded.count
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
