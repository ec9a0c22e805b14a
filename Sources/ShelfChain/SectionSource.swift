import ShelfDiff

/// Sections of items that change over time and say how: the links of a chain.
///
/// A source has current `sections` and tells each observer about every change
/// as a `SourceChange`: a `SectionDelta` from the previous sections to the
/// current ones (valid for `SectionDelta.applied(to:with:)`, replaying exactly),
/// or a reload. Transforms are sources built on other sources; they translate
/// each upstream delta through their own index mapping instead of diffing.
///
/// Sources are `final class`es, deliberately not `Sendable`: a transform has
/// identity (observers registered upstream, an output it updates in place so a
/// change costs what it touches, not a copy of the data), and a chain runs
/// synchronously, one change through every link in one call. Swift 6 keeps a
/// whole chain in the one isolation domain that built it (an actor, the main
/// actor, or a task); what leaves the chain, `sections` and deltas, is
/// `Sendable`, ready for a live holder such as `CollectionSectionData`.
public protocol SectionSource<Section>: AnyObject {
  /// The type of the sections.
  associatedtype Section: ChainableSection

  /// The current sections.
  var sections: [Section] { get }

  /// Calls `observer` after every later change, with `sections` already new,
  /// until the returned token is cancelled.
  ///
  /// The source keeps `observer` as long as it lives, or until
  /// ``ObservationToken/cancel()``: capture the observing object weakly.
  /// Releasing the token does not stop the observation (so a caller that
  /// ignores the result keeps observing); call `cancel()` to stop it.
  @discardableResult
  func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken
}

/// An observation of a ``SectionSource``, returned by
/// ``SectionSource/observe(_:)``: ``cancel()`` stops it.
///
/// Releasing a token does not cancel it: an observer registered without
/// keeping its token observes as long as the source lives. Like sources,
/// tokens belong to the isolation domain of their chain.
public final class ObservationToken {
  private var onCancel: (() -> Void)?

  /// A token that calls `onCancel` when first cancelled: for a source of your
  /// own, the removal of the observer.
  public init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { onCancel == nil }

  /// Stops the observation. A source of this module does not call the
  /// observer again, not even for the rest of a change being told when it is
  /// cancelled. Calling it again does nothing.
  public func cancel() {
    let onCancel = onCancel
    self.onCancel = nil
    onCancel?()
  }
}

extension SectionSource {
  /// The items of the current sections, in paths' order, as one array.
  ///
  /// - Complexity: O(*n*) where *n* is the number of items.
  public var allItems: [Section.Item] { sections.flatMap(\.items) }
}

/// The observers of one source, told in the order they registered.
final class Observers {
  /// One registered observer; nil once cancelled.
  private final class Entry {
    var observer: ((SourceChange, Placement?) -> Void)?
    init(_ observer: @escaping (SourceChange, Placement?) -> Void) { self.observer = observer }
  }

  private var list: [Entry] = []

  func add(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    add(withPlacement: { change, _ in observer(change) })
  }

  /// Registers `observer`, told each change with its placement when one
  /// was worked out (see `PlacementTelling`).
  @discardableResult
  func add(withPlacement observer: @escaping (SourceChange, Placement?) -> Void)
    -> ObservationToken
  {
    let entry = Entry(observer)
    list.append(entry)
    return ObservationToken { [weak self, weak entry] in
      entry?.observer = nil
      self?.list.removeAll { $0 === entry }
    }
  }

  /// Tells every observer `change`, with `placement`, the told delta's
  /// placement when one was worked out.
  func send(_ change: SourceChange, placement: Placement? = nil) {
    for entry in list { entry.observer?(change, placement) }
  }
}
