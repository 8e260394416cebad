/// Writes intervals as an `xctrace export` of an `os-signpost-interval` table, in the shape
/// ``SignpostExportReader`` reads: the schema's columns in a given order (with columns
/// calibrate does not read), every repeated value given once with `id` and later by `ref`,
/// `fmt` attributes as Instruments shows them, `<sentinel/>` for empty cells. Used to make test
/// exports, the shipped study's export and the benchmark's large one.
package struct SignpostExportWriter {
    /// The columns written, by mnemonic, in order.
    package var columns: [String]
    /// The subsystem and category every interval is logged under.
    package var subsystem: String
    package var category: String
    /// The process the intervals ran in, for the thread's `fmt`.
    package var process: String

    private var nextID = 1
    private var ids: [String: Int] = [:]

    /// The columns of a recent Xcode's table (18).
    package static let xcodeColumns = [
        "start", "duration", "layout-qualifier", "name", "category", "subsystem", "identifier", "process",
        "end-process", "start-thread", "end-thread", "start-message", "end-message", "start-backtrace",
        "end-backtrace", "start-emit-location", "end-emit-location", "signature",
    ]

    package init(
        columns: [String] = SignpostExportWriter.xcodeColumns, subsystem: String = "com.example.grocery",
        category: String = "checkOff", process: String = "Grocery Watch App"
    ) {
        self.columns = columns
        self.subsystem = subsystem
        self.category = category
        self.process = process
    }

    /// The document's beginning, through the schema.
    package func header() -> String {
        var text = "<?xml version=\"1.0\"?>\n<trace-query-result>\n"
        text += "<node xpath='//trace-toc[1]/run[1]/data[1]/table[7]'><schema name=\"os-signpost-interval\">"
        for column in columns {
            text += "<col><mnemonic>\(column)</mnemonic><name>\(column.capitalized)</name></col>"
        }
        return text + "</schema>\n"
    }

    /// The document's end.
    package func footer() -> String { "</node></trace-query-result>\n" }

    /// One `<row>` for `interval` (identifier: the signpost id, unique per interval).
    package mutating func row(_ interval: SignpostInterval, identifier: Int) -> String {
        var text = "<row>"
        for column in columns {
            switch column {
            case "start":
                text += element("start-time", String(interval.start), fmt: SignpostExportWriter.clock(interval.start))
            case "duration":
                text += element(
                    "duration", String(interval.duration), fmt: SignpostExportWriter.milliseconds(interval.duration))
            case "name": text += element("string", XMLEscape.text(interval.name), fmt: XMLEscape.text(interval.name))
            case "subsystem": text += element("subsystem", subsystem, fmt: subsystem)
            case "category": text += element("category", category, fmt: category)
            case "identifier": text += element("os-signpost-identifier", String(identifier), fmt: "0x\(identifier)")
            case "process", "end-process": text += processElement()
            case "start-thread", "end-thread": text += threadElement(main: interval.onMainThread)
            case "layout-qualifier": text += element("layout-id", "0", fmt: "0")
            case "start-message": text += element("string", "tap \(identifier)", fmt: "tap \(identifier)")
            default: text += "<sentinel/>"
            }
        }
        return text + "</row>\n"
    }

    /// `<tag id="N" fmt="…">text</tag>` the first time, `<tag ref="N"/>` after.
    private mutating func element(_ tag: String, _ text: String, fmt: String) -> String {
        let key = tag + "\u{0}" + text
        if let id = ids[key] { return "<\(tag) ref=\"\(id)\"/>" }
        let id = nextID
        nextID += 1
        if tag == "start-time" || tag == "os-signpost-identifier" || tag == "string" && text.hasPrefix("tap ") {
            // Values that never repeat are not worth remembering (xctrace gives them ids all the same).
        } else {
            ids[key] = id
        }
        return "<\(tag) id=\"\(id)\" fmt=\"\(fmt)\">\(text)</\(tag)>"
    }

    private mutating func processElement() -> String {
        let key = "process\u{0}"
        if let id = ids[key] { return "<process ref=\"\(id)\"/>" }
        let id = nextID
        nextID += 3
        ids[key] = id
        return "<process id=\"\(id)\" fmt=\"\(process) (312)\"><pid id=\"\(id + 1)\" fmt=\"312\">312</pid>"
            + "<device-session id=\"\(id + 2)\" fmt=\"watch\">watch</device-session></process>"
    }

    private mutating func threadElement(main: Bool) -> String {
        let key = main ? "thread\u{0}main" : "thread\u{0}background"
        if let id = ids[key] { return "<thread ref=\"\(id)\"/>" }
        let id = nextID
        nextID += 2
        ids[key] = id
        let tid = main ? "0x1a2b" : "0x1c3d"
        let label = main ? "Main Thread \(tid)" : tid
        return "<thread id=\"\(id)\" fmt=\"\(label) (\(process), pid: 312)\"><tid id=\"\(id + 1)\" fmt=\"\(tid)\">"
            + "\(main ? 6699 : 7229)</tid>\(processElement())</thread>"
    }

    /// `00:01.250.000` (minutes:seconds.milliseconds.microseconds), as Instruments shows times.
    static func clock(_ nanoseconds: Int64) -> String {
        let micro = nanoseconds / 1000
        let minutes = micro / 60_000_000
        let seconds = micro / 1_000_000 % 60
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(micro / 1000 % 1000, 3)).\(pad(micro % 1000, 3))"
    }

    /// `1.70 ms`, as Instruments shows durations.
    static func milliseconds(_ nanoseconds: Int64) -> String {
        let hundredths = (nanoseconds + 5000) / 10_000
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction) ms"
    }
}

/// XML text escaping for the writer.
enum XMLEscape {
    /// `text` with `&`, `<`, `>` and `"` escaped.
    static func text(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
