import ScenarioRunner
import Testing

/// The test-support validator rejects what the schemas forbid (so the contract tests can fail).
@Suite struct JSONSchemaValidatorTests {
    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
         "required": ["schema", "n"], "additionalProperties": false,
         "properties": {
           "schema": {"const": "wristsim.test/1"},
           "n": {"type": "integer", "minimum": 0},
           "at": {"$ref": "#/$defs/time"},
           "kind": {"enum": ["a", "b"]},
           "list": {"type": "array", "items": {"type": "string"}},
           "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
           "maybe": {"anyOf": [{"type": "null"}, {"type": "boolean"}]},
           "free": {"type": "object", "additionalProperties": {"type": "number"}}
         },
         "$defs": {"time": {"type": "string", "pattern": "^\\\\d{2}:\\\\d{2}$"}}}
        """

    static func errors(_ instance: String) throws -> [String] {
        let validator = try JSONSchemaValidator(schema: Array(schema.utf8), file: "test.schema.json")
        return validator.errors(try JSONParser.parse(Array(instance.utf8), file: "instance"))
    }

    @Test func acceptsAValidInstance() throws {
        let errors = try Self.errors(
            """
            {"schema": "wristsim.test/1", "n": 3, "at": "09:30", "kind": "a", "list": ["x"], "either": 2,
             "maybe": null, "free": {"x": 1.5}}
            """)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test(arguments: [
        ("{\"n\": 1}", "missing required property \"schema\""),
        ("{\"schema\": \"wristsim.test/2\", \"n\": 1}", "expected \"wristsim.test/1\""),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1.5}", "expected integer"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": \"7\"}", "expected integer"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": -1}", "expected at least 0"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"extra\": 1}", "unexpected property \"extra\""),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"at\": \"9:30\"}", "does not match"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"kind\": \"c\"}", "expected one of"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"list\": [1]}", "$.list[0]: expected string"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"either\": true}", "matches none of oneOf"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"maybe\": \"-\"}", "matches none of anyOf"),
        ("{\"schema\": \"wristsim.test/1\", \"n\": 1, \"free\": {\"x\": \"-\"}}", "$.free.x: expected number"),
    ])
    func rejects(instance: String, message: String) throws {
        let errors = try Self.errors(instance)
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
    }

    @Test func reportsUnsupportedKeywordsInsteadOfIgnoringThem() throws {
        let validator = try JSONSchemaValidator(schema: Array("{\"maxLength\": 3}".utf8), file: "s")
        let errors = validator.errors(try JSONParser.parse(Array("\"abcd\"".utf8), file: "i"))
        #expect(errors.contains { $0.contains("unsupported schema keyword \"maxLength\"") })
    }
}
