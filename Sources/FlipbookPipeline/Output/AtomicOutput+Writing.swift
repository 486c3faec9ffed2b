extension AtomicOutput {
    /// Runs `body`, which renders into the temporary file, then commits — through the
    /// `CommitGate`, unless `throughGate` is false: a size budget's try takes the name of the
    /// budgeted output's own temporary, not of an output, so a signal after it must still stop
    /// the command; only the try kept takes the output's name, through the gate. On any failure
    /// removes the temporary file and maps the error (`ExportError.mapping`).
    func renderAndCommit(throughGate: Bool = true, _ body: () async throws -> Void) async throws {
        do {
            try await body()
            if throughGate { try commit() } else { try moveIntoPlace() }
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
