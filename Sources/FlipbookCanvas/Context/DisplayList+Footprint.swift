import FlipbookGeometry

extension DisplayList {
    /// About how many bytes the list holds: its items, and the elements of the paths in them and
    /// in the layers, clips and symbols they hold. Images and gradients a paint refers to are
    /// shared with the scene and not counted. A cache that keeps lists as keys counts this
    /// beside what it keeps for them: a text moving by character keeps thousands of small layers,
    /// whose glyph outlines outweigh their pixels.
    package var approximateBytes: Int {
        items.count * MemoryLayout<Item>.stride
            + items.reduce(0) { total, item in
                switch item {
                case .fill(let fill): total + Self.pathBytes(fill.path) + Self.clipBytes(fill.clips)
                case .glyphs(let text):
                    total + Self.pathBytes(text.fill.path) + Self.clipBytes(text.fill.clips)
                        + text.run.glyphs.count * MemoryLayout<GlyphRun.Glyph>.stride
                case .stroke(let stroke): total + Self.pathBytes(stroke.path) + Self.clipBytes(stroke.clips)
                case .layer(let layer): total + layer.content.approximateBytes + Self.clipBytes(layer.clips)
                case .stamp(let stamp):
                    total + stamp.symbol.content.approximateBytes + Self.clipBytes(stamp.clips)
                }
            }
    }

    private static func pathBytes(_ path: Path) -> Int {
        path.elements.count * MemoryLayout<Path.Element>.stride
    }

    private static func clipBytes(_ clips: [Clip]) -> Int {
        clips.reduce(0) { total, clip in
            switch clip {
            case .path(let path, _, _, _): total + pathBytes(path)
            case .layer(let content, _, _): total + content.approximateBytes
            }
        }
    }
}
