import Foundation
import KadrModel

/// A codec for a kind of clip, written as `{"<kindID>": {"_0": payload}}` in a clip list.
///
/// The model type is the clip's dynamic type: encoding finds the codec by the clip's type,
/// decoding by the kind id. Register it with ``CodecRegistry/register(clip:)``.
public protocol ClipCodec<Model>: KindCodec where Model: Clip {}

/// A codec for a kind of overlay, written as `{"<kindID>": {"_0": payload}}` in the overlay list.
///
/// Register it with ``CodecRegistry/register(overlay:)``.
public protocol OverlayCodec<Model>: KindCodec where Model: Overlay {}

/// A codec for a model type at a fixed place in the document: the composition itself, an audio
/// track, a caption, the preset, the quality, the crop. Written as a plain object.
///
/// Register it with ``CodecRegistry/register(model:)``; other codecs write such values with
/// ``KeyedEncoder/encode(model:for:)``.
public protocol ModelCodec<Model>: KindCodec {}

/// A codec for one filter kind over `Filter` values, written as `{"kind": "<kindID>", …}` in a
/// video clip's filter list. The built-in kinds (`sepia`, `lut`, …) are registered this way.
///
/// The codec's ``KindCodec/kindID`` must equal the `FilterKind` raw value of the filters it
/// writes; its payload keys must not include `kind`. Register it with
/// ``CodecRegistry/register(filter:)``.
public protocol FilterCodec: KindCodec where Model == Filter {}

/// A codec for a plugin's filter type, carried in a clip as `Filter.custom(_:)` and written as
/// `{"kind": "<kindID>", …}`.
///
/// The kind id must equal the type's `CustomFilter.kind`. Register it with
/// ``CodecRegistry/register(customFilter:)``.
public protocol CustomFilterCodec<Model>: KindCodec where Model: CustomFilter {}

/// A codec for a kind of text animation, written as `{"kind": "<kindID>", …}` on a text overlay.
///
/// The payload keys must not include `kind`. Register it with
/// ``CodecRegistry/register(textAnimation:)``.
public protocol TextAnimationCodec<Model>: KindCodec where Model: TextAnimation {}
