import FlipbookCanvas
import FlipbookJSON

/// Where a scene's parameters come from. A scene reads its parameters once, through this
/// protocol, in one function: from a preset's JSON (`JSONParameterSource`: values checked and
/// located errors thrown) or from nothing (`SchemaRecorder`: every call records the parameter's
/// name, type, range, default and meaning). So the decoder, the JSON Schema and `flipbook scenes`
/// come from the same source and cannot drift apart.
package protocol ParameterSource {
    mutating func number(_ key: String, _ doc: String, default: Double, in range: ClosedRange<Double>)
        throws(PresetError) -> Double
    mutating func integer(_ key: String, _ doc: String, default: Int, in range: ClosedRange<Int>)
        throws(PresetError) -> Int
    mutating func bool(_ key: String, _ doc: String, default: Bool) throws(PresetError) -> Bool
    /// A text that may be absent (`nil` by default).
    mutating func text(_ key: String, _ doc: String) throws(PresetError) -> String?
    mutating func color(_ key: String, _ doc: String, default: Color) throws(PresetError) -> Color
    mutating func colors(_ key: String, _ doc: String, default: [Color]) throws(PresetError) -> [Color]
    mutating func choice(_ key: String, _ doc: String, default: String, among choices: [String])
        throws(PresetError) -> String
    /// A number that may be absent.
    mutating func optionalNumber(_ key: String, _ doc: String, in range: ClosedRange<Double>)
        throws(PresetError) -> Double?
    /// A list of objects, each read by `element` (described once, with `defaultCount` items in
    /// the default).
    mutating func objects<Element>(
        _ key: String, _ doc: String, default: [Element], count: ClosedRange<Int>,
        element: (inout any ParameterSource) throws(PresetError) -> Element
    ) throws(PresetError) -> [Element]
    /// An error about `key` (or the whole object) for checks across parameters.
    func error(_ key: String?, _ message: String) -> PresetError
}
