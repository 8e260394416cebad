import ScenarioRunner
import SimulationKernel
import Testing

/// Issue #33 item 8, the `policies` family of `Scripts/work_bound.py`: a complication's reload
/// policy reloads the timeline again and again for as long as the scenario lasts; each reload is
/// an event, so the most it can make before the end is counted when the file is loaded, and more
/// than the event limit is refused there with a located error (it used to run to the limit, over
/// 2 s and up to 900 MB).
@Suite struct PolicyReloadWorkTests {
    static func loadError(_ extra: String) -> String? {
        do {
            _ = try ScenarioDecoder.decode(Array(LoadTimeWorkTests.scenario(extra).utf8), file: "s.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// A century of reloads every 5 minutes (WidgetKit's minimum interval, no daily count), ten
    /// a century at 10 minutes' spacing, and a century at 50 a day are each more than a million.
    @Test(arguments: [
        (
            #", "end": "+36525d", "complication": {"budget": {"rules": "widgetKit", "reloadPolicy": {"after": "1s"}, "dailyReloads": null}}"#,
            "10519201 complication policy reloads (at most)"
        ),
        (
            #", "end": "+36525d", "complication": {"budget": {"rules": "clockKit", "reloadPolicy": {"after": "10m"}, "minimumReloadInterval": "1s"}}"#,
            "5259601 complication policy reloads (at most)"
        ),
        (
            #", "end": "+36525d", "complication": {"budget": {"rules": "widgetKit"}}"#,
            "1862877 complication policy reloads (at most)"
        ),
    ])
    func policyReloadsBeyondTheLimitAreALoadError(extra: String, count: String) throws {
        let error = try #require(Self.loadError(extra))
        // Located at the "complication" section.
        #expect(error.hasPrefix("s.json:1:"), "\(error)")
        #expect(error.hasSuffix("(at $.complication)"), "\(error)")
        #expect(error.contains(count), "\(error)")
        #expect(error.contains("more than the event limit of 1000000 events"), "\(error)")
    }

    /// Without a daily count, a policy's reloads are at least WidgetKit's 5 minutes apart: a
    /// minute's spacing (a year of it was 525,601 reloads, under the event limit) is refused at
    /// the policy.
    @Test(arguments: [
        #", "complication": {"budget": {"rules": "clockKit", "reloadPolicy": {"after": "1m"}}}"#,
        #", "complication": {"budget": {"rules": "widgetKit", "reloadPolicy": {"after": "60s"}, "dailyReloads": null, "minimumReloadInterval": "1s"}}"#,
        #", "complication": {"budget": {"rules": "widgetKit", "reloadPolicy": "atEnd", "dailyReloads": null, "minimumReloadInterval": "4m"}}"#,
    ])
    func unbudgetedPoliciesUnderFiveMinutesApartAreRefused(extra: String) throws {
        let error = try #require(Self.loadError(extra))
        #expect(error.contains("without \"dailyReloads\" may reload every"), "\(error)")
        #expect(error.contains("\"minimumReloadInterval\" of at least \"5m\""), "\(error)")
    }

    /// Within the limit the same policies load: a year at 5 minutes, a raised limit, a policy that
    /// never reloads, and a complication that starts off the active face (no policy reload then).
    @Test(arguments: [
        #", "end": "+365d", "complication": {"budget": {"rules": "widgetKit", "reloadPolicy": {"after": "1s"}, "dailyReloads": null}}"#,
        #", "end": "+36525d", "eventLimit": 10000000, "complication": {"budget": {"rules": "widgetKit"}}"#,
        #", "end": "+36525d", "complication": {"budget": {"rules": "widgetKit", "reloadPolicy": "never"}}"#,
        #", "end": "+36525d", "complication": {"onActiveFace": false, "budget": {"rules": "widgetKit"}}"#,
    ])
    func policyReloadsWithinTheLimitLoad(extra: String) {
        #expect(Self.loadError(extra) == nil)
    }
}
