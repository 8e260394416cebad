/// A typed value that is written as one JSON object, its members always in the same documented
/// order: a row of a long array (a reload request, an entry) writes itself into a
/// ``JSONStream`` without a ``JSONObject`` made for it.
package protocol JSONRecord {
    /// Writes the members, in their documented order, into `object`.
    func writeMembers(into object: inout JSONStream)
}

/// One JSON object rendered compactly as its members are added: the same bytes as
/// ``JSONValue/compact`` of the object holding them, without holding them. The UTF-8 text is
/// gathered in one ``JSONWriter`` buffer and handed to `output` in pieces of about `pieceSize`
/// bytes (a piece ends after a whole member of the object or element of a top-level array), so
/// a document of a million records costs one piece of memory. The text has no control
/// character outside its escapes (see ``JSONWriter``): it may go to a terminal as it is.
///
/// ```swift
/// var pieces: [[UInt8]] = []
/// var stream = JSONStream { pieces.append($0) }
/// stream.append("schema", "wristsim.timeline/1")
/// stream.append("reloads", records: rows)
/// stream.finish()   // pieces hold {"schema":"wristsim.timeline/1","reloads":[…]}
/// ```
package struct JSONStream {
    private var json: JSONWriter
    private let pieceSize: Int
    private let output: ([UInt8]) -> Void
    /// How many records are open inside the top-level object's members (a piece ends only at 0).
    private var nesting = 0

    /// Starts an object whose text goes to `output` in pieces of about `pieceSize` bytes.
    package init(pieceSize: Int = 1 << 16, output: @escaping ([UInt8]) -> Void) {
        self.pieceSize = pieceSize
        self.output = output
        json = JSONWriter(capacity: pieceSize + pieceSize / 4)
        json.beginObject()
    }

    /// Adds `"key": value`.
    package mutating func append(_ key: String, _ value: JSONValue) {
        json.key(key)
        value.write(to: &json)
        handOnWholePiece()
    }

    /// Adds `"key": {…}`, the members of `record` in its order.
    package mutating func append(_ key: String, record: some JSONRecord) {
        json.key(key)
        write(record)
        handOnWholePiece()
    }

    /// Adds `"key": [elements…]`, each element made when it is written.
    package mutating func append<Elements: Sequence<JSONValue>>(_ key: String, elements: Elements) {
        json.key(key)
        json.beginArray()
        for element in elements {
            json.element()
            element.write(to: &json)
            handOnWholePiece()
        }
        json.endArray()
    }

    /// Adds `"key": [{…}, …]`, each record written member by member when its turn comes.
    package mutating func append<Records: Sequence>(_ key: String, records: Records)
    where Records.Element: JSONRecord {
        json.key(key)
        json.beginArray()
        for record in records {
            json.element()
            write(record)
            handOnWholePiece()
        }
        json.endArray()
    }

    /// Adds `"key": {…}` for `record`, or `"key": null` when there is none.
    package mutating func append(_ key: String, record: (some JSONRecord)?) {
        if let record { append(key, record: record) } else { append(key, .null) }
    }

    /// Closes the object and hands on what is left.
    package mutating func finish() {
        json.endObject()
        output(json.bytes)
        json.removeAll()
    }

    private mutating func write(_ record: some JSONRecord) {
        json.beginObject()
        nesting += 1
        record.writeMembers(into: &self)
        nesting -= 1
        json.endObject()
    }

    private mutating func handOnWholePiece() {
        guard nesting == 0, json.bytes.count >= pieceSize else { return }
        output(json.bytes)
        json.removeAll()
    }
}
