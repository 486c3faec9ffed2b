extension AtomicOutput {
    /// Runs `body`, which writes the temporary file, then commits; on any failure removes the
    /// temporary file and maps the error (`ExportError.mapping`).
    func writing(_ body: () async throws -> Void) async throws {
        do {
            try await body()
            try commit()
        } catch {
            discard()
            throw ExportError.mapping(error, temporary: temporary, destination: destination)
        }
    }

    func writing(_ body: () throws -> Void) throws {
        do {
            try body()
            try commit()
        } catch {
            discard()
            throw ExportError.mapping(error, temporary: temporary, destination: destination)
        }
    }
}
