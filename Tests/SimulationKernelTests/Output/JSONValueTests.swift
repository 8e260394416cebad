import SimulationKernel
import Testing

@Suite struct JSONValueTests {
    @Test func rendersCompactWithKeysInInsertionOrder() {
        let value: JSONValue = [
            "schema": "wristsim.test/1", "zeta": 1, "alpha": [true, false, nil], "delayMs": .milliseconds(.seconds(2)),
            "ratio": .decimal(-5, scale: 2), "nested": ["b": "x\"y", "a": [:]],
        ]
        #expect(
            value.compact
                == #"{"schema":"wristsim.test/1","zeta":1,"alpha":[true,false,null],"delayMs":2000.000,"#
                + #""ratio":-0.05,"nested":{"b":"x\"y","a":{}}}"#)
    }

    @Test func rendersPrettyWithTwoSpaceIndent() {
        let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
        #expect(value.pretty() == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}\n")
    }

    @Test func settingAKeyReplacesInPlaceAndNilRemoves() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        object["a"] = nil
        object["d"] = 4
        #expect(object.members.map(\.key) == ["b", "c", "d"])
        #expect(JSONValue.object(object).compact == #"{"b":"two","c":3,"d":4}"#)
    }

    @Test func escapesControlCharactersAndKeepsUnicode() {
        let value: JSONValue = ["k\n": "tab\there\u{1}é🍎"]
        #expect(value.compact == #"{"k\n":"tab\there\u0001é🍎"}"#)
    }

    @Test func convertsTraceValues() {
        let trace: TraceValue = .list([.int(3), .duration(.microseconds(1_500)), .string("s"), .bool(true)])
        #expect(JSONValue(trace).compact == #"[3,1.500,"s",true]"#)
    }
}
