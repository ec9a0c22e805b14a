/// The fields a card came with, in their order: a collection of
/// `NamedValue`s that a million records can afford.
///
/// Fields read from a table (CSV, TSV, a database's rows) are *packed*: the
/// names are one table shared by every record of the source (`FieldNames`),
/// and a record's values are one block of UTF-8 with their ends, made into
/// `String`s only when read (the details panel, `--print`, `--bind`,
/// search). Others (a JSON object's members, fields made in code) are a
/// plain array. Both compare, hash and read alike.
public struct NamedValues: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  // Unchecked: `PackedValues` is a `ManagedBuffer` (never `Sendable`) that
  // no one writes after it is made.
  private enum Storage: @unchecked Sendable {
    case list([NamedValue])
    case packed(PackedValues)
    /// A line of `SharedLines`' bytes: its values, `separator` between them.
    case line(SharedLines, start: UInt32, count: UInt32)
  }

  private let storage: Storage

  /// No fields.
  public init() {
    storage = .list([])
  }

  /// `fields`, in their order.
  public init(_ fields: [NamedValue]) {
    storage = .list(fields)
  }

  public init(arrayLiteral fields: NamedValue...) {
    storage = .list(fields)
  }

  /// The fields named by `names` whose values are `values`, a value per
  /// name: `bytes` (valid UTF-8) cut at `ends` (each value's end in
  /// `bytes`; the first value starts at 0, each other at the previous end).
  ///
  /// - Precondition: `ends.count == names.count`, ascending, the last at
  ///   most `bytes.count`.
  package init(
    names: FieldNames, bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>
  ) {
    precondition(ends.count == names.count, "a value per name")
    guard bytes.count <= Int(Int32.max) else {
      // Ends are 32 bits: a record over 2 GiB (which the limits refuse) stays a list.
      var fields: [NamedValue] = []
      for place in ends.indices {
        let begin = place == 0 ? 0 : ends[place - 1]
        fields.append(
          NamedValue(
            name: names[place],
            value: String(
              decoding: UnsafeRawBufferPointer(rebasing: bytes[begin..<ends[place]]), as: UTF8.self)
          ))
      }
      storage = .list(fields)
      return
    }
    storage = .packed(PackedValues.make(names: names, bytes: bytes, ends: ends))
  }

  /// The fields named by `names` whose values are in `bytes` (valid
  /// UTF-8), each followed by `separator` but the last, which no value
  /// holds: a TSV line's fields as the line holds them.
  ///
  /// - Precondition: `bytes` holds `names.count - 1` separators (and, for
  ///   no names, is empty).
  package init(names: FieldNames, bytes: UnsafeRawBufferPointer, separator: UInt8) {
    storage = .packed(PackedValues.make(names: names, bytes: bytes, separator: separator))
  }

  /// The fields of the line at `range` of `lines`' bytes: its values with
  /// `lines.separator` between them, named by `lines.names`. Nothing is
  /// copied: the fields keep the bytes alive.
  ///
  /// - Precondition: `range` is within the bytes, which hold
  ///   `names.count - 1` separators there, and end below 4 GiB.
  package init(line range: Range<Int>, of lines: SharedLines) {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= lines.bytes.count
        && range.upperBound <= Int(UInt32.max), "a line within the shared bytes")
    storage = .line(lines, start: UInt32(range.lowerBound), count: UInt32(range.count))
  }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch storage {
    case .list(let fields): fields.count
    case .packed(let packed): packed.header.names.count
    case .line(let lines, _, _): lines.names.count
    }
  }

  public subscript(position: Int) -> NamedValue {
    switch storage {
    case .list(let fields): return fields[position]
    case .packed(let packed):
      precondition(position >= 0 && position < packed.header.names.count, "index out of range")
      return NamedValue(name: packed.header.names[position], value: packed.value(at: position))
    case .line(let lines, let start, let count):
      precondition(position >= 0 && position < lines.names.count, "index out of range")
      return NamedValue(
        name: lines.names[position], value: lines.value(at: position, start: start, count: count))
    }
  }

  /// The fields' names, in order: for packed fields the table's own array,
  /// made once for every record of the source.
  package var names: [String] {
    switch storage {
    case .list(let fields): fields.map(\.name)
    case .packed(let packed): packed.header.names.names
    case .line(let lines, _, _): lines.names.names
    }
  }

  /// The value of the first field named `name`, or nil when there is none;
  /// of packed fields, only that value is made.
  ///
  /// - Complexity: O(1) for packed fields (a name table lookup); else
  ///   O(`count`).
  public func value(named name: String) -> String? {
    switch storage {
    case .list(let fields):
      for field in fields where field.name == name { return field.value }
      return nil
    case .packed(let packed):
      return packed.header.names.place(of: name).map(packed.value(at:))
    case .line(let lines, let start, let count):
      return lines.names.place(of: name).map {
        lines.value(at: $0, start: start, count: count)
      }
    }
  }

  public static func == (lhs: NamedValues, rhs: NamedValues) -> Bool {
    if case .packed(let a) = lhs.storage, case .packed(let b) = rhs.storage,
      a.header.names === b.header.names, let same = a.hasSameValues(as: b)
    {
      return same
    }
    if case .line(let a, let aStart, let aCount) = lhs.storage,
      case .line(let b, let bStart, let bCount) = rhs.storage,
      a.names === b.names, a.separator == b.separator
    {
      return aCount == bCount
        && a.bytes.withUnsafeBufferPointer { a in
          b.bytes.withUnsafeBufferPointer { b in
            SameBytes.equal(a.baseAddress! + Int(aStart), b.baseAddress! + Int(bStart), Int(aCount))
          }
        }
    }
    return lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for field in self { hasher.combine(field) }
  }
}

