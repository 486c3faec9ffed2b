import Flipbook
import Foundation

/// What `flipbook preview` was asked for: the preset and how to read it, where to listen, the
/// extra shapes and where exports go.
package struct PreviewConfiguration: Sendable {
    /// The preset file, as given on the command line.
    package var presetPath: String
    /// The limits it is read and rendered under (`--limit`).
    package var limits = RenderLimits()
    /// `--set` overrides, applied before the form's variables.
    package var overrides: [PresetOverride] = []
    /// `--allow-read` folders.
    package var readableFolders: [String] = []
    /// The numeric address to listen on (`--host`; 127.0.0.1 by default).
    package var address = "127.0.0.1"
    /// The port (`--port`; 0 lets the system choose a free one).
    package var port = 0
    /// `--size`s, shown beside the preset's own size and the usual shapes.
    package var extraSizes: [(width: Int, height: Int)] = []
    /// Where exports are written (the preset's folder's `out/` by default).
    package var outputFolder: String
    /// The rows of a variables table (`--variables`) the form offers to pick from: each row's
    /// name and its values as `--set variables.NAME=VALUE` would carry them.
    package var tableRows: [(id: String, values: [(name: String, value: String)])] = []
    /// The `flipbook render` line that renders what the page shows, given the form's variables
    /// as overrides (`variables.NAME=VALUE`): written by the command line, which knows its flags.
    package var renderCommand: @Sendable (_ overrides: [String]) -> String = { _ in "" }

    package init(presetPath: String, outputFolder: String? = nil) {
        self.presetPath = presetPath
        let folder = (presetPath as NSString).deletingLastPathComponent
        self.outputFolder =
            outputFolder ?? ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent("out")
    }

    /// The shapes the studio shows `preset` in: its own size, the usual shapes, the `--size`s.
    package func shapes(of preset: Preset) -> [PreviewShape] {
        PreviewShape.shapes(width: preset.width, height: preset.height, extra: extraSizes)
    }

    /// The folder the preset lies in, whose files the page may load.
    package var presetFolder: String {
        let folder = (presetPath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}
