import ShelfDiff

/// How new content reaches a table.
package enum TableUpdatePath {
  /// Through the live holders, on their clock (the interactive screen).
  case liveHolders(any CollectionDataClock)
  /// Diffed and laid out at once, on the caller's thread (headless frames,
  /// tests); changes made during a batch coalesce here too.
  case immediate
}
