import Foundation
import ReminderScheduling
import Testing

/// docs/scheduler-in-your-app.md's compiled blocks are DocSnippets.swift's code, and that code works.
@Suite struct DocSnippetTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift blocks that follow a `<!-- compiled: … -->` line.
    private func compiledBlocks(of markdown: String) -> [String] {
        var blocks: [String] = []
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("<!-- compiled:"), lines.first == "```swift" else { continue }
            lines.removeFirst()
            var block: [Substring] = []
            while let next = lines.popFirst(), next != "```" { block.append(next) }
            blocks.append(block.joined(separator: "\n"))
        }
        return blocks
    }

    @Test func everyCompiledBlockOfThePageIsInTheCompiledCopy() throws {
        let page = try String(
            contentsOf: Self.root.appendingPathComponent("docs/scheduler-in-your-app.md"), encoding: .utf8)
        let copy = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/ReminderSchedulingTests/App/DocSnippets.swift"),
            encoding: .utf8)
        let blocks = compiledBlocks(of: page)
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(copy.contains(block), "a compiled block of the page differs from DocSnippets.swift:\n\(block)")
        }
    }

    @Test @MainActor func thePagesStoreSchedulesAndCompletesThroughAnAction() async throws {
        let now = Date()
        let center = RecordingNotificationCenter(now: ReminderTime(now))
        let store = ReminderStore(center: center)
        let items = (0..<3).map { ReminderItem(id: "i\($0)", title: "Item \($0)", due: now + Double($0 + 1) * 3_600) }
        await store.launch(with: items)
        #expect(await center.pending.count == 3)
        await store.respond(toAction: ReminderAction.complete.rawValue, notification: "reminders.item:i0")
        #expect(store.items[0].isDone)
        #expect(await center.pending.map(\.content.badge) == [1, 2])
        logReconcile(await store.reminders.reconcile(items: store.items, now: now))
    }
}
