// The test support includes the reference-image helpers, so its users import one module.
@_exported import FlipbookSnapshots
