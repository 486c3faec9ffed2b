import Flipbook
import FlipbookPreview
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `flipbook preview PRESET [--port N] [--host ADDR] [--size WxH] [--open]`: serves the studio
/// (`PreviewStudio`) on `http://ADDR:PORT/` until Ctrl-C, which stops it cleanly (exit 130, as
/// every command interrupted). The preset is checked first as `render` checks it: one that does
/// not read cleanly is refused before anything listens.
struct PreviewCommand {
    let arguments: [String]

    func run() async throws(CommandError) {
        let list = try ArgumentList(arguments, command: .preview)
        if list[\.help] {
            StandardStreams.out(Help.text(for: "preview") + "\n")
            return
        }
        let presetPath = try list.onePreset(for: "preview")
        let address = list[\.host]
        guard Self.isNumericAddress(address) else {
            throw .usage(
                "--host expects a numeric IPv4 or IPv6 address, e.g. 127.0.0.1 or 0.0.0.0 (got \"\(address)\")"
            )
        }
        let limits = try RenderCommand.limits(from: list)
        let warnings = WarningSink { StandardStreams.err("flipbook: warning: \($0)\n") }
        _ = try RenderCommand.loadPreset(presetPath, list: list, limits: limits, warnings: warnings)
        var configuration = PreviewConfiguration(presetPath: presetPath, outputFolder: list[\.output])
        configuration.limits = limits
        configuration.overrides = try RenderCommand.overrides(from: list)
        configuration.readableFolders = list[\.allowRead]
        configuration.address = address
        configuration.port = list[\.port]
        configuration.extraSizes = list[\.size].map { [$0] } ?? []
        // Exports go there: a file in its place, or on its way, is refused before the server starts.
        try OutputTarget.refuseUnwritable(
            folder: configuration.outputFolder, saying: "cannot export into \(configuration.outputFolder)")
        configuration.renderCommand = Self.renderCommand(
            presetPath: presetPath, outputFolder: configuration.outputFolder, list: list)
        if let table = list[\.variables] {
            configuration.tableRows = try VariablesTable(path: table).rows.map { ($0.id, $0.values) }
        }
        if FlipbookTool.checking { return }
        let studio: PreviewStudio
        do {
            studio = try warnings.receiving { () throws(PresetError) in try PreviewStudio(configuration) }
        } catch {
            throw CommandError(code: .invalidInput, message: error.description)
        }
        let interruption = Interruption(writesOneOutput: false)
        let trap = try SignalTrap(interruption)
        defer { withExtendedLifetime(trap) {} }
        let server: HTTPServer
        do {
            server = try HTTPServer(address: address, port: configuration.port) { studio.handle($0) }
        } catch {
            await studio.stop()
            throw CommandError(code: .failure, message: error.description)
        }
        let host = address.contains(":") ? "[\(address)]" : address
        let url = "http://\(host):\(server.port)/"
        if !Self.isLoopback(address) {
            StandardStreams.err(
                "flipbook: warning: listening on \(address): other machines can reach the studio, see its files "
                    + "and export into \(configuration.outputFolder)\n")
        }
        StandardStreams.out("flipbook preview: \(url) (Ctrl-C stops)\n")
        if list[\.open] { Self.openInBrowser(url) }
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            interruption.attach { stopped.resume() }
        }
        await studio.stop()
        server.stop()
        throw CommandError(code: .interrupted, message: "interrupted; the preview stopped")
    }

    /// Opens `url` with the desktop's browser, without waiting for it.
    private static func openInBrowser(_ url: String) {
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = ["xdg-open", url]
        do {
            try opener.run()
        } catch {
            StandardStreams.err(
                "flipbook: warning: cannot open a browser (\(error.localizedDescription)); open \(url)\n")
        }
    }

    /// Whether `address` is a numeric IPv4 or IPv6 address.
    static func isNumericAddress(_ address: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, address, &v4) == 1 || inet_pton(AF_INET6, address, &v6) == 1
    }

    /// Whether `address` is a loopback address, which only this machine reaches.
    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.")
    }

    /// The "copy command": `flipbook render PRESET -o FOLDER/NAME.mp4` with the command line's
    /// `--set`, `--limit` and `--allow-read`, then the form's variables as `--set`s, each word
    /// quoted for the shell where it needs to be (as a farm's job scripts quote theirs).
    static func renderCommand(presetPath: String, outputFolder: String, list: ArgumentList)
        -> @Sendable ([String]) -> String
    {
        let options = OptionCatalog.declared
        let name = ((presetPath as NSString).lastPathComponent as NSString).deletingPathExtension
        let output = (outputFolder as NSString).appendingPathComponent("\(name).mp4")
        let words =
            ["flipbook", Subcommand.render.rawValue, presetPath] + options.output.arguments(output)
            + list[\.set].flatMap(options.set.arguments) + list[\.limit].flatMap(options.limit.arguments)
            + list[\.allowRead].flatMap(options.allowRead.arguments)
        return { overrides in
            (words + overrides.flatMap(options.set.arguments)).map(SlurmFarm.quoted).joined(separator: " ")
        }
    }
}
