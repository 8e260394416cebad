#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output and standard error, unbuffered and in order.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) {
        write(1, text + "\n")
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        write(2, text + "\n")
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
