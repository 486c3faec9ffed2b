/// The fuzz targets by name, as `FLIPBOOK_FUZZ_TARGET` and `make fuzz` name them.
public enum FuzzTargets {
    public static let all: [(name: String, run: @Sendable (UnsafeRawBufferPointer) -> Void)] = [
        ("preset", PresetFuzzTarget.run),
        ("raster", RasterFuzzTarget.run),
        ("cli", CommandLineFuzzTarget.run),
        ("captions", CaptionsFuzzTarget.run),
        ("composition", CompositionFuzzTarget.run),
    ]

    public static func named(_ name: String) -> (@Sendable (UnsafeRawBufferPointer) -> Void)? {
        all.first { $0.name == name }?.run
    }
}
