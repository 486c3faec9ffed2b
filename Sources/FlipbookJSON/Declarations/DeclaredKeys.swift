/// An object's declared keys whatever its model: what a schema or a document that lists
/// several kinds of object (a layer's kinds, every table of the docs) is made from.
package protocol DeclaredKeys: Sendable {
    /// The table's name where the docs hold it (`<!-- keys: name -->`).
    var name: String { get }
    var keys: [String] { get }
    /// Each property's schema, described.
    var propertySchemas: [(String, JSONOutput)] { get }
    /// The schema of the whole object.
    var schema: JSONOutput { get }
    /// The reference table the docs hold.
    var markdownTable: String { get }
    /// What `--explain` calls a change of the property `key`; `nil` unless it is keyframable.
    func changeName(of key: String) -> String?
}

extension ObjectDeclaration: DeclaredKeys {
    package func changeName(of key: String) -> String? { self[key]?.changeName }
}
