// swift-tools-version: 6.0
// Flipbook: SwiftUI-style Canvas animation rendered to video, headless, on Linux.
// The module graph has no cycles. docs/architecture.md draws it in layers and lists every
// target's direct dependencies, and tests check both against this file and against the modules
// each target's sources import. In short: Geometry ← Raster ← Canvas (records) ← Rendering (draws
// pixels) ← Scenes ← Composition ← Presets ← Flipbook ← FlipbookCommandLine ← flipbook, with Text,
// Timeline and Captions under Canvas, JSON under Scenes; Audio and Palette (pure Swift) under
// FFmpeg (FFmpeg's libraries), which with SVG (librsvg) is under Composition, and Pipeline beside
// Presets, over Rendering and FFmpeg, under Flipbook.
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .executable(name: "flipbook", targets: ["flipbook"]),
    ],
    targets: [
        .target(
            name: "CFFmpeg",
            linkerSettings: [
                .linkedLibrary("avformat"), .linkedLibrary("avcodec"),
                .linkedLibrary("swscale"), .linkedLibrary("swresample"), .linkedLibrary("avutil"),
            ]
        ),
        .systemLibrary(
            name: "CText", pkgConfig: "harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
        // zlib, to inflate the members of zip archives (.lottie files).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CSineCosine", linkerSettings: [.linkedLibrary("m")]),
        // libmicrohttpd, with a shim for its variadic MHD_start_daemon (flipbook preview's server).
        .target(
            name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),
        .target(name: "FlipbookGeometry", dependencies: ["CSineCosine"]),
        .target(
            name: "FlipbookText", dependencies: ["CText", "FlipbookGeometry"],
            // The toolchain's ICU, whose dictionaries break Thai, Lao, Khmer and Myanmar into words.
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(name: "CPrefetch"),
        .target(name: "CLanes"),
        .target(name: "CAllocator"),
        .target(name: "CSignals"),
        .target(name: "FlipbookRaster", dependencies: ["CPrefetch", "CLanes", "FlipbookGeometry"]),
        .target(name: "FlipbookCaptions"),
        .target(
            name: "FlipbookCanvas",
            dependencies: [
                "FlipbookGeometry", "FlipbookRaster", "FlipbookTimeline", "FlipbookCaptions", "FlipbookText",
            ]
        ),
        .target(name: "FlipbookTimeline"),
        .target(
            name: "FlipbookRendering",
            dependencies: ["FlipbookGeometry", "FlipbookRaster", "FlipbookCanvas", "FlipbookTimeline"]
        ),
        .target(name: "FlipbookAudio"),
        .target(name: "FlipbookPalette", dependencies: ["FlipbookRaster"]),
        .target(name: "FlipbookSVG", dependencies: ["CRsvg", "FlipbookGeometry", "FlipbookRaster"]),
        .target(
            name: "FlipbookFFmpeg",
            dependencies: [
                "CFFmpeg", "CLanes", "FlipbookRaster", "FlipbookTimeline", "FlipbookCaptions",
                "FlipbookAudio", "FlipbookPalette",
            ]
        ),
        .target(name: "FlipbookJSON"),
        .target(
            name: "FlipbookScenes",
            dependencies: [
                "FlipbookGeometry", "FlipbookRaster", "FlipbookCanvas", "FlipbookRendering",
                "FlipbookTimeline", "FlipbookCaptions", "FlipbookJSON",
            ]
        ),
        // Lottie (Bodymovin) animations read and drawn as scenes, in Swift; .lottie archives
        // inflated with zlib.
        .target(
            name: "FlipbookLottie",
            dependencies: [
                "CZlib", "FlipbookGeometry", "FlipbookRaster", "FlipbookCanvas", "FlipbookTimeline",
                "FlipbookJSON",
            ]
        ),
        .target(
            name: "FlipbookComposition",
            dependencies: [
                "FlipbookGeometry", "FlipbookRaster", "FlipbookText", "FlipbookCanvas", "FlipbookRendering",
                "FlipbookTimeline", "FlipbookCaptions", "FlipbookAudio", "FlipbookSVG", "FlipbookFFmpeg",
                "FlipbookJSON", "FlipbookScenes", "FlipbookLottie",
            ]
        ),
        .target(
            name: "FlipbookPresets",
            dependencies: [
                "FlipbookGeometry", "FlipbookCanvas", "FlipbookTimeline", "FlipbookAudio", "FlipbookPalette",
                "FlipbookFFmpeg", "FlipbookJSON", "FlipbookScenes", "FlipbookComposition", "FlipbookLottie",
            ]
        ),
        .target(
            name: "FlipbookPipeline",
            dependencies: [
                "FlipbookGeometry", "FlipbookCanvas", "FlipbookRendering", "FlipbookTimeline",
                "FlipbookCaptions", "FlipbookAudio", "FlipbookFFmpeg", "FlipbookRaster",
            ]
        ),
        .target(
            name: "Flipbook",
            dependencies: [
                "FlipbookGeometry", "FlipbookRaster", "FlipbookCanvas", "FlipbookRendering",
                "FlipbookTimeline", "FlipbookCaptions", "FlipbookAudio", "FlipbookPalette", "FlipbookSVG",
                "FlipbookFFmpeg", "FlipbookPipeline", "FlipbookScenes", "FlipbookText", "FlipbookJSON",
                "FlipbookComposition", "FlipbookPresets", "FlipbookLottie",
            ]
        ),
        // `flipbook check`: flashes, contrast, legibility and loudness measured on what a render
        // would make.
        .target(
            name: "FlipbookChecks",
            dependencies: [
                "Flipbook", "FlipbookRaster", "FlipbookComposition", "FlipbookPipeline", "FlipbookAudio",
                "FlipbookFFmpeg",
            ]
        ),
        // `flipbook preview`: the HTTP server and the studio page it serves (plain HTML, CSS and
        // JavaScript in Page/, compiled into the module as byte arrays: no build step, no files
        // to find at run time).
        .target(
            name: "FlipbookPreview",
            dependencies: [
                "CMicroHTTPD", "Flipbook", "FlipbookGeometry", "FlipbookFFmpeg", "FlipbookPipeline",
            ],
            resources: [
                .embedInCode("Page/studio.html"), .embedInCode("Page/studio.css"),
                .embedInCode("Page/studio.js"),
            ]
        ),
        .target(
            name: "FlipbookCommandLine",
            dependencies: [
                "CAllocator", "CSignals", "Flipbook", "FlipbookChecks", "FlipbookFFmpeg", "FlipbookPipeline",
                "FlipbookPreview",
            ],
            // Platforms' limits for `--target` (docs/ship.md#targets), compiled in.
            resources: [.embedInCode("Targets/targets.json")]
        ),
        .executableTarget(name: "flipbook", dependencies: ["FlipbookCommandLine"]),
        // A Swift program rendering its own scene with `FlipbookMain` (docs/porting-from-swiftui.md).
        .executableTarget(
            name: "flipbook-example-countdown", dependencies: ["Flipbook"], path: "Examples/countdown"),
        .executableTarget(
            name: "flipbook-bench",
            dependencies: ["Flipbook", "FlipbookCommandLine", "CFFmpeg"],
            path: "bench/Sources/flipbook-bench"
        ),
        .target(
            name: "FlipbookFuzzing",
            dependencies: [
                "FlipbookGeometry", "FlipbookRaster", "FlipbookCanvas", "FlipbookRendering",
                "FlipbookTimeline", "FlipbookFFmpeg", "FlipbookScenes", "FlipbookPresets",
                "FlipbookCommandLine",
            ],
            path: "Fuzz/FlipbookFuzzing"
        ),
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(
            name: "flipbook-fuzz", dependencies: ["FlipbookFuzzing", "CLibFuzzer"], path: "Fuzz/flipbook-fuzz"
        ),
        // Reference images and repository paths without FFmpeg (a PNG codec of its own), for the
        // Canvas tests; the rest of the test support brings all of Flipbook.
        .target(
            name: "FlipbookSnapshots",
            dependencies: ["FlipbookRaster", "FlipbookCanvas", "FlipbookRendering", "FlipbookTimeline"],
            path: "Tests/FlipbookSnapshots"
        ),
        .target(
            name: "FlipbookTestSupport",
            dependencies: ["Flipbook", "FlipbookSnapshots"],
            path: "Tests/FlipbookTestSupport"
        ),
        .testTarget(name: "FlipbookGeometryTests", dependencies: ["FlipbookGeometry"]),
        // Raster and Text tests link neither FFmpeg nor the test support (which brings all of
        // Flipbook): they test their module alone.
        .testTarget(name: "FlipbookTextTests", dependencies: ["FlipbookText"]),
        .testTarget(name: "FlipbookRasterTests", dependencies: ["FlipbookRaster"]),
        .testTarget(
            name: "FlipbookCanvasTests",
            dependencies: ["FlipbookCanvas", "FlipbookRendering", "FlipbookSnapshots"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "FlipbookRenderingTests",
            dependencies: ["FlipbookCanvas", "FlipbookRendering", "FlipbookSnapshots"]
        ),
        .testTarget(name: "FlipbookTimelineTests", dependencies: ["FlipbookTimeline"]),
        .testTarget(name: "FlipbookFFmpegTests", dependencies: ["FlipbookFFmpeg", "FlipbookTestSupport"]),
        .testTarget(
            name: "FlipbookAudioTests",
            dependencies: ["FlipbookAudio", "FlipbookFFmpeg", "FlipbookTestSupport"]
        ),
        .testTarget(
            name: "FlipbookPaletteTests",
            dependencies: ["FlipbookPalette", "FlipbookFFmpeg", "FlipbookTestSupport"]
        ),
        .testTarget(
            name: "FlipbookScenesTests",
            dependencies: ["FlipbookScenes", "FlipbookJSON", "FlipbookPresets", "FlipbookTestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "FlipbookCompositionTests",
            dependencies: [
                "FlipbookComposition", "FlipbookPresets", "FlipbookFFmpeg", "FlipbookTestSupport",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "FlipbookLottieTests",
            dependencies: ["FlipbookLottie", "FlipbookPresets", "FlipbookTestSupport"]
        ),
        .testTarget(
            name: "FlipbookPipelineTests",
            dependencies: [
                "FlipbookPipeline", "FlipbookScenes", "FlipbookGeometry", "FlipbookPresets",
                "FlipbookTestSupport",
            ]
        ),
        .testTarget(
            name: "FlipbookFuzzingTests",
            dependencies: ["FlipbookFuzzing", "FlipbookTestSupport"]
        ),
        .testTarget(
            name: "FlipbookExamplesTests",
            dependencies: ["Flipbook", "FlipbookTestSupport"],
            exclude: ["Snapshots"]
        ),
        // The preview's server and page, through the `flipbook` executable: HTTP requests from
        // outside, and Debian's Chromium driven by Playwright (scripts/install-tools.sh).
        .testTarget(
            name: "FlipbookChecksTests",
            dependencies: ["FlipbookChecks", "FlipbookPresets", "FlipbookTestSupport", "flipbook"]
        ),
        .testTarget(
            name: "FlipbookPreviewTests",
            dependencies: ["flipbook", "FlipbookTestSupport"],
            exclude: ["Browser"]
        ),
        .testTarget(
            name: "FlipbookTests",
            dependencies: [
                "Flipbook", "flipbook", "FlipbookCommandLine", "CAllocator", "FlipbookTestSupport",
            ],
            // `flipbook test`'s report in Chromium, driven by Playwright (scripts/install-tools.sh).
            exclude: ["Browser"]
        ),
    ]
)
