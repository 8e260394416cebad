import Testing

/// `wristsim run` on a scenario whose sync step names an unknown item: exit 65, located message.
@Suite struct SyncStepValidationCommandTests {
    @Test func anUnknownItemInAPhoneStepExitsWith65() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "script": [{"at": "+1m", "do": "phoneCheckItem", "item": "kael"}]}
            """
        let path = try CLI.temporaryFile(Array(text.utf8))
        let result = try CLI.run(["run", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"3:59: error: unknown item "kael""#), "\(result.stderr)")
        #expect(result.stderr.contains(#"(did you mean "kale"?) (at $.script[0].item)"#), "\(result.stderr)")
    }
}
