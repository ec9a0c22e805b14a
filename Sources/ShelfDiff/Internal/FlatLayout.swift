/// Sections of items seen as one array laid end to end: flat positions and paths.
@usableFromInline
struct FlatLayout<Element> {
  /// The items of each section.
  @usableFromInline let sections: [[Element]]
  /// For each section, the flat position of its first item; one more entry holds `count`.
  @usableFromInline let starts: [Int]
  /// For each flat position, the index of its section.
  @usableFromInline let sectionIndex: [Int]

  @inlinable
  init(_ sections: [[Element]]) {
    self.sections = sections
    var starts: [Int] = []
    starts.reserveCapacity(sections.count + 1)
    var total = 0
    for items in sections {
      starts.append(total)
      total += items.count
    }
    starts.append(total)
    var sectionIndex = Array(repeating: 0, count: total)
    sectionIndex.withUnsafeMutableBufferPointer { buffer in
      for s in sections.indices {
        for f in starts[s]..<starts[s + 1] { buffer[f] = s }
      }
    }
    self.starts = starts
    self.sectionIndex = sectionIndex
  }

  /// The number of items in all sections.
  @inlinable
  var count: Int { starts[starts.count - 1] }

  /// The ids of all items, laid end to end.
  @inlinable
  func ids<ID>(_ id: (Element) -> ID) -> [ID] {
    // An empty request must not reach `unsafeUninitializedCapacity`: for a
    // capacity of 0 it hands out the one shared empty buffer and writes its
    // count, which races with every other thread reading an empty array.
    guard count > 0 else { return [] }
    return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
      var f = 0
      for items in sections {
        items.withUnsafeBufferPointer { items in
          for k in items.indices { (buffer.baseAddress! + f + k).initialize(to: id(items[k])) }
        }
        f += items.count
      }
      initialized = f
    }
  }

  /// The path of flat position `f`.
  @inlinable
  func path(at f: Int) -> ItemPath {
    let s = sectionIndex[f]
    return ItemPath(section: s, item: f - starts[s])
  }
}
