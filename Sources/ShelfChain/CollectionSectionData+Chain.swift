import ShelfDiff

extension CollectionSectionData where Section: ChainableSection {
  /// Shows `source`'s sections, then each of its changes: a delta goes to
  /// `update(_:delta:)`, which replay-checks it instead of diffing; a reload
  /// goes to `update(_:)`. The source keeps the holder as long as it lives.
  ///
  /// - Complexity: O(1) per change, plus the holder's check on its queue.
  public func follow(_ source: some SectionSource<Section>) {
    update(source.sections)
    source.observe { [self] change in
      let sections = source.sections
      switch change {
      case .delta(let delta, _): update(sections, delta: delta)
      case .reload: update(sections)
      }
    }
  }
}