/// The names of a source's fields, in order, with each name's first place:
/// shared by all the packed `NamedValues` of its records.
public final class FieldNames: Sendable {
  /// The names, in the records' order.
  public let names: [String]
  private let places: [String: Int]

  /// The table of `names`.
  public init(_ names: [String]) {
    self.names = names
    var places: [String: Int] = [:]
    for (place, name) in names.enumerated() where places[name] == nil { places[name] = place }
    self.places = places
  }

  /// How many names there are.
  public var count: Int { names.count }

  /// The name at `place`.
  public subscript(place: Int) -> String { names[place] }

  /// The first place of `name`, or nil.
  public func place(of name: String) -> Int? { places[name] }
}

/// The bytes of many records' lines (a TSV file as it was read), shared by
/// their fields, which are slices of it: a million records' fields cost no
/// allocation and no copy each. Each thread that makes records takes its
/// own (of the same bytes), so that they do not count references to one.
package final class SharedLines: Sendable {
  /// The bytes: never written.
  let bytes: [UInt8]
  /// The names of every line's values, in order.
  let names: FieldNames
  /// The byte between two values, which no value holds.
  let separator: UInt8

  /// Lines of `bytes` whose values `separator` separates, named by `names`.
  package init(bytes: [UInt8], names: FieldNames, separator: UInt8) {
    self.bytes = bytes
    self.names = names
    self.separator = separator
  }

  /// The value at `place` of the line of `count` bytes at `start`.
  func value(at place: Int, start: UInt32, count: UInt32) -> String {
    bytes.withUnsafeBufferPointer { bytes in
      let line = UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start) + Int(count)])
      return String(
        decoding: SeparatedValues.value(at: place, of: line, separator: separator), as: UTF8.self)
    }
  }
}

