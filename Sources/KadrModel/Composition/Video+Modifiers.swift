import Foundation

extension Video {
  /// Returns a copy with `captions` added after the existing ones (appends).
  ///
  /// - Parameter captions: The captions to add.
  public func captions(_ captions: [Caption]) -> Video {
    with { $0.captions += captions }
  }

  /// Returns a copy with the tracks of `tracks` added after the existing ones (appends).
  ///
  /// - Parameter tracks: A block of audio tracks; an empty block adds nothing.
  public func audio(@AudioBuilder _ tracks: () -> [AudioTrack]) -> Video {
    let added = tracks()
    return with { $0.audioTracks += added }
  }

  /// Returns a copy with an ``AudioTrack`` of the file at `url` added (appends).
  ///
  /// - Parameter url: The audio file.
  public func audio(url: URL) -> Video {
    with { $0.audioTracks.append(AudioTrack(url: url)) }
  }

  /// Returns a copy with the export format `preset` (replaces; the quality is kept).
  ///
  /// - Parameter preset: The export format.
  public func preset(_ preset: Preset) -> Video {
    with { $0.preset = preset }
  }

  /// Returns a copy with the compression `quality` (replaces).
  ///
  /// - Parameter quality: The compression.
  public func quality(_ quality: ExportQuality) -> Video {
    with { $0.quality = quality }
  }

  /// Returns a copy with `overlay` drawn on top of the existing overlays (appends).
  ///
  /// - Parameter overlay: The overlay.
  public func overlay<O: Overlay>(_ overlay: O) -> Video {
    with { $0.overlays.append(overlay) }
  }

  /// Returns a copy cropped to a region of the canvas (replaces: one crop per composition).
  ///
  /// - Parameters:
  ///   - position: Where the crop's anchor lands.
  ///   - size: The size of the crop.
  ///   - anchor: Which point of the crop lands on `position`; the centre by default.
  public func crop(at position: Position, size: Size, anchor: Anchor = .center) -> Video {
    with { $0.crop = CropRegion(position: position, size: size, anchor: anchor) }
  }

  /// Returns a copy with `music` added as a background audio track (appends).
  ///
  /// - Parameter music: The music; converted with ``AudioTrack/init(_:)``.
  public func backgroundMusic(_ music: BackgroundMusic) -> Video {
    with { $0.audioTracks.append(AudioTrack(music)) }
  }

  /// Returns a copy with the file at `url` added as background music with the default settings
  /// of ``BackgroundMusic`` (appends).
  ///
  /// - Parameter url: The audio file.
  public func backgroundMusic(url: URL) -> Video {
    backgroundMusic(BackgroundMusic(url: url))
  }
}
