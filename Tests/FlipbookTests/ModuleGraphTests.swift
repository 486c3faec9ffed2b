import FlipbookTestSupport
import Foundation
import Testing

/// The targets of `Package.swift` with their direct dependencies, read from its text: every
/// `.target(`, `.executableTarget(` or `.systemLibrary(` call, its `name:` and the strings in its
/// `dependencies: [ … ]`.
private func packageTargets() throws -> [String: Set<String>] {
    let text = try String(contentsOfFile: RepositoryPaths.path("Package.swift"), encoding: .utf8)
    var targets: [String: Set<String>] = [:]
    for opener in [".target(", ".executableTarget(", ".systemLibrary("] {
        var rest = text[...]
        while let start = rest.range(of: opener) {
            // The call's text, up to its matching parenthesis.
            var depth = 0
            var end = start.upperBound
            for index in text[start.lowerBound...].indices {
                if text[index] == "(" { depth += 1 }
                if text[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = index
                        break
                    }
                }
            }
            let call = text[start.lowerBound..<end]
            rest = text[end...]
            guard let name = call.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
            var dependencies: Set<String> = []
            if let list = call.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                for match in list.matches(of: /"([^"]+)"/) { dependencies.insert(String(match.1)) }
            }
            targets[String(name)] = dependencies
        }
    }
    return targets
}

/// The module table of `docs/architecture.md`: each row's module and the modules in its last
/// column (`—` for none).
private func documentedModules() throws -> [String: Set<String>] {
    let text = try String(contentsOfFile: RepositoryPaths.path("docs/architecture.md"), encoding: .utf8)
    var modules: [String: Set<String>] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 3, let name = cells.first?.firstMatch(of: /`([^`]+)`/)?.1 else { continue }
        modules[String(name)] = Set(cells[cells.count - 1].matches(of: /`([^`]+)`/).map { String($0.1) })
    }
    return modules
}

/// The modules of this package that the Swift files of `Sources/module` import (`import X`,
/// `@_exported import X`, with any access level): the graph as the code has it.
private func importedModules(of module: String, among modules: Set<String>) throws -> Set<String> {
    let folder = RepositoryPaths.path("Sources/\(module)")
    var imported: Set<String> = []
    for case let file as String in FileManager.default.enumerator(atPath: folder) ?? .init()
    where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
        for line in text.split(separator: "\n") {
            guard
                let name = line.firstMatch(
                    of: /^\s*(?:@_exported\s+)?(?:(?:public|package|internal)\s+)?import\s+(\w+)/)?.1,
                modules.contains(String(name))
            else { continue }
            imported.insert(String(name))
        }
    }
    return imported
}

/// docs/architecture.md says the true module graph: every library and executable target under
/// Sources/ with exactly its direct dependencies — those Package.swift declares, and those its
/// sources import (issue 24, issue 52).
@Test func theDocumentedModuleGraphIsThePackages() throws {
    let targets = try packageTargets()
    let documented = try documentedModules()
    let sources = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("Sources"))
    #expect(sources.count >= 18)
    for module in sources {
        #expect(documented[module] != nil, "\(module) is missing from docs/architecture.md")
        #expect(targets[module] != nil, "\(module) is not a target of Package.swift")
        if let documented = documented[module], let real = targets[module] {
            #expect(
                documented == real,
                "\(module): documented \(documented.sorted()), Package.swift \(real.sorted())")
            // A C module's dependencies are its system libraries, which Swift does not import.
            let imported = try importedModules(of: module, among: Set(sources))
            if !module.hasPrefix("C") {
                #expect(
                    imported == real,
                    "\(module): imports \(imported.sorted()), Package.swift \(real.sorted())")
            }
        }
    }
}

/// The rows of the layered drawing in docs/architecture.md's module section (its first code
/// block), top row first, each the names of `modules` on that line.
private func drawnLayers(among modules: Set<String>) throws -> [[String]] {
    let text = try String(contentsOfFile: RepositoryPaths.path("docs/architecture.md"), encoding: .utf8)
    guard let section = text.range(of: "## Modules"),
        let open = text[section.upperBound...].range(of: "```\n"),
        let close = text[open.upperBound...].range(of: "```")
    else { return [] }
    return text[open.upperBound..<close.lowerBound].split(separator: "\n")
        .map { line in line.split(separator: " ").map(String.init).filter(modules.contains) }
        .filter { !$0.isEmpty }
}

/// docs/architecture.md draws the module graph in layers: every module under Sources/ once,
/// above every module it depends on, in Package.swift or by an import (issue 52).
@Test func theDrawnModuleLayersHoldEveryModuleAboveWhatItUses() throws {
    let targets = try packageTargets()
    let sources = Set(try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("Sources")))
    var row: [String: Int] = [:]
    for (index, layer) in try drawnLayers(among: sources).enumerated() {
        for module in layer {
            #expect(row[module] == nil, "\(module) is drawn twice")
            row[module] = index
        }
    }
    for module in sources.sorted() {
        guard let own = row[module] else {
            Issue.record("\(module) is missing from the drawing in docs/architecture.md")
            continue
        }
        let used = try (targets[module] ?? []).union(importedModules(of: module, among: sources))
        for dependency in used.sorted() {
            #expect(
                (row[dependency] ?? -1) > own, "\(module) uses \(dependency), which is not drawn below it")
        }
    }
}
