import ShelfDiff

/// The part of a link that is the same in every link: its upstream, its
/// observers, upstream's item counts before and after each change, the
/// fallback for a change that cannot be translated, and the output.
///
/// A link keeps one, and writes only its own index mapping:
///
/// ```swift
/// final class Reversed<Section: ChainableSection>: SectionSource {
///   private let core: LinkCore<Section, Section>
///   var sections: [Section] { core.sections }
///
///   init(_ upstream: any SectionSource<Section>) {
///     core = LinkCore(upstream, sections: Self.recomputed(upstream.sections))
///     core.start(self) { link, change in link.upstreamDidChange(change) }
///   }
///
///   @discardableResult
///   func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
///     core.observe(observer)
///   }
///
///   private func upstreamDidChange(_ change: SourceChange) {
///     switch core.read(change, recomputed: Self.recomputed) {
///     case .handled(let change): core.send(change)
///     case .delta(let delta, let isRediffed): ...  // the link's own mapping
///     }
///   }
/// }
/// ```
///
/// The links of this module are written on it too; they also hand each
/// other what they worked out about a change (where each item came from),
/// which a link of your own neither receives nor needs.
///
/// - Complexity: Each member is O(1) beyond what its documentation says.
public final class LinkCore<Upstream: ChainableSection, Section: ChainableSection> {
  /// What becomes of an upstream change.
  public enum Reading {
    /// Done: the output is recomputed; tell observers `change` with ``send(_:)``.
    case handled(SourceChange)
    /// Translate `delta`, which fits upstream's sections (counted in
    /// ``oldUpstreamCounts`` before it and ``upstreamCounts`` after it),
    /// into the output; then set the output and tell the translated delta.
    case delta(SectionDelta, isRediffed: Bool)
  }

  /// The source this link is built on.
  public let upstream: any SectionSource<Upstream>
  /// The link's output: the sections it shows.
  public var sections: [Section] { output.sections }
  /// How many upstream changes did not fit upstream's sections and were re-diffed.
  public var fallbackCount: Int { reader.fallbackCount }
  /// The item count of each upstream section, as of the last change read.
  public var upstreamCounts: [Int] { reader.counts }
  /// The item count of each upstream section before the last change read.
  public var oldUpstreamCounts: [Int] { reader.oldCounts }

  /// The link's observers.
  let observers = Observers()
  /// Upstream's counts, and what becomes of each of its changes.
  var reader: UpstreamReader
  /// The output, updated in place.
  var output: SectionBuffer<Section>

  /// The core of a link on `upstream` whose output is now `sections`.
  ///
  /// - Complexity: O(*s*) for upstream's *s* sections.
  public init(_ upstream: any SectionSource<Upstream>, sections: [Section]) {
    self.upstream = upstream
    reader = UpstreamReader(upstream.sections)
    output = SectionBuffer(sections)
  }

  /// Calls `upstreamDidChange` with `link` after every change of upstream,
  /// while `link` lives: call it once, at the end of the link's `init`.
  ///
  /// Upstream keeps `link` weakly, so a chain is owned from its end: a view
  /// keeps the last link, each link keeps the one before it.
  public func start<Link: AnyObject>(
    _ link: Link, _ upstreamDidChange: @escaping (Link, SourceChange) -> Void
  ) {
    upstream.observe { [weak link] change in
      if let link { upstreamDidChange(link, change) }
    }
  }

  /// `start(_:_:)`, for a link of this module: `upstreamDidChange` also
  /// gets the placement upstream worked out for the change, when it did.
  func start<Link: AnyObject>(
    _ link: Link, _ upstreamDidChange: @escaping (Link, SourceChange, Placement?) -> Void
  ) {
    guard let telling = upstream as? any PlacementTelling else {
      return start(link) { link, change in upstreamDidChange(link, change, nil) }
    }
    telling.observers.add(withPlacement: { [weak link] change, placement in
      if let link { upstreamDidChange(link, change, placement) }
    })
  }

  /// Registers `observer` for every later change of the link; see
  /// ``SectionSource/observe(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping (SourceChange) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Tells the link's observers `change`, its output being new already.
  ///
  /// - Complexity: What the observers do.
  public func send(_ change: SourceChange) {
    observers.send(change)
  }

  /// Takes upstream's counts after `change` and says what to do with it: a
  /// reload, or a delta that does not fit upstream's sections, is handled
  /// here (the output becomes `recomputed` of upstream's sections, a delta
  /// that does not fit is re-diffed and counted in ``fallbackCount``);
  /// a delta that fits is the link's to translate. `recomputed` must not
  /// read the link's `sections`, which are being written.
  ///
  /// - Complexity: O(*s* + *c*) for *s* sections and *c* changes, plus
  ///   `recomputed` and a diff of the output when it is handled here.
  public func read(_ change: SourceChange, recomputed: ([Upstream]) -> [Section]) -> Reading {
    let upstreamSections = upstream.sections
    reader.advance(past: change, of: upstreamSections)
    let reading = reader.interpret(change, of: upstreamSections, output: &output) {
      recomputed(upstreamSections)
    }
    switch reading {
    case .handled(let change): return .handled(change)
    case .placement(_, let isRediffed): return .delta(change.delta!, isRediffed: isRediffed)
    }
  }

  /// `read(_:recomputed:)` for a link of this module, upstream's sections
  /// being `upstreamSections` and `told` its placement of `change`, if it
  /// told one: a change handled here is told to the observers, and nil
  /// returned; otherwise upstream's placement of the delta, to translate.
  /// With `isAdvanced`, the link has taken upstream's counts already
  /// (`reader.advance(past:of:told:)`).
  func placement(
    of change: SourceChange, in upstreamSections: [Upstream], told: Placement? = nil,
    isAdvanced: Bool = false, recomputed: () -> [Section]
  ) -> (placement: Placement, isRediffed: Bool)? {
    if !isAdvanced { reader.advance(past: change, of: upstreamSections, told: told) }
    let reading = reader.interpret(
      change, of: upstreamSections, told: told, output: &output, recomputed: recomputed)
    switch reading {
    case .handled(let change):
      observers.send(change)
      return nil
    case .placement(let placement, let isRediffed):
      return (placement, isRediffed)
    }
  }

  /// Replaces the output with `sections`, for a link that translates a delta.
  ///
  /// - Complexity: O(1).
  public func setSections(_ sections: [Section]) {
    output.replace(with: sections)
  }
}

/// A source of this module that hands its observers the placement of each
/// delta it works one out for, with the change: what a link on it would
/// otherwise work out again.
protocol PlacementTelling: AnyObject {
  /// The observers, each told a change with its placement, or nil.
  var observers: Observers { get }
}
