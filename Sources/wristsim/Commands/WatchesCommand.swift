import CompanionModel
import ScenarioRunner

/// `wristsim watches`: lists every watch model.
enum WatchesCommand: Command {
    static let name = "watches"
    static let summary = "List the watch models: screen, rows visible without scrolling, chip (--json)."
    static let usage = "wristsim watches [--row-height PT] [--json]"
    static let help = """
        Lists every watch model a scenario's "watch" or --watch can name, with its screen in
        points and pixels, safe-area insets, how many list rows fit without scrolling, and its
        chip's relative CPU speed and cores (sources in docs/platform.md).

        OPTIONS:
          --row-height PT  row height in points (default 44)
          --json           print one JSON object (schema wristsim.watches/1) with every model
          -h, --help       show this help

        EXIT CODES:
          0   listed
          64  usage error
          74  standard output could not be written

        EXAMPLES:
          wristsim watches
          wristsim watches --row-height 56 --json
        """
    static let flags = ["json"]
    static let options = ["row-height"]

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw UsageError(
                command: name, message: "unexpected argument \(ArgumentText.quoted(arguments.positionals[0]))")
        }
        var models = WatchModel.catalog
        if let text = arguments.value("row-height") {
            guard let height = Double(text), height >= 1, height <= 500 else {
                throw UsageError(
                    command: name,
                    message: "--row-height expects a number of points from 1 to 500, found \(ArgumentText.quoted(text))"
                )
            }
            models = models.map { $0.withRowHeight(height) }
        }
        Console.out(arguments.has("json") ? WatchesReport.json(models) : WatchesReport.text(models))
        return .success
    }
}
