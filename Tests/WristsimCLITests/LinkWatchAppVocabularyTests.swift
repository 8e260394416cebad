import Foundation
import Testing

/// Issue #33 item 7: the link called the watch app `notRunning` where the watch app's own section
/// said `suspended`. One vocabulary: in every shipped scenario's `run --json` summary, the link
/// section's `watchApp` is the watch app section's `state`.
@Suite struct LinkWatchAppVocabularyTests {
    @Test func theLinkNamesTheWatchAppsStateAsTheWatchAppSectionDoes() throws {
        let folder = CLI.packageRoot.appendingPathComponent("Scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
        var compared: [String: Int] = [:]
        for file in files {
            let result = try CLI.run(["run", "Scenarios/" + file, "--json"])
            #expect([0, 1].contains(result.status), "\(file): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["type"] as? String == "summary", let sections = object["sections"] as? [String: Any],
                    let link = sections["link"] as? [String: Any], let linkSays = link["watchApp"] as? String
                else { continue }
                let watchApp = try #require(sections["watchApp"] as? [String: Any], "\(file): no watchApp section")
                #expect(linkSays == watchApp["state"] as? String, "\(file): link says \(linkSays)")
                compared[linkSays, default: 0] += 1
            }
        }
        #expect(
            (compared["suspended"] ?? 0) > 0, "some shipped scenario ends with the watch app suspended: \(compared)")
        #expect((compared["foreground"] ?? 0) > 0, "\(compared)")
    }
}
