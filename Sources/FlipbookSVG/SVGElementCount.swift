import Foundation

/// How many elements an SVG document draws once its `<use>` elements are expanded, counted
/// from its bytes before librsvg sees them.
///
/// A `<use>` draws a copy of the element it refers to (`href="#id"`, or `xlink:href`) with all
/// that element holds, its own `<use>`s expanded too: ten levels of groups each using the one
/// below ten times are a 3 kB file and ten billion elements, on which librsvg worked for 20 to
/// 46 seconds before giving up (its own limits are on the elements it has expanded, not on those
/// it would). Counting first, by a scan of the tags and a walk of the references, takes
/// microseconds per element and bounds the work of every rasterisation.
///
/// The scan reads start and end tags, skipping comments, CDATA sections, processing
/// instructions and the document type declaration; it does not validate the XML (librsvg
/// does, after). Counts stop growing at `ceiling`.
struct SVGElementCount {
    /// Elements drawn, `<use>`s expanded, at most `ceiling`.
    let expanded: Int
    /// Whether a `<use>` refers to an element that holds it (librsvg refuses such a document).
    let refersToItself: Bool

    /// One element: its `id`, the `id` its `<use>` refers to, and the elements in it.
    private struct Element {
        var id: String?
        var reference: String?
        var children: [Int] = []
    }

    init(_ data: some Collection<UInt8>, ceiling: Int) {
        let (elements, roots) = Self.elements(Array(data))
        var ids: [String: Int] = [:]
        for index in elements.indices {
            if let id = elements[index].id, ids[id] == nil { ids[id] = index }
        }
        // Each element's edges: its children, and the element its `<use>` refers to.
        let edges = elements.map { element in
            element.children + (element.reference.flatMap { ids[$0] }.map { [$0] } ?? [])
        }
        // Post-order, without recursion (documents nest deeper than a thread's stack allows):
        // an element's count is itself and its edges' counts; an edge back to an element still
        // being counted is a cycle.
        let (unseen, counting) = (-1, -2)
        var totals = [Int](repeating: unseen, count: elements.count)
        var cycle = false
        var stack: [(index: Int, finishing: Bool)] = []
        var expanded = 0
        for root in roots {
            stack.append((root, false))
            while let (index, finishing) = stack.popLast() {
                if finishing {
                    totals[index] = edges[index].reduce(1) { min($0 + max(totals[$1], 0), ceiling) }
                    continue
                }
                guard totals[index] == unseen else { continue }
                totals[index] = counting
                stack.append((index, true))
                for edge in edges[index] {
                    if totals[edge] == counting {
                        cycle = true
                    } else if totals[edge] == unseen {
                        stack.append((edge, false))
                    }
                }
            }
            expanded = min(expanded + max(totals[root], 0), ceiling)
        }
        (self.expanded, refersToItself) = (expanded, cycle)
    }

    /// The elements of `bytes`, in document order, each with its children's indices, and the
    /// top-level ones (the root `<svg>`, or each of a malformed file's several roots).
    private static func elements(_ bytes: [UInt8]) -> (elements: [Element], roots: [Int]) {
        var elements: [Element] = []
        var open: [Int] = []
        var roots: [Int] = []
        var index = 0
        let count = bytes.count
        /// The index after the first `terminator` from `start`, or the end.
        func skip(past terminator: [UInt8], from start: Int) -> Int {
            var i = start
            while i + terminator.count <= count {
                if bytes[i] == terminator[0], Array(bytes[i..<(i + terminator.count)]) == terminator {
                    return i + terminator.count
                }
                i += 1
            }
            return count
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                if bytes[index...].starts(with: Array("<!--".utf8)) {
                    index = skip(past: Array("-->".utf8), from: index + 4)
                } else if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                    index = skip(past: Array("]]>".utf8), from: index + 9)
                } else {
                    index = skipDeclaration(bytes, from: index + 2)
                }
                continue
            }
            if next == UInt8(ascii: "?") {
                index = skip(past: Array("?>".utf8), from: index + 2)
                continue
            }
            if next == UInt8(ascii: "/") {
                _ = open.popLast()
                index = skip(past: [UInt8(ascii: ">")], from: index + 2)
                continue
            }
            let (tag, end) = readTag(bytes, from: index + 1)
            let element = elements.count
            elements.append(tag.element)
            if let parent = open.last {
                elements[parent].children.append(element)
            } else {
                roots.append(element)
            }
            if !tag.closed { open.append(element) }
            index = end
        }
        return (elements, roots)
    }

    /// Past a `<!DOCTYPE …>` or other declaration from `start`, its internal subset (`[…]`)
    /// and quoted strings included.
    private static func skipDeclaration(_ bytes: [UInt8], from start: Int) -> Int {
        var (index, depth, quote): (Int, Int, UInt8?) = (start, 0, nil)
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return index
            }
        }
        return index
    }

    /// The start tag whose name begins at `start`: its element, whether it closes itself
    /// (`/>`), and the index after its `>`.
    private static func readTag(_ bytes: [UInt8], from start: Int) -> (
        tag: (element: Element, closed: Bool), end: Int
    ) {
        var index = start
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isNameEnd(_ byte: UInt8) -> Bool {
            isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "=")
        }
        func name() -> String {
            let first = index
            while index < bytes.count, !isNameEnd(bytes[index]) { index += 1 }
            return String(decoding: bytes[first..<index], as: UTF8.self)
        }
        let tagName = name()
        var element = Element()
        let isUse = tagName == "use" || tagName.hasSuffix(":use")
        while index < bytes.count {
            let byte = bytes[index]
            if isSpace(byte) {
                index += 1
            } else if byte == UInt8(ascii: ">") {
                return ((element, false), index + 1)
            } else if byte == UInt8(ascii: "/") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
                    return ((element, true), index + 1)
                }
            } else {
                let attribute = name()
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count,
                    bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                else { continue }
                let quote = bytes[index]
                let first = index + 1
                index = first
                while index < bytes.count, bytes[index] != quote { index += 1 }
                let value = String(decoding: bytes[first..<min(index, bytes.count)], as: UTF8.self)
                index += 1
                if attribute == "id" {
                    element.id = value.trimmingCharacters(in: .whitespaces)
                } else if isUse, attribute == "href" || attribute.hasSuffix(":href") {
                    let target = value.trimmingCharacters(in: .whitespaces)
                    if target.hasPrefix("#") { element.reference = String(target.dropFirst()) }
                }
            }
        }
        return ((element, false), index)
    }
}
