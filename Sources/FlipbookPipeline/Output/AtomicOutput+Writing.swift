extension AtomicOutput {
    /// Runs `body`, which renders into the temporary file, then commits; on any failure removes
    /// the temporary file and maps the error (`ExportError.mapping`).
    func renderAndCommit(_ body: () async throws -> Void) async throws {
        do {
            try await body()
            try commit()
        } catch {
            discard()
            throw ExportError.mapping(error, temporary: temporary, destination: destination)
        }
    }

    /// `renderAndCommit` for work that does not suspend (a still, captions).
    package func writeAndCommit(_ body: () throws -> Void) throws {
        do {
            try body()
            try commit()
        } catch {
            discard()
            throw ExportError.mapping(error, temporary: temporary, destination: destination)
        }
    }
}
