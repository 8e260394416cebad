import CompanionModel
import ScenarioRunner
import SimulationKernel
import Testing

/// The `"link"` section, link steps and expectations, and the end-of-run link invariant.
@Suite struct LinkScenarioTests {
    static func scenario(link: String? = nil, script: String, expect: String? = nil) -> String {
        """
        {
          "format": 1,
          "name": "t",
          "start": "2026-11-21T09:00:00Z",
          "items": [{"id": "kale", "title": "Kale"}, {"id": "eggs", "title": "Eggs"}],
          "script": \(script)\(link.map { ",\n  \"link\": " + $0 } ?? "")\(expect.map { ",\n  \"expect\": " + $0 } ?? "")
        }
        """
    }

    static func decode(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(Array(text.utf8), file: "s.json")
    }

    static func run(_ text: String, seed: UInt64? = nil) throws -> ScenarioOutcome {
        var simulation = ScenarioSimulation(scenario: try decode(text), seed: seed)
        return simulation.run()
    }

    @Test func decodesEverySetting() throws {
        let text = Self.scenario(
            link: """
                {"latency": {"exponential": {"mean": "2s", "floor": "50ms"}}, "duplicateProbability": 0.2,
                 "replyTimeout": "10s", "messagePayloadCap": 1000, "userInfoPayloadCap": 2000,
                 "applicationContextPayloadCap": 3000, "complicationTransfersPerDay": 7,
                 "complicationBudgetResetsAt": "+15h", "complication": "notOnActiveFace",
                 "phoneUpdatesComplication": true, "phoneApp": "notRunning",
                 "session": "inactive", "unreachable": [{"from": "+1m", "to": "+2m"}],
                 "terminations": [{"app": "phone", "at": "+3m", "relaunchAfter": "1m"}, {"app": "watch", "at": "+4m"}]}
                """, script: #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#)
        let settings = try #require(try Self.decode(text).sections.link)
        let configuration = settings.configuration
        #expect(configuration.faults.latency == .exponential(mean: .seconds(2), floor: .milliseconds(50)))
        #expect(configuration.faults.duplicateProbability == 0.2)
        #expect(configuration.replyTimeout == .seconds(10))
        #expect(configuration.messagePayloadLimit == 1000)
        #expect(configuration.userInfoPayloadLimit == 2000)
        #expect(configuration.applicationContextPayloadLimit == 3000)
        #expect(configuration.complicationTransfersPerDay == 7)
        #expect(settings.complicationBudgetResetsAt == SimTime(offset: .hours(15)))
        #expect(configuration.complicationPlacement == .notOnActiveFace)
        #expect(settings.phoneComplicationPolicy == .afterEachChange)
        #expect(settings.phoneApp == .notRunning)
        #expect(configuration.initialActivation == .inactive)
        #expect(
            configuration.faults.unreachableWindows == [
                .init(start: SimTime(offset: .minutes(1)), end: SimTime(offset: .minutes(2)))
            ])
        #expect(
            configuration.faults.appTerminations == [
                .init(side: .phone, at: SimTime(offset: .minutes(3)), relaunchAfter: .minutes(1)),
                .init(side: .watch, at: SimTime(offset: .minutes(4))),
            ])
    }

    @Test func latencyAsAPlainDurationIsFixed() throws {
        let text = Self.scenario(link: #"{"latency": "250ms"}"#, script: "[]")
        #expect(try Self.decode(text).sections.link?.configuration.faults.latency == .fixed(.milliseconds(250)))
    }

    static let malformed: [(String, String)] = [
        (
            #"{"latancy": "1s"}"#,
            #"s.json:7:12: error: unknown key "latancy"; expected one of: "latency", "duplicateProbability", "#
                + #""replyTimeout", "messagePayloadCap", "userInfoPayloadCap", "applicationContextPayloadCap", "#
                + #""complicationTransfersPerDay", "complicationBudgetResetsAt", "complication", "#
                + #""phoneUpdatesComplication", "phoneApp", "watchApp", "session", "unreachable", "terminations" "#
                + #"(did you mean "latency"?) (at $.link.latancy)"#
        ),
        (
            #"{"latency": {"gaussian": {"mean": "1s"}}}"#,
            "s.json:7:24: error: unknown latency distribution \"gaussian\""
        ),
        (
            #"{"latency": {"uniform": {"min": "2s", "max": "1s"}}}"#,
            "s.json:7:56: error: expected \"max\" at least \"min\" (2s), found 1s"
        ),
        (#"{"duplicateProbability": 1.5}"#, "s.json:7:36: error: expected a number from 0.0 to 1.0, found 1.5"),
        (#"{"replyTimeout": "0s"}"#, "s.json:7:28: error: expected a duration greater than zero, found 0s"),
        (
            #"{"phoneApp": "sleeping"}"#,
            #"s.json:7:24: error: unknown phoneApp "sleeping"; expected one of: "notRunning", "background", "foreground" (at $.link.phoneApp)"#
        ),
        (
            #"{"unreachable": [{"from": "+5m", "to": "+1m"}]}"#,
            "s.json:7:50: error: expected \"to\" after \"from\" (+5m), found +1m"
        ),
        (#"{"latency": "2d"}"#, "s.json:7:23: error: expected a latency of at most 1d, found 2d"),
        (
            #"{"latency": {"exponential": {"mean": "0s"}}}"#,
            "s.json:7:48: error: expected a mean greater than zero, found 0s"
        ),
        (
            #"{"terminations": [{"app": "tablet", "at": "+1m"}]}"#,
            #"s.json:7:37: error: unknown app "tablet"; expected one of: "phone", "watch" (at $.link.terminations[0].app)"#
        ),
    ]

    @Test(arguments: malformed)
    func malformedSectionsAreLocatedErrors(link: String, expectedPrefix: String) {
        let text = Self.scenario(link: link, script: "[]")
        #expect(throws: ScenarioError.self) { try Self.decode(text) }
        do {
            _ = try Self.decode(text)
        } catch {
            #expect(error.description.hasPrefix(expectedPrefix), "\(error.description)")
        }
    }

    @Test func aComplicationSeriesPastTheEndOfTimeIsAnError() {
        let text = Self.scenario(
            script: #"[{"at": "+1m", "do": "phoneComplicationUpdate", "count": 10000, "every": "10000d"}]"#)
        do {
            _ = try Self.decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("10000 updates 10000d apart reach too far in the future"), "\(error)")
        }
    }

    @Test func unknownChannelInAnExpectationIsAnError() {
        let text = Self.scenario(script: "[]", expect: #"{"delivered": {"interactiv": 1}}"#)
        do {
            _ = try Self.decode(text)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description.contains(
                    #"unknown channel "interactiv"; expected one of: "interactive", "userInfo", "applicationContext", "#
                        + #""complication" (did you mean "interactive"?)"#))
        }
    }

    @Test func checkOffsOutOfRangeQueueAndArriveWhenBackInRange() throws {
        let text = Self.scenario(
            link: #"{"latency": "200ms", "unreachable": [{"from": "+30s", "to": "+5m"}]}"#,
            script: """
                [{"at": "+1m", "do": "tap", "item": "kale"},
                 {"at": "+2m", "expect": {"phoneChecked": [], "outstandingTransfers": 1, "reachable": false,
                                          "phoneInSync": false, "noMessageLost": true}},
                 {"at": "+6m", "expect": {"phoneChecked": ["kale"], "outstandingTransfers": 0, "phoneInSync": true}}]
                """,
            expect: #"{"delivered": {"userInfo": 1, "interactive": 0}, "noMessageLost": true}"#)
        let outcome = try Self.run(text)
        #expect(outcome.failedExpectations.map(\.label) == [])
        #expect(outcome.invariantFailures == [])
        #expect(outcome.passed)
        #expect(outcome.summary.map(\.title).contains("link.userInfo"))
    }

    @Test func aLinkThatCannotCarryACheckOffFailsTheRunNamingTheItemAndTrail() throws {
        let text = Self.scenario(
            link: #"{"messagePayloadCap": 16, "userInfoPayloadCap": 16}"#,
            script: #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#)
        let outcome = try Self.run(text)
        #expect(!outcome.passed)
        // Lost on the way, so the two lists also differ on the item.
        #expect(outcome.invariantFailures.map(\.invariant) == [.listsConverge, .listsConverge])
        let failure = try #require(outcome.invariantFailures.first?.message)
        #expect(failure.hasPrefix("sync: lost kale: watch#1 check was not applied on the phone: never arrived"))
        #expect(failure.contains("link.failed") && failure.contains("code=7009"))
        #expect(failure.contains("sync.undeliverable"))
        #expect(
            outcome.invariantFailures.last?.message.hasPrefix("sync: diverged kale: watch shows \"Kale\" checkedOff")
                == true)
    }

    @Test func aPhoneAppKilledForGoodStillGetsEverythingOnceTheLinkFinishes() throws {
        let text = Self.scenario(
            link:
                #"{"terminations": [{"app": "phone", "at": "+10s"}], "unreachable": [{"from": "+20s", "to": "+3m"}]}"#,
            script: #"[{"at": "+1m", "do": "tap", "item": "kale"}]"#,
            expect: #"{"phoneInSync": false, "noMessageLost": true}"#)
        let outcome = try Self.run(text)
        #expect(outcome.passed, "\(outcome.invariantFailures) \(outcome.failedExpectations.map(\.failure))")
        let link = try #require(outcome.summary.first { $0.title == "link" })
        #expect(link.rows.first { $0.key == "inTransitAtEnd" }?.value == .int(1))
        #expect(link.rows.first { $0.key == "lost" }?.value == .int(0))
    }

    @Test func complicationStepsUseTheBudgetThenFallBack() throws {
        let text = Self.scenario(
            link: #"{"complicationTransfersPerDay": 3}"#,
            script: """
                [{"at": "+1m", "do": "phoneComplicationUpdate", "count": 5, "every": "1m"},
                 {"at": "+10m", "expect": {"complicationBudgetRemaining": 0, "fellBack": {"complication": 2},
                                           "delivered": {"complication": 3, "userInfo": 2}}},
                 {"at": "+11m", "do": "complicationOffFace"}]
                """)
        let outcome = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure))")
    }

    /// With a `"complication"` section, the complication feature's face steps move the link's
    /// transfer budget, and complication data the watch receives reloads the complication.
    @Test func theLinkBudgetFollowsTheComplicationFaceSteps() throws {
        let text = """
            {"format": 1, "name": "t", "start": "2026-11-21T09:00:00Z",
             "items": [{"id": "kale", "title": "Kale"}],
             "complication": {"families": ["circular"], "onActiveFace": true},
             "link": {"latency": "100ms"},
             "script": [
               {"at": "+1m", "do": "phoneComplicationUpdate"},
               {"at": "+2m", "expect": {"complicationBudgetRemaining": 49, "delivered": {"complication": 1}}},
               {"at": "+3m", "do": "complicationOffFace"},
               {"at": "+4m", "do": "phoneComplicationUpdate"},
               {"at": "+5m", "expect": {"complicationBudgetRemaining": 0, "fellBack": {"complication": 1},
                                        "delivered": {"userInfo": 1}}}]}
            """
        let outcome = try Self.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map(\.failure)) \(outcome.invariantFailures)")
        let sources = outcome.trace.filter { $0.kind == "complication.request" }.map { $0["source"] }
        #expect(sources.contains(.string("phoneTransfer")), "a budgeted transfer reaches the complication")
    }

    @Test func sameScenarioAndSeedGiveTheSameTrace() throws {
        let text = Self.scenario(
            link:
                #"{"latency": {"exponential": {"mean": "1s"}}, "duplicateProbability": 0.5, "unreachable": [{"from": "+90s", "to": "+4m"}]}"#,
            script: """
                [{"at": "+1m", "do": "tap", "item": "kale"}, {"at": "+2m", "do": "tap", "item": "eggs"},
                 {"at": "+2m10s", "do": "tap", "item": "kale"}, {"at": "+5m", "do": "killPhoneApp"},
                 {"at": "+6m", "do": "tap", "item": "kale"}, {"at": "+7m", "do": "launchPhoneApp"}]
                """,
            expect: #"{"noMessageLost": true, "phoneInSync": true}"#)
        let first = try Self.run(text)
        let second = try Self.run(text)
        #expect(first.trace.elementsEqual(second.trace))
        #expect(first.passed)
        let other = try Self.run(text, seed: 99)
        #expect(other.passed, "\(other.invariantFailures)")
    }
}

/// The reminders feature's app runs and the link agree on when the phone app runs.
@Suite struct RemindersLinkCouplingTests {
    @Test(arguments: ["launchApp", "appForeground"])
    func launchingThePhoneAppForRemindersDeliversQueuedCheckOffs(step: String) throws {
        let text = LinkScenarioTests.scenario(
            link: #"{"phoneApp": "notRunning"}"#,
            script: """
                [{"at": "+1m", "do": "phoneOutOfRange"}, {"after": "5s", "do": "tap", "item": "kale"},
                 {"after": "1m", "do": "phoneInRange"}, {"after": "1m", "expect": {"outstandingTransfers": 1}},
                 {"after": "1s", "do": "\(step)"}, {"after": "10s", "expect": {"outstandingTransfers": 0, "phoneChecked": ["kale"]}}]
                """)
        let outcome = try LinkScenarioTests.run(text)
        #expect(outcome.passed, "\(outcome.failedExpectations.map { "\($0.label): \($0.failure ?? "")" })")
    }
}
