/// An element of data that is non-unique by nature, such as the same book twice
/// in a "recently read" row, given an identity of its own: its id and its
/// occurrence number (0 for the first element with that id, 1 for the second...).
///
/// `IndexDelta` already matches repeated ids by occurrence, but it reports them
/// in `duplicates` as a problem with the data. Wrap data that repeats ids on
/// purpose instead: every wrapped element has a unique `id`, nothing is
/// reported, and views can key layout and focus by `id`. The k-th occurrence in
/// old matches the k-th in new, so an edited duplicate is a reload in place,
/// not a deletion and an insertion:
///
/// ```swift
/// let old = NonUnique.numbering([dune, hyperion, dune])
/// let new = NonUnique.numbering([dune, hyperion, duneSecondEdition])
/// IndexDelta(from: old, to: new)  // reloads [2→2], nothing else
/// ```
public struct NonUnique<Element: Identifiable & Equatable>: Identifiable, Equatable {
  /// The identity of one occurrence: the element's id and its occurrence number.
  public struct ID: Hashable {
    /// The wrapped element's id.
    public var base: Element.ID
    /// How many earlier elements of the same array have the same `base`.
    public var occurrence: Int

    /// The `occurrence`-th element with id `base`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(base: Element.ID, occurrence: Int) {
      self.base = base
      self.occurrence = occurrence
    }
  }

  /// The wrapped element.
  public var element: Element
  /// How many earlier elements of the same array have the same id.
  public var occurrence: Int

  /// `element` as the `occurrence`-th element with its id; `numbering(_:)`
  /// numbers a whole array.
  ///
  /// - Precondition: `occurrence >= 0`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(_ element: Element, occurrence: Int) {
    guard occurrence >= 0 else {
      fatalError("NonUnique occurrence must not be negative: \(occurrence)")
    }
    self.element = element
    self.occurrence = occurrence
  }

  /// The identity of this occurrence.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var id: ID { ID(base: element.id, occurrence: occurrence) }

  /// `elements` wrapped, each numbered by how many earlier elements share its id.
  ///
  /// - Complexity: O(*n*) expected, where *n* is `elements.count`.
  @inlinable
  public static func numbering(_ elements: [Element]) -> [NonUnique] {
    var seen = [Element.ID: Int](minimumCapacity: elements.count)
    return elements.map { element in
      var occurrence = 0
      Self.count(&seen[element.id, default: 0], into: &occurrence)
      return NonUnique(element, occurrence: occurrence)
    }
  }

  /// Reads the count so far into `occurrence` and counts one more.
  @inlinable
  static func count(_ seen: inout Int, into occurrence: inout Int) {
    occurrence = seen
    seen += 1
  }
}

extension NonUnique: Sendable where Element: Sendable, Element.ID: Sendable {}
extension NonUnique.ID: Sendable where Element.ID: Sendable {}

extension NonUnique: CustomStringConvertible {
  /// The element's description, with `#occurrence` after any repeat, such as `dune#1`.
  ///
  /// - Complexity: That of describing the element.
  public var description: String {
    occurrence == 0 ? "\(element)" : "\(element)#\(occurrence)"
  }
}

extension NonUnique.ID: CustomStringConvertible {
  /// The id, with `#occurrence` after any repeat, such as `dune#1`.
  ///
  /// - Complexity: That of describing the base id.
  public var description: String { occurrence == 0 ? "\(base)" : "\(base)#\(occurrence)" }
}
