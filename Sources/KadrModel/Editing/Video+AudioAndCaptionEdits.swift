extension Video {
  /// Returns a copy in which the audio track at `index` is changed by `change`.
  ///
  /// ```swift
  /// let quieter = try video.updatingAudioTrack(at: 0) { $0.volume(0.4).fadeOut(2) }
  /// ```
  ///
  /// - Parameters:
  ///   - index: The track's place among ``audioTracks``.
  ///   - change: Returns the changed track.
  /// - Returns: The composition with the changed track in the same place.
  /// - Throws: ``TimelineEditError`` when there is no track at `index`; `change`'s errors.
  public func updatingAudioTrack(
    at index: Int, _ change: (AudioTrack) throws -> AudioTrack
  ) throws -> Video {
    try updating(at: index, in: \.audioTracks, named: "audioTracks", change)
  }

  /// Returns a copy with `track` inserted at `index` among the audio tracks (their count
  /// appends).
  ///
  /// - Parameters:
  ///   - track: The audio track to insert.
  ///   - index: Its place among ``audioTracks``.
  /// - Returns: The composition with `track` at `index`.
  /// - Throws: ``TimelineEditError`` when `index` is outside `0...audioTracks.count`.
  public func insertingAudioTrack(_ track: AudioTrack, at index: Int) throws -> Video {
    try inserting(track, at: index, in: \.audioTracks, named: "audioTracks")
  }

  /// Returns a copy without the audio track at `index`.
  ///
  /// - Parameter index: The track's place among ``audioTracks``.
  /// - Returns: The composition without that track.
  /// - Throws: ``TimelineEditError`` when there is no track at `index`.
  public func removingAudioTrack(at index: Int) throws -> Video {
    try removing(at: index, in: \.audioTracks, named: "audioTracks")
  }

  /// Returns a copy in which the audio track at `source` is moved to `destination`.
  ///
  /// - Parameters:
  ///   - source: The track's place among ``audioTracks``.
  ///   - destination: Its place once moved.
  /// - Returns: The composition with the track at `destination`.
  /// - Throws: ``TimelineEditError`` when either place is outside the audio tracks.
  public func movingAudioTrack(from source: Int, to destination: Int) throws -> Video {
    try moving(from: source, to: destination, in: \.audioTracks, named: "audioTracks")
  }

  /// Returns a copy in which the caption at `index` is replaced by what `change` returns.
  ///
  /// ```swift
  /// let fixed = try video.updatingCaption(at: 2) {
  ///   Caption(text: "Welcome back", timeRange: $0.timeRange)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - index: The caption's place among ``captions``.
  ///   - change: Returns the new caption.
  /// - Returns: The composition with the new caption in the same place.
  /// - Throws: ``TimelineEditError`` when there is no caption at `index`; `change`'s errors.
  public func updatingCaption(at index: Int, _ change: (Caption) throws -> Caption) throws
    -> Video
  {
    try updating(at: index, in: \.captions, named: "captions", change)
  }

  /// Returns a copy with `caption` inserted at `index` among the captions (their count
  /// appends).
  ///
  /// - Parameters:
  ///   - caption: The caption to insert.
  ///   - index: Its place among ``captions``.
  /// - Returns: The composition with `caption` at `index`.
  /// - Throws: ``TimelineEditError`` when `index` is outside `0...captions.count`.
  public func insertingCaption(_ caption: Caption, at index: Int) throws -> Video {
    try inserting(caption, at: index, in: \.captions, named: "captions")
  }

  /// Returns a copy without the caption at `index`.
  ///
  /// - Parameter index: The caption's place among ``captions``.
  /// - Returns: The composition without that caption.
  /// - Throws: ``TimelineEditError`` when there is no caption at `index`.
  public func removingCaption(at index: Int) throws -> Video {
    try removing(at: index, in: \.captions, named: "captions")
  }

  /// Returns a copy in which the caption at `source` is moved to `destination`.
  ///
  /// - Parameters:
  ///   - source: The caption's place among ``captions``.
  ///   - destination: Its place once moved.
  /// - Returns: The composition with the caption at `destination`.
  /// - Throws: ``TimelineEditError`` when either place is outside the captions.
  public func movingCaption(from source: Int, to destination: Int) throws -> Video {
    try moving(from: source, to: destination, in: \.captions, named: "captions")
  }
}
