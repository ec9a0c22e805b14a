/// A link's output sections, updated in place without copying the array that
/// its readers still share.
///
/// A link hands its `[Section]` on: the next link may keep it as its own
/// output (an identity step), and a live holder keeps it as its snapshot
/// until the next change. Writing one section of a shared array copies all of
/// them (a retain per section), which for a change of a few sections out of
/// thousands costs more than the change. So the buffer keeps the version
/// before the current one as a spare: by the next change its readers have
/// moved on, so it is unshared, and an update brings it up to date (the
/// sections written last time) and writes this change's sections into it.
/// If the spare is still shared, the first write copies it, as without a
/// spare.
///
/// The spare keeps the previous version's sections alive until the next
/// change: one array of sections, and the items of the sections that changed.
struct SectionBuffer<Section> {
  /// The current sections.
  private(set) var sections: [Section]
  /// The version before `sections`, or empty when there is none to reuse.
  private var spare: [Section] = []
  /// The indices where `spare` differs from `sections`, in any order, maybe
  /// repeated; nil when `spare` is not `sections`' predecessor in place.
  private var spareLag: [Int]?

  /// A buffer holding `sections`, with no spare.
  ///
  /// - Complexity: O(1).
  init(_ sections: [Section]) {
    self.sections = sections
  }

  /// Replaces every section (a change that inserts, deletes or moves
  /// sections); the next in-place update starts from a copy.
  ///
  /// - Complexity: O(1), plus releasing the spare.
  mutating func replace(with sections: [Section]) {
    self.sections = sections
    spare = []
    spareLag = nil
  }

  /// Changes some sections in place, keeping their number: `body` reads and
  /// writes the new version, which starts equal to the current one.
  ///
  /// - Complexity: O(*w* + *l*) for the *w* sections `body` writes and the
  ///   *l* written last time, when the spare is unshared; otherwise also a
  ///   copy of the array.
  mutating func update(_ body: (inout Writer) -> Void) {
    var next: [Section] = []
    if let lag = spareLag {
      swap(&next, &spare)
      for index in lag { next[index] = sections[index] }
    } else {
      next = sections
    }
    var writer = Writer(sections: consume next)
    body(&writer)
    spare = sections
    sections = []
    swap(&sections, &writer.sections)
    spareLag = writer.written
  }

  /// The new version of the sections during `update(_:)`.
  struct Writer {
    fileprivate var sections: [Section]
    fileprivate var written: [Int] = []

    fileprivate init(sections: [Section]) {
      self.sections = sections
    }

    /// The section at `index`, as the update left it so far.
    subscript(index: Int) -> Section {
      get { sections[index] }
      set {
        sections[index] = newValue
        written.append(index)
      }
    }
  }
}
