/// The report's whole stylesheet: system fonts only, nothing fetched.
enum HTMLStyle {
    static let css = """
        body { margin: 0; font: 14px/1.45 "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; color: #212529; background: #f8f9fa; }
        header.page, main { max-width: 1120px; margin: 0 auto; padding: 0 16px; }
        h1 { font-size: 24px; margin: 20px 0 4px; }
        h2 { font-size: 19px; margin: 0 0 6px; }
        h3 { font-size: 16px; margin: 18px 0 8px; }
        .lead { color: #495057; margin: 0 0 8px; }
        table.index { background: #ffffff; border: 1px solid #dee2e6; margin: 0 0 20px; width: 100%; }
        table.index th { font-weight: bold; border-bottom: 1px solid #dee2e6; padding: 4px 8px; }
        table.index td { padding: 4px 8px; border-bottom: 1px solid #f1f3f5; }
        table.index td:nth-child(5), table.index td:nth-child(6) { white-space: nowrap; text-align: right; }
        .index .file, .meta .file { color: #6c757d; font-size: 12px; }
        article.scenario { background: #ffffff; border: 1px solid #dee2e6; border-radius: 6px; padding: 16px; margin: 0 0 24px; overflow-wrap: anywhere; }
        nav.toc { font-size: 13px; margin-bottom: 4px; }
        a { color: #1864ab; }
        .result { display: inline-block; font-size: 12px; font-weight: bold; padding: 1px 6px; border-radius: 4px; color: #ffffff; }
        .result.pass { background: #2f9e44; }
        .result.fail { background: #e03131; }
        table { border-collapse: collapse; margin: 6px 0 10px; font-size: 13px; table-layout: auto; max-width: 100%; }
        th, td { text-align: left; padding: 2px 10px 2px 0; vertical-align: top; }
        th { color: #495057; font-weight: normal; white-space: nowrap; }
        td.fail { color: #c92a2a; font-weight: bold; }
        .expectations td:nth-child(-n+3) { white-space: nowrap; }
        td.pass { color: #2b8a3e; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; background: #fff5f5; padding: 6px; }
        figure { margin: 8px 0 14px; }
        figure svg { display: block; max-width: 100%; height: auto; }
        .note { color: #6c757d; font-size: 13px; }
        """
}
