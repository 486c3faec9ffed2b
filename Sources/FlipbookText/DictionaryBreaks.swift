import _FoundationICU

/// Where a run of Thai, Lao, Khmer, Myanmar or another script of class SA may break: between
/// its words, which these scripts write without spaces. UAX #14 leaves such runs to a dictionary
/// ("complex context"); without one, a Thai sentence is one unbreakable word that overflows its
/// box. The dictionaries are ICU's, in the toolchain's own ICU (`_FoundationICU`, the one
/// Foundation formats numbers and dates with), so the breaks are the same on every machine that
/// builds with the same toolchain, and nothing is installed for them.
enum DictionaryBreaks {
    /// The indices of `run` (characters of class SA) before which a line may break, between
    /// its words; never its first index.
    static func opportunities(in run: ArraySlice<Character>) -> [Int] {
        guard run.count > 1 else { return [] }
        var text: [UInt16] = []
        // The character that starts at each UTF-16 offset.
        var characterAt: [Int: Int] = [:]
        for index in run.indices {
            characterAt[text.count] = index
            text.append(contentsOf: run[index].utf16)
        }
        var status = U_ZERO_ERROR
        // ICU's line breaking with its dictionaries; the locale does not choose them.
        guard let iterator = swift_ubrk_open(UBRK_LINE, "", text, Int32(text.count), &status),
            status.rawValue <= U_ZERO_ERROR.rawValue
        else { return [] }
        defer { swift_ubrk_close(iterator) }
        var breaks: [Int] = []
        var offset = swift_ubrk_following(iterator, 0)
        while offset != UBRK_DONE, Int(offset) < text.count {
            // A boundary inside a character (never expected) is no place for a line to break.
            if let index = characterAt[Int(offset)] { breaks.append(index) }
            offset = swift_ubrk_next(iterator)
        }
        return breaks
    }
}
