import Testing

/// Every command's `--help` says which exit codes it returns, from the documented set, and every
/// command lists 74: any command's standard output can fail (a full device), which exits 74.
@Suite struct ExitCodeHelpTests {
    static let documented: Set<Int> = [0, 1, 64, 65, 74]

    /// The codes listed under `EXIT CODES` in `help`: numbers that begin a line of the section or
    /// follow a gap of three spaces (`0 merged   64 usage error`).
    static func exitCodes(in help: String) -> [Int]? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("EXIT CODES") }) else { return nil }
        var codes: [Int] = []
        for line in lines[(header + 1)...] {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { break }
            for part in text.components(separatedBy: "   ") {
                let word = part.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }
                if let code = Int(word) { codes.append(code) }
            }
        }
        return codes
    }

    @Test func everyCommandListsItsExitCodesIncluding74() throws {
        let names = try ExamplesTests.commandNames()
        #expect(names.count >= 10)
        for name in names {
            let help = try CLI.run([name, "--help"]).stdout
            guard let codes = Self.exitCodes(in: help) else {
                Issue.record("\(name) --help has no EXIT CODES section")
                continue
            }
            #expect(Set(codes).isSubset(of: Self.documented), "\(name): \(codes)")
            #expect(codes == codes.sorted(), "\(name) lists its codes in order: \(codes)")
            for required in [0, 64, 74] {
                #expect(codes.contains(required), "\(name) --help does not list exit code \(required)")
            }
        }
    }

    @Test func theTopLevelHelpListsEveryCode() throws {
        let codes = try #require(Self.exitCodes(in: try CLI.run(["--help"]).stdout))
        #expect(codes == [0, 1, 64, 65, 74])
    }

    @Test func aCommandThatReadsScenariosLists65() throws {
        for name in ["run", "check", "latency", "timeline", "reminders", "report", "sweep", "explore"] {
            let codes = Self.exitCodes(in: try CLI.run([name, "--help"]).stdout) ?? []
            #expect(codes.contains(65), "\(name)")
        }
    }
}
