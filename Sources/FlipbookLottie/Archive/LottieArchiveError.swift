/// Why a `.lottie` archive cannot be read: a damaged or hostile zip (a member that would escape
/// the archive, inflate past its size or past `LottieLimits`), or a manifest without the
/// animation asked for. Its caller says which file it is about.
public struct LottieArchiveError: Error, Hashable, Sendable {
    public var message: String
}
