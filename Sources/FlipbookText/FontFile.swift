import CText

/// A font file that need not be installed — a composition's own `fonts` — and its faces as
/// fontconfig reads them: family names, weight and slant, so that a text naming the family
/// finds the face nearest to the weight and slant it asks for (`FontLibrary`).
///
/// Why not add the file to fontconfig's configuration: that is one per process, so a batch
/// would let one preset's fonts answer another preset's names, and a preset's text would look
/// different rendered alone. A descriptor carries its own files instead (`FontDescriptor.files`).
package struct FontFile: Hashable, Sendable {
    /// One face of the file (a collection, `.ttc`, holds several).
    package struct Face: Hashable, Sendable {
        package var index: Int32
        /// Every family name the face gives (fonts name themselves in several languages).
        package var families: [String]
        /// fontconfig's weight (`FC_WEIGHT`: 80 regular, 200 bold) and slant (0 roman).
        package var weight: Double
        package var slant: Int32
    }

    package let path: String
    package let faces: [Face]

    /// Reads the faces of the file at `path`; throws `FontError` when it holds none (not a font,
    /// or one FreeType cannot read).
    init(path: String) throws {
        var faces: [Face] = []
        var count: Int32 = 1
        var index: Int32 = 0
        while index < count, index < 64 {
            let pattern = path.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
                    FcFreeTypeQuery($0, UInt32(index), nil, &count)
                }
            }
            guard let pattern else { break }
            defer { FcPatternDestroy(pattern) }
            var families: [String] = []
            var name: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, Int32(families.count), &name) == FcResultMatch,
                let name
            {
                families.append(String(cString: name))
            }
            var weight = 80.0
            if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) != FcResultMatch {
                var whole: Int32 = 80
                if FcPatternGetInteger(pattern, FC_WEIGHT, 0, &whole) == FcResultMatch {
                    weight = Double(whole)
                }
            }
            var slant: Int32 = 0
            FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
            if !families.isEmpty {
                faces.append(Face(index: index, families: families, weight: weight, slant: slant))
            }
            index += 1
        }
        guard !faces.isEmpty else { throw FontError(message: "not a font file FreeType can read") }
        self.path = path
        self.faces = faces
    }

    /// The family names of the file's faces, each once, in order.
    package var familyNames: [String] {
        var seen: Set<String> = []
        return faces.flatMap(\.families).filter { seen.insert($0.lowercased()).inserted }
    }
}
