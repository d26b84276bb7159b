import KadrInterchange

/// The placeholder of a gap or an offline clip: the interchange floor's
/// `InterchangePlaceholder`, under the name it had when only this module made
/// placeholders. Kept so that code naming it compiles unchanged.
public typealias OTIOPlaceholder = InterchangePlaceholder

/// The placeholder's codec (kind `com.kadr.otio.placeholder`): the interchange floor's
/// `InterchangePlaceholderCodec`, under its former name.
public typealias OTIOPlaceholderCodec = InterchangePlaceholderCodec
