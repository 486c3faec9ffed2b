import Flipbook
import FlipbookFFmpeg
import FlipbookPipeline
import Foundation

/// `flipbook test --report DIR`: a folder a browser opens with no network — `index.html` (its
/// style inline, no script) and the pictures beside it in `frames/`. It lists every frame's
/// verdict, and shows each failing frame's reference, new frame and difference heat map
/// (`StructuralSimilarity.heatMap`) side by side, drawn pixel for pixel (`pixelated`), so a
/// one-pixel line is visible when zoomed.
///
/// The same run gives the same bytes: no dates, pictures named by the frame's place in the run.
struct GoldenReport {
    let checks: [GoldenCheck]
    /// The new frames of the failing checks, by their index in `checks`.
    let frames: [Int: Pixmap]

    /// The report's page in `folder`.
    static func index(in folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + "index.html"
    }

    /// Whether `name` is named as the report names the pictures it writes into `frames/`:
    /// `001-new.png`.
    private static func isPictureName(_ name: String) -> Bool {
        name.wholeMatch(of: #/[0-9]{3,}-(reference|new|difference)\.png/#) != nil
    }

    /// What every page the report writes has, and tells it by: its title's start.
    private static let pageMark = "<title>flipbook test: "

    /// Refuses (exit 73), before anything renders, a report folder that holds what the report
    /// did not write and would replace: an `index.html` that is no report of `flipbook test`,
    /// or in `frames/` a file not named as its pictures are (`--report ./` or a site's folder
    /// must not lose its page). A new or empty folder, or one an earlier report wrote, is taken.
    static func refuseForeignFiles(in folder: String) throws(CommandError) {
        func refuse(_ reason: String) -> CommandError {
            CommandError(
                code: .outputNotWritable,
                message:
                    "cannot write the report into \(folder): \(reason); give --report a new or empty folder")
        }
        var status = stat()
        guard stat(folder, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("it is a file") }
        let page = index(in: folder)
        if FileManager.default.fileExists(atPath: page) {
            let text = FileManager.default.contents(atPath: page).map {
                String(decoding: $0.prefix(4096), as: UTF8.self)
            }
            guard text?.contains(pageMark) == true else {
                throw refuse("its index.html is not a flipbook test report")
            }
        }
        let pictures = (folder as NSString).appendingPathComponent("frames")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []
        if let foreign = names.sorted().first(where: { !isPictureName($0) }) {
            throw refuse("frames/\(foreign) is not a picture of a flipbook test report")
        }
    }

    /// Writes the pictures, then the page (so the page never shows a picture not yet there),
    /// each atomically, and removes the pictures of an earlier report that this one does not
    /// show, so the folder holds this report alone.
    func write(to folder: String) throws(CommandError) {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var sections = ""
        var written: Set<String> = []
        for (index, check) in checks.enumerated() where !check.passed {
            var figures: [(file: String, caption: String)] = []
            let name = String(format: "frames/%03d", index + 1)
            if let data = FileManager.default.contents(atPath: check.reference) {
                try GoldenOutputs.write(data, to: base + name + "-reference.png")
                figures.append((name + "-reference.png", "reference (\(check.reference))"))
            }
            if let frame = frames[index] {
                try write(frame, to: base + name + "-new.png")
                figures.append((name + "-new.png", "new (\(frame.width)×\(frame.height))"))
            }
            if case .differs(let comparison) = check.outcome {
                try write(comparison.similarity.heatMap, to: base + name + "-difference.png")
                figures.append((name + "-difference.png", "difference: 1 − SSIM, black alike, white ≥ 0.5"))
            }
            written.formUnion(figures.map(\.file))
            sections += section(check, figures: figures)
        }
        try GoldenOutputs.write(Data(page(sections: sections).utf8), to: Self.index(in: folder))
        let pictures = base + "frames"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []
        where !written.contains("frames/" + name) && Self.isPictureName(name) {
            try? FileManager.default.removeItem(atPath: pictures + "/" + name)
        }
    }

    /// `pixmap` as a PNG at `path`, atomically.
    private func write(_ pixmap: Pixmap, to path: String) throws(CommandError) {
        let data: Data
        do {
            data = try PNGFile.encode(pixmap)
        } catch {
            throw CommandError(code: .failure, message: "cannot encode \(path): \(error)")
        }
        try GoldenOutputs.write(data, to: path)
    }

    /// A failing frame: its message and its pictures side by side.
    private func section(_ check: GoldenCheck, figures: [(file: String, caption: String)]) -> String {
        let title = MarkupText.escaped("\(check.preset) at \(check.frame)")
        var html = "<section>\n<h2>\(title)</h2>\n<p>\(MarkupText.escaped(check.failure ?? ""))</p>\n"
        html += "<div class=\"pictures\">\n"
        for figure in figures {
            let caption = MarkupText.escaped(figure.caption)
            html +=
                "<figure><img src=\"\(figure.file)\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>\n"
        }
        return html + "</div>\n</section>\n"
    }

    /// The whole page: the verdict, a table of every frame, then the failing frames.
    private func page(sections: String) -> String {
        let failed = checks.filter { !$0.passed }.count
        let title =
            failed == 0 ? "all \(checks.count) frames match" : "\(failed) of \(checks.count) frames failed"
        var rows = ""
        for check in checks {
            let score: String
            switch check.outcome {
            case .matches(let comparison), .differs(let comparison):
                score = GoldenCheck.format(comparison.similarity.lowest.score)
            case .recorded, .missing, .resized, .failed: score = "—"
            }
            rows +=
                "<tr class=\"\(check.passed ? "pass" : "fail")\"><td>\(MarkupText.escaped(check.preset))</td>"
                + "<td>\(MarkupText.escaped(check.frame))</td><td>\(check.passed ? "passed" : "failed")</td>"
                + "<td>\(score)</td></tr>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <link rel="icon" href="data:,">
            <title>flipbook test: \(title)</title>
            <style>
            body { font: 15px/1.4 system-ui, sans-serif; margin: 2em; color: #222; background: #fff; }
            table { border-collapse: collapse; margin-bottom: 2em; }
            td, th { padding: 0.2em 0.8em; border-bottom: 1px solid #ddd; text-align: left; }
            tr.fail td { color: #b00020; }
            .pictures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 1em; }
            figure { margin: 0; }
            img { width: 100%; image-rendering: pixelated; border: 1px solid #ccc; background: #888; }
            figcaption { font-size: 13px; color: #555; overflow-wrap: anywhere; }
            </style>
            </head>
            <body>
            <h1>flipbook test: \(title)</h1>
            <table>
            <tr><th>preset</th><th>time</th><th>verdict</th><th>lowest SSIM</th></tr>
            \(rows)</table>
            \(sections)</body>
            </html>

            """
    }
}
