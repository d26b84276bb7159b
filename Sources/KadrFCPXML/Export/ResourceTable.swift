import Foundation
import KadrModel

/// The `resources` of an FCPXML document being written: the sequence's format, then assets
/// and effects in the order the timeline first uses them, each with the id `rN` it gets then.
///
/// The same media file used twice is one asset, as long as the furthest point any clip uses.
struct ResourceTable {
  /// What an asset holds.
  enum AssetKind: Hashable {
    /// A movie: video (and audio, which FCPXML discovers from the file).
    case movie
    /// An audio file.
    case audio
    /// A still image.
    case still
  }

  private struct Asset {
    let id: String
    let name: String
    let source: String
    let kind: AssetKind
    var end: Time
  }

  /// The format's id.
  static let formatID = "r1"

  private var assets: [Asset] = []
  private var assetIndex: [String: Int] = [:]
  private var effects: [(id: String, name: String, uid: String)] = []
  private var media: [XMLTree] = []
  private var effectIndex: [String: String] = [:]
  /// What a resource is.
  private enum Kind { case asset, effect, media }
  /// Every resource, in id order: its kind and its index among those of its kind.
  private var order: [(kind: Kind, index: Int)] = []
  private var nextID = 2

  /// The id of the asset for `source` of `kind`, recording that clips use it up to `end`.
  mutating func asset(source: String, name: String, kind: AssetKind, usedUpTo end: Time)
    -> String
  {
    let key = "\(kind)|\(source)"
    if let index = assetIndex[key] {
      if assets[index].end < end { assets[index].end = end }
      return assets[index].id
    }
    let id = "r\(nextID)"
    nextID += 1
    assetIndex[key] = assets.count
    order.append((.asset, assets.count))
    assets.append(Asset(id: id, name: name, source: source, kind: kind, end: end))
    return id
  }

  /// The id of the effect with `uid`.
  mutating func effect(name: String, uid: String) -> String {
    if let id = effectIndex[uid] { return id }
    let id = "r\(nextID)"
    nextID += 1
    effectIndex[uid] = id
    order.append((.effect, effects.count))
    effects.append((id, name, uid))
    return id
  }

  /// The id of a new `media` (a compound clip's contents) named `name` holding `sequence`.
  mutating func media(name: String, sequence: XMLTree) -> String {
    let id = "r\(nextID)"
    nextID += 1
    order.append((.media, media.count))
    media.append(XMLTree("media", [("id", id), ("name", name)], children: [sequence]))
    return id
  }

  /// The `resources` element, with `format` first.
  func element(format: XMLTree) -> XMLTree {
    var children = [format]
    for entry in order {
      switch entry.kind {
      case .asset:
        children.append(assetElement(assets[entry.index]))
      case .effect:
        let effect = effects[entry.index]
        children.append(
          XMLTree("effect", [("id", effect.id), ("name", effect.name), ("uid", effect.uid)]))
      case .media:
        children.append(media[entry.index])
      }
    }
    return XMLTree("resources", children: children)
  }

  private func assetElement(_ asset: Asset) -> XMLTree {
    var attributes: [(name: String, value: String)] = [
      ("id", asset.id), ("name", asset.name), ("start", "0s"),
    ]
    switch asset.kind {
    case .movie:
      attributes += [
        ("duration", FCPXMLTime.text(asset.end)), ("hasVideo", "1"), ("format", Self.formatID),
        ("hasAudio", "1"),
      ]
    case .still:
      attributes += [("duration", "0s"), ("hasVideo", "1"), ("format", Self.formatID)]
    case .audio:
      attributes += [("duration", FCPXMLTime.text(asset.end)), ("hasAudio", "1")]
    }
    return XMLTree(
      "asset", attributes,
      children: [XMLTree("media-rep", [("kind", "original-media"), ("src", asset.source)])])
  }
}
