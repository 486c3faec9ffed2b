import Flipbook

extension OptionCatalog {
    /// The catalog: the declarations commands read their options with (`list[\.threads]`
    /// reads `OptionCatalog.declared.threads`).
    static let declared = OptionCatalog()

    /// Every option's declaration, in the order of the catalog's properties. Found by reflecting
    /// on them, as swift-argument-parser finds a command's options by reflecting on its
    /// properties: an option is declared by adding a property, and nothing else lists it.
    static let all: [OptionDeclaration] = Mirror(reflecting: declared).children.compactMap {
        ($0.value as? any DeclaresOption)?.declaration
    }

    /// The options `command` takes, in the catalog's order.
    static func options(for command: Subcommand) -> [OptionDeclaration] {
        all.filter { $0.commands.contains(command) }
    }

    /// The option spelled `word` (`--output` or `-o`), whatever command takes it.
    static func option(spelled word: String) -> OptionDeclaration? {
        all.first { $0.isSpelled(word) }
    }

    /// The option that sets `setting`, for naming it in an encoder's complaint.
    static func option(setting: EncodingSetting) -> OptionDeclaration? {
        all.first { $0.setting == setting }
    }
}
