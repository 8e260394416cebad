import ScenarioRunner
import Testing

/// The one wording of an unknown name: what was found, what is expected, the nearest names.
struct SuggestionTests {
    @Test func aListedNameIsSuggestedAfterTheNamesExpected() {
        #expect(
            Suggestion.unknown("step", "tapp", among: ["wait", "tap"])
                == #"unknown step "tapp"; expected one of: "wait", "tap" (did you mean "tap"?)"#)
        #expect(
            Suggestion.unknown("step", "zzz", among: ["wait", "tap"])
                == #"unknown step "zzz"; expected one of: "wait", "tap""#)
    }

    /// An error that is only counted skips the search for a suggestion, never the names expected.
    @Test func aCountedErrorHasNoSuggestion() {
        #expect(
            Suggestion.unknown("step", "tapp", among: ["wait", "tap"], suggests: false)
                == #"unknown step "tapp"; expected one of: "wait", "tap""#)
    }

    /// Names that also accept an object, and names described in words with several suggestions.
    @Test func expectedInWordsAndSeveralSuggestions() {
        #expect(
            Suggestion.unknown("reload policy", "nevr", among: ["atEnd", "never"], or: "an object")
                == #"unknown reload policy "nevr"; expected one of: "atEnd", "never" or an object (did you mean "never"?)"#
        )
        #expect(
            Suggestion.unknown("model", "s7", expected: "a model", suggestions: ["s7-41", "s7-45", "s7-47"])
                == #"unknown model "s7"; expected a model (did you mean "s7-41", "s7-45" or "s7-47"?)"#)
    }

    /// On the command line names are quoted as arguments; a hostile name is cut and escaped.
    @Test func namesAreQuotedShortenedAndEscaped() {
        #expect(
            Suggestion.unknown("pipeline", "fats", among: ["naive", "fast"], quote: ArgumentText.quoted)
                == "unknown pipeline 'fats'; expected one of: 'naive', 'fast' (did you mean 'fast'?)")
        let long = String(repeating: "x", count: 1_000_000) + "\u{1B}"
        let message = Suggestion.unknown("key", long, among: ["a"])
        #expect(message.count < 200)
        #expect(message.contains("(1000001 characters)"))
        #expect(Suggestion.unknown("key", "a\u{1B}b", among: ["a"]).contains(#""a\u001bb""#))
    }
}