/// Values with a separator byte between each two, which none holds.
enum SeparatedValues {
  /// The bytes of the value at `place` of `line`.
  static func value(at place: Int, of line: UnsafeBufferPointer<UInt8>, separator: UInt8)
    -> UnsafeBufferPointer<UInt8>
  {
    // Bounded by the line even where it holds too few separators (a value
    // past its last one is empty): an unchecked read here would run past
    // the allocation in a release build.
    var begin = 0
    for _ in 0..<place {
      while begin < line.count, line[begin] != separator { begin += 1 }
      begin = min(begin + 1, line.count)
    }
    var end = begin
    while end < line.count, line[end] != separator { end += 1 }
    return UnsafeBufferPointer(rebasing: line[begin..<end])
  }
}

/// One record's packed values: its names' table, then in one allocation
/// either the values' ends (`Int32`s) and their UTF-8, or (when no value
/// holds the byte that separates them, as in a TSV line) the values with
/// that byte between them, as the line holds them.
private final class PackedValues: ManagedBuffer<PackedValues.Header, UInt8> {
  struct Header {
    let names: FieldNames
    let byteCount: Int
    /// The byte between values, or -1 when the ends come first.
    let separator: Int
  }

  static func make(
    names: FieldNames, bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>
  ) -> PackedValues {
    let endsSize = ends.count * MemoryLayout<Int32>.stride
    let made = create(names: names, bytes: bytes, separator: -1, offset: endsSize)
    made.withUnsafeMutablePointerToElements { start in
      let raw = UnsafeMutableRawPointer(start)
      for (place, end) in ends.enumerated() {
        raw.storeBytes(
          of: Int32(truncatingIfNeeded: end), toByteOffset: place * MemoryLayout<Int32>.stride,
          as: Int32.self)
      }
    }
    return made
  }

  static func make(
    names: FieldNames, bytes: UnsafeRawBufferPointer, separator: UInt8
  ) -> PackedValues {
    create(names: names, bytes: bytes, separator: Int(separator), offset: 0)
  }

  private static func create(
    names: FieldNames, bytes: UnsafeRawBufferPointer, separator: Int, offset: Int
  ) -> PackedValues {
    let made = create(minimumCapacity: offset + bytes.count) { _ in
      Header(names: names, byteCount: bytes.count, separator: separator)
    }
    made.withUnsafeMutablePointerToElements { start in
      if let base = bytes.baseAddress, !bytes.isEmpty {
        (UnsafeMutableRawPointer(start) + offset).copyMemory(from: base, byteCount: bytes.count)
      }
    }
    // `create` returns the dynamic type it was called on.
    return unsafeDowncast(made, to: PackedValues.self)
  }

  /// The value at `place`, made into a `String`.
  func value(at place: Int) -> String {
    withUnsafeMutablePointerToElements { start in
      let raw = UnsafeRawPointer(start)
      let text: UnsafeBufferPointer<UInt8>
      if header.separator >= 0 {
        text = SeparatedValues.value(
          at: place, of: UnsafeBufferPointer(start: start, count: header.byteCount),
          separator: UInt8(header.separator))
      } else {
        let stride = MemoryLayout<Int32>.stride
        let end = Int(raw.loadUnaligned(fromByteOffset: place * stride, as: Int32.self))
        let begin =
          place == 0
          ? 0 : Int(raw.loadUnaligned(fromByteOffset: (place - 1) * stride, as: Int32.self))
        text = UnsafeBufferPointer(
          start: (raw + header.names.count * stride + begin).assumingMemoryBound(to: UInt8.self),
          count: end - begin)
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// Whether `other`, of the same names, holds the same values; nil when
  /// they are packed differently, and only the values can say.
  func hasSameValues(as other: PackedValues) -> Bool? {
    guard header.separator == other.header.separator else { return nil }
    guard header.byteCount == other.header.byteCount else { return false }
    let endsSize = header.separator >= 0 ? 0 : header.names.count * MemoryLayout<Int32>.stride
    return withUnsafeMutablePointerToElements { a in
      other.withUnsafeMutablePointerToElements { b in
        SameBytes.equal(a, b, endsSize + header.byteCount)
      }
    }
  }
}
