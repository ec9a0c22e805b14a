// MARK: - Manual reload

/// The old and new positions of one reloaded item.
public struct ItemPathPair: Hashable, Sendable {
  /// Where the item was, in the data before the batch.
  public var source: ItemPath
  /// Where the item is, in the data after the batch.
  public var target: ItemPath

  /// The pair for an item that was at `source` and is at `target`.
  public init(source: ItemPath, target: ItemPath) {
    self.source = source
    self.target = target
  }
}

/// Takes over the reload of items that redraw themselves, such as a row that is
/// a carousel with its own `CollectionData` and animation.
///
/// For each reloaded item of a batch the holder asks `willHandleReload(at:)`;
/// the items it accepts are left out of the view's delta and, once the view has
/// committed the batch and set up its own insertions, deletions and moves, handed
/// over in one `reloadItems(at:indexPathCompletion:)` call. The batch completes
/// when the view's animation has ended and every handed-over item has completed.
@MainActor public protocol CollectionDataManualReloadDelegate: AnyObject {
  /// Whether the delegate redraws the reloaded item itself.
  func willHandleReload(at pair: ItemPathPair) -> Bool

  /// Reloads the items at `itemPaths` (positions in the new data). Call
  /// `indexPathCompletion` once per path when that item's own update has ended;
  /// repeated and unknown paths are ignored and reported, and paths not completed
  /// within the holder's `manualReloadTimeout` are completed for you and reported.
  func reloadItems(
    at itemPaths: [ItemPath],
    indexPathCompletion: @escaping @MainActor @Sendable (ItemPath) -> Void)
}

// MARK: - Reusable views

/// Says whether a view still shows a holder's data: a reusable view (a carousel
/// scrolled off and reused for another row) must not animate a batch of data it
/// no longer shows. A rejected view is not called; the data still updates.
@MainActor public protocol CollectionDataReusableViewVerificationDelegate: AnyObject {
  /// Whether `view` still shows the holder's data.
  func isDataSourceValid(for view: AnyObject) -> Bool
}

// MARK: - Animation

/// Hears about the batches a holder animates, on the main actor. `collectionData`
/// is the holder (a `CollectionData` or `CollectionSectionData`).
///
/// Only animated batches are reported: not `reloadData()`, not updates without a view.
@MainActor public protocol CollectionDataAnimationDelegate: AnyObject {
  /// A batch is about to reach the view.
  func collectionDataWillBeginBatch(_ collectionData: AnyObject)
  /// The view called `updateData()`: reads now return the new data.
  func collectionDataDidCommitBatch(_ collectionData: AnyObject)
  /// The view's animation and every manual reload of the batch have ended.
  func collectionDataDidCompleteBatch(_ collectionData: AnyObject)
}

extension CollectionDataAnimationDelegate {
  /// Does nothing.
  public func collectionDataWillBeginBatch(_ collectionData: AnyObject) {}
  /// Does nothing.
  public func collectionDataDidCommitBatch(_ collectionData: AnyObject) {}
  /// Does nothing.
  public func collectionDataDidCompleteBatch(_ collectionData: AnyObject) {}
}

// MARK: - Calculation

/// Hears about a holder's delta calculations and about anything that went wrong.
///
/// Calculations run on the holder's own queue and so do their calls; reports from
/// the batch (completions, the watchdog) come from the main actor. Adopters must be
/// thread-safe, hence `Sendable`.
public protocol CollectionDataCalculationDelegate: AnyObject, Sendable {
  /// The holder started computing a delta.
  func collectionDataDidBeginCalculating(_ collectionData: AnyObject)
  /// The holder finished computing (and checking) a delta.
  func collectionDataDidEndCalculating(_ collectionData: AnyObject)
  /// Something was wrong with the data or with a batch; the holder carried on.
  func collectionData(_ collectionData: AnyObject, didReport issue: CollectionDataIssue)
}

extension CollectionDataCalculationDelegate {
  /// Does nothing.
  public func collectionDataDidBeginCalculating(_ collectionData: AnyObject) {}
  /// Does nothing.
  public func collectionDataDidEndCalculating(_ collectionData: AnyObject) {}
  /// Does nothing.
  public func collectionData(_ collectionData: AnyObject, didReport issue: CollectionDataIssue) {}
}
