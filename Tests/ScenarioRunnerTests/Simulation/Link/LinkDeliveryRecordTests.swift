import SimulationKernel
import Testing

@testable import CompanionModel
@testable import ScenarioRunner

/// The link keeps each first delivery without its payload (``LinkDeliveryRecord``: identifier,
/// channel, route, send time, delivery time; no payload). Over many seeds of shipped scenarios
/// with every channel, duplicates, drop-outs and app stops, the records agree with a recount of
/// the trace's `link.delivered` events (same messages at the same times, sent the traced delay
/// before, and in the same order on each channel), and each channel's delivered count and delays
/// agree with its records. (Across channels, deliveries at one instant may be recorded in another
/// order than traced: a message that wakes the phone app is recorded as it arrives, and traced
/// after the transfers the woken app receives.)
@Suite struct LinkDeliveryRecordTests {
    static let names = [
        "weekly-shop.json", "duplicating-link.json", "phone-app-killed-mid-trip.json",
        "complication-saturday-shop.json", "phone-edits-mid-trip.json", "basement-aisle-no-signal.json",
        "link-complication-transfer-budget.json", "notification-complete-through-link.json",
    ]

    @Test(arguments: names)
    func recordsAgreeWithTheTrace(name: String) throws {
        let prepared = PreparedScenario(try ShippedScenarios.decoded(name))
        for seed in UInt64(1)...12 {
            let label = "\(name) seed \(seed)"
            var simulation = ScenarioSimulation(prepared: prepared, seed: seed, trace: .recorded)
            _ = simulation.run()
            let settled = simulation.settled()
            let transport = settled.link.transport
            var recounted: [LinkDeliveryRecord] = []
            for event in settled.trace where event.is(.linkDelivered) {
                guard case .int(let id)? = event["id"], case .string(let channelName)? = event["channel"],
                    case .duration(let delay)? = event["delay"],
                    let channel = LinkChannel.allCases.first(where: { $0.name == channelName }),
                    case .string(let routeName)? = event["route"],
                    let route = [LinkRoute.watchToPhone, .phoneToWatch].first(where: { $0.name == routeName })
                else {
                    Issue.record("\(label): unreadable \(event.kind) at \(event.time)")
                    continue
                }
                recounted.append(
                    LinkDeliveryRecord(
                        id: MessageID(id), channel: channel, route: route, sentAt: event.time - delay, at: event.time))
            }
            for channel in LinkChannel.allCases {
                let records = transport.deliveries.filter { $0.channel == channel }
                #expect(records == recounted.filter { $0.channel == channel }, "\(label) \(channel.name)")
                let statistics = transport.statistics(channel)
                #expect(statistics.delivered == records.count, "\(label) \(channel.name)")
                #expect(statistics.delays == records.map { $0.at - $0.sentAt }, "\(label) \(channel.name)")
            }
        }
    }
}
