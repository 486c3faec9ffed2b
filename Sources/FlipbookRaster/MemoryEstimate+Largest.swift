extension MemoryEstimate {
    /// A part of the document and what it and the parts within it take.
    package struct Part: Hashable, Sendable {
        /// Its JSON path (`layers[3]`); empty for the render's own share.
        package var path: String
        package var bytes: Int
        /// Its items and those of the parts within it (`layers[3].layers[0]` is within
        /// `layers[3]`).
        package var items: [Item]

        package init(path: String, bytes: Int, items: [Item]) {
            (self.path, self.bytes, self.items) = (path, bytes, items)
        }
    }

    /// The part of the document that takes the most when `workers` draw frames at once, the
    /// parts within each counted with it — or the render's own share (its frames, caches and
    /// encoder, at the empty path) when it takes more than the whole document.
    ///
    /// From the document down, the part holding nine tenths or more of what its parent holds
    /// is followed: through a list (`layers`) as through a plain group, into a layer that
    /// itself takes at least twice what the last layer passed takes. So a blurred, turned
    /// layer in a plain group is named, not the group; fifteen groups nested in one another,
    /// each as costly as the next, are named by the outermost (`layers[0]`); and two thousand
    /// confetti layers, none much costlier than another, by their list (`layers`).
    package func largest(workers: Int) -> Part? {
        var nodes: [String: Node] = [:]
        for (index, item) in items.enumerated() where !item.path.isEmpty {
            let bytes = item.bytes(workers: workers)
            var parent = ""
            for prefix in Self.prefixes(of: item.path) {
                if nodes[prefix] == nil { nodes[parent, default: Node()].children.append(prefix) }
                nodes[prefix, default: Node()].subtree = Item.sum(
                    nodes[prefix, default: Node()].subtree, bytes)
                nodes[prefix, default: Node()].items.append(index)
                parent = prefix
            }
            nodes[item.path, default: Node()].own = Item.sum(nodes[item.path, default: Node()].own, bytes)
        }
        let render = items.filter(\.path.isEmpty)
        let renderBytes = render.reduce(0) { Item.sum($0, $1.bytes(workers: workers)) }
        let document = nodes[""]?.children.reduce(0) { Item.sum($0, nodes[$1]?.subtree ?? 0) } ?? 0
        guard document > 0, document >= renderBytes else {
            return render.isEmpty ? nil : Part(path: "", bytes: renderBytes, items: render)
        }
        /// The part one step within `path` that takes the most, the first among equals.
        func largestChild(of path: String) -> (path: String, node: Node)? {
            var best: (path: String, node: Node)?
            for child in nodes[path]?.children ?? [] {
                guard let node = nodes[child], node.subtree > best?.node.subtree ?? -1 else { continue }
                best = (child, node)
            }
            return best
        }
        var (current, currentBytes) = ("", document)
        var lastLayer: (path: String, own: Int)?
        while let next = largestChild(of: current), Double(next.node.subtree) >= 0.9 * Double(currentBytes) {
            if next.node.own > 0 {
                if let last = lastLayer, next.node.own < Item.product(2, last.own) { break }
                lastLayer = (next.path, next.node.own)
            }
            (current, currentBytes) = (next.path, next.node.subtree)
        }
        // A list passed on the way from a layer names that layer: its children spread evenly.
        if let last = lastLayer, nodes[current]?.own == 0 { current = last.path }
        if current.isEmpty {
            // Nothing holds nine tenths: the costliest top-level part.
            current =
                nodes[""]?.children.max { (nodes[$0]?.subtree ?? 0) < (nodes[$1]?.subtree ?? 0) } ?? ""
        }
        guard let node = nodes[current] else { return nil }
        return Part(path: current, bytes: node.subtree, items: node.items.map { items[$0] })
    }

    /// A part's share while the tree of parts is built.
    private struct Node {
        /// Bytes of its own items and of those within it.
        var subtree = 0
        /// Bytes of its own items.
        var own = 0
        /// The indices of its items and of those within it.
        var items: [Int] = []
        /// The paths one step within it, in the order first met.
        var children: [String] = []
    }

    /// The paths `path` lies within, outermost first, and itself: `layers`, `layers[3]`,
    /// `layers[3].layers`, `layers[3].layers[0]` for the last.
    static func prefixes(of path: String) -> [String] {
        var prefixes: [String] = []
        var index = path.startIndex
        while index < path.endIndex {
            let next = path.index(after: index)
            if next < path.endIndex, path[next] == "." || path[next] == "[", index != path.startIndex {
                prefixes.append(String(path[...index]))
            }
            index = next
        }
        prefixes.append(path)
        return prefixes
    }
}
