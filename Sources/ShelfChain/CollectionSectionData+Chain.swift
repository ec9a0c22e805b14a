import ShelfDiff

extension CollectionSectionData where Section: ChainableSection {
  /// Shows `source`'s sections, then each of its changes, until the returned
  /// token is cancelled: a delta goes to `update(_:delta:)`, which
  /// replay-checks it instead of diffing; a reload goes to `update(_:)`.
  ///
  /// ```swift
  /// let following = holder.follow(shown)
  /// // ... the holder shows each of shown's changes
  /// following.cancel()  // shown's later changes no longer reach the holder
  /// holder.follow(other)  // the holder shows another source
  /// ```
  ///
  /// The source keeps the holder as long as it lives, or until the token is
  /// cancelled; releasing the token does not stop the following (see
  /// ``ObservationToken``). An update the holder already queued still
  /// reaches it after `cancel()`.
  ///
  /// - Parameter source: The source whose sections the holder shows.
  /// - Returns: The observation of `source`: ``ObservationToken/cancel()``
  ///   stops the following.
  /// - Complexity: O(1) per change, plus the holder's check on its queue.
  @discardableResult
  public func follow(_ source: some SectionSource<Section>) -> ObservationToken {
    update(source.sections)
    return source.observe { [self] change in
      let sections = source.sections
      switch change {
      case .delta(let delta, _): update(sections, delta: delta)
      case .reload: update(sections)
      }
    }
  }
}
