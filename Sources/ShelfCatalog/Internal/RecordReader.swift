#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One record: its fields in order, and the line it starts on.
struct Record: Sendable {
  var fields: CardFields
  var line: Int

  init(fields: CardFields, line: Int) {
    self.fields = fields
    self.line = line
  }

  init(fields: [CardField], line: Int) {
    self.init(fields: CardFields(fields), line: line)
  }

  /// The value of the first field named `name`.
  func value(_ name: String) -> String? {
    fields.value(named: name)
  }
}

/// Reads records from bytes in one of the record formats. Every failure is
/// a `CatalogError` naming the source, the line (and column) and the problem.
struct RecordReader: @unchecked Sendable {
  // Unchecked: `bytes` is only read, and outlives every thread that reads
  // it (`delimitedCatalog` waits for them).
  let bytes: UnsafeBufferPointer<UInt8>
  let source: CatalogSource
  let limits: CatalogLimits
  /// `bytes` as an array, when the caller has one: then a CSV or TSV
  /// record's fields are a slice of it (`SharedLines`), not a copy.
  var owner: [UInt8]? = nil

  /// Where the content starts: after a UTF-8 byte order mark.
  var start: Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  // MARK: - Choosing the format

  /// The format `reading` asks for, else the one the file's extension names,
  /// else the one the content looks like; with the reason, for `--verbose`.
  func format(for reading: CatalogReading) -> (format: RecordFormat, reason: String) {
    if let format = reading.format { return (format, "as asked") }
    if case .file(let path) = source, let format = Self.format(ofExtensionIn: path) {
      if format == .catalog { return (firstByte == .openBracket ? .json : .catalog, "from .json") }
      return (format, "from the extension")
    }
    // A snapshot stream's lines are catalogs unless records are asked for.
    if case .streamLine = source, !reading.asksForRecords { return (.catalog, "a stream line") }
    return (contentFormat(for: reading), "from the content")
  }

  /// The format a file name's extension names, or nil.
  static func format(ofExtensionIn path: String) -> RecordFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "json": return .catalog
    case "ndjson", "jsonl": return .ndjson
    case "csv": return .csv
    case "tsv", "tab": return .tsv
    case "txt", "log", "lines": return .lines
    default: return nil
    }
  }

  private var firstByte: UInt8 {
    var index = start
    while index < bytes.count, bytes[index].isJSONSpace { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }

  /// `{`: a catalog, or NDJSON when a whole object on the first line is
  /// followed by another; `[`: a JSON array; nothing, a catalog (its error
  /// says so). Other text is records when the reading asks for them (a tab
  /// in the first line, TSV; a comma, CSV; else lines), lines when it reads
  /// text as lines, else a catalog (its error says what is wrong).
  private func contentFormat(for reading: CatalogReading) -> RecordFormat {
    if reading.pattern != nil { return .lines }
    switch firstByte {
    case .openBrace: return isNDJSON ? .ndjson : .catalog
    case .openBracket: return .json
    default: break
    }
    if firstByte == 0 { return .catalog }
    guard reading.asksForRecords else { return reading.readsTextAsLines ? .lines : .catalog }
    var index = start
    while index < bytes.count, bytes[index] != .newline {
      if bytes[index] == .tab { return .tsv }
      if bytes[index] == .comma { return .csv }
      index += 1
    }
    return .lines
  }

  /// Whether the content is NDJSON: an object follows the first line, and
  /// that line is one whole object. The second is asked last: a catalog
  /// written on one line (as `CatalogEncoder` writes one) is that one line,
  /// and scanning it cost a fifth of its load.
  private var isNDJSON: Bool {
    guard
      let newline = memchr(bytes.baseAddress! + start, Int32(UInt8.newline), bytes.count - start)
    else { return false }
    let end = bytes.baseAddress!.distance(
      to: newline.assumingMemoryBound(to: UInt8.self))
    var rest = end + 1
    while rest < bytes.count, bytes[rest].isJSONSpace { rest += 1 }
    guard rest < bytes.count, bytes[rest] == .openBrace else { return false }
    var line = JSONScanner(
      bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), maximumDepth: limits.maximumDepth)
    line.skipWhitespace()
    guard (try? line.skipValue()) != nil else { return false }
    line.skipWhitespace()
    return line.isAtEnd
  }

  // MARK: - Reading

  /// The records in `format`, which is not `.catalog`.
  func records(_ format: RecordFormat, reading: CatalogReading) throws(CatalogError) -> [Record] {
    switch format {
    case .catalog: preconditionFailure("a catalog is not read as records")
    case .json: return try jsonArray()
    case .ndjson: return try ndjson()
    case .csv:
      try checkUTF8()
      return try delimited(separator: .comma, quoting: true, names: reading.fields)
    case .tsv:
      try checkUTF8()
      return try delimited(separator: .tab, quoting: false, names: reading.fields)
    case .lines:
      try checkUTF8()
      return try lines(pattern: reading.pattern)
    }
  }

  /// How many line feeds the bytes hold.
  var lineCount: Int {
    var count = 0
    for byte in bytes where byte == .newline { count += 1 }
    return count
  }

  /// A failure at byte `offset`: its line and column, and `problem`.
  func failure(
    _ kind: CatalogError.Kind = .invalidCatalog, at offset: Int, _ problem: String
  ) -> CatalogError {
    let (line, column) = JSONScanner(bytes: bytes, maximumDepth: 1).lineAndColumn(of: offset)
    return CatalogError(kind, source: source, line: line, column: column, problem: problem)
  }

  /// The value at `start..<end` as text, within the length limit. The
  /// bytes are valid UTF-8 (`checkUTF8` has said so): they are not checked
  /// again.
  func text(_ start: Int, _ end: Int, isASCII: Bool = false) throws(CatalogError) -> String {
    if end - start > limits.maximumStringLength { throw fieldTooLong(at: start) }
    let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if #available(macOS 26, iOS 26, tvOS 26, *) {
      return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: isASCII))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Where a field or line that starts at `start` is looked at no further:
  /// the limit, a carriage return and one byte more, which tell a value at
  /// the limit from a longer one. A 50 MB line is refused after 1 MiB of
  /// it, not after a scan of the whole.
  @inline(__always)
  func scanLimit(from start: Int) -> Int {
    min(bytes.count, start + limits.maximumStringLength + 2)
  }

  /// The failure of a field that starts at `start` and is longer than the limit.
  func fieldTooLong(at start: Int) -> CatalogError {
    failure(
      at: start,
      "a field is longer than the limit of \(MessageText.size(limits.maximumStringLength))")
  }

  /// Fails at the first byte of `range` (all of the content by default)
  /// that is not UTF-8.
  func checkUTF8(in range: Range<Int>? = nil) throws(CatalogError) {
    let scanner = JSONScanner(bytes: bytes, maximumDepth: 1)
    var index = range?.lowerBound ?? start
    let count = range?.upperBound ?? bytes.count
    while index < count {
      // Eight ASCII bytes at a time.
      while index + 8 <= count,
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
          & 0x8080_8080_8080_8080 == 0
      {
        index += 8
      }
      guard index < count else { break }
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      guard let (_, length) = scanner.decodeScalar(at: index), index + length <= count else {
        throw failure(
          .invalidUTF8, at: index,
          "invalid UTF-8 (byte 0x\(String(bytes[index], radix: 16, uppercase: true)))")
      }
      index += length
    }
  }

  // MARK: - Lines

  private func lines(pattern: String?) throws(CatalogError) -> [Record] {
    let compiled: RecordPattern?
    do {
      compiled = try pattern.map(RecordPattern.init)
    } catch {
      throw CatalogError(
        .invalidCatalog, source: source, problem: "--pattern is not a regular expression")
    }
    var records: [Record] = []
    var index = start
    var number = 1
    while index < bytes.count {
      let stop = scanLimit(from: index)
      guard
        let end = bytes[index..<stop].firstIndex(of: .newline) ?? (stop == bytes.count ? stop : nil)
      else { throw fieldTooLong(at: index) }
      var last = end
      if last > index, bytes[last - 1] == .carriageReturn { last -= 1 }
      if last > index {
        let line = try text(index, last)
        if let compiled {
          if let fields = compiled.fields(of: line) {
            records.append(Record(fields: fields, line: number))
          }
        } else {
          records.append(Record(fields: [CardField(name: "line", value: line)], line: number))
        }
      }
      index = end + 1
      number += 1
    }
    return records
  }

  // MARK: - JSON

  private func jsonArray() throws(CatalogError) -> [Record] {
    var scanner = JSONScanner(bytes: bytes, maximumDepth: limits.maximumDepth)
    scanner.position = start
    var records: [Record] = []
    do throws(ParseFailure) {
      scanner.skipWhitespace()
      guard scanner.peek == .openBracket else {
        throw scanner.failure(.invalidCatalog, at: scanner.position, "expected an array of records")
      }
      if try scanner.beginArray() {
        repeat {
          let line = scanner.lineAndColumn(of: scanner.position).line
          do {
            records.append(Record(fields: try object(&scanner), line: line))
          } catch {
            throw error.adding(.index(records.count))
          }
        } while try scanner.nextElement()
      }
      scanner.skipWhitespace()
      if !scanner.isAtEnd {
        throw scanner.failure(
          .malformedJSON, at: scanner.position,
          "expected the end of the array, found \(scanner.foundByte(at: scanner.position))")
      }
    } catch {
      throw catalogError(error, scanner: scanner, line: nil)
    }
    return records
  }

  private func ndjson() throws(CatalogError) -> [Record] {
    var records: [Record] = []
    var index = start
    var number = 1
    while index < bytes.count {
      let end = bytes[index...].firstIndex(of: .newline) ?? bytes.count
      let line = UnsafeBufferPointer(rebasing: bytes[index..<end])
      if let fields = try Self.record(inLine: line, source: source, limits: limits, number: number)
      {
        records.append(Record(fields: fields, line: number))
      }
      index = end + 1
      number += 1
    }
    return records
  }

  /// The fields of the one JSON object on line `number`, or nil when the
  /// line is blank.
  static func record(
    inLine line: UnsafeBufferPointer<UInt8>, source: CatalogSource, limits: CatalogLimits,
    number: Int
  ) throws(CatalogError) -> [CardField]? {
    var scanner = JSONScanner(bytes: line, maximumDepth: limits.maximumDepth)
    let reader = RecordReader(bytes: line, source: source, limits: limits)
    do throws(ParseFailure) {
      scanner.skipWhitespace()
      if scanner.isAtEnd { return nil }
      let fields = try reader.object(&scanner)
      scanner.skipWhitespace()
      if !scanner.isAtEnd {
        throw scanner.failure(
          .malformedJSON, at: scanner.position,
          "expected the end of the line, found \(scanner.foundByte(at: scanner.position))")
      }
      return fields
    } catch {
      throw reader.catalogError(error, scanner: scanner, line: number)
    }
  }

  /// One record object's members as fields.
  private func object(_ scanner: inout JSONScanner) throws(ParseFailure) -> [CardField] {
    guard scanner.peek == .openBrace else {
      // `not json` starts like `null`: a value is named only when it is one.
      var probe = scanner
      let isValue = (try? probe.skipValue()) != nil
      let found =
        (isValue ? scanner.valueKind() : nil) ?? scanner.foundByte(at: scanner.position)
      throw scanner.failure(
        .invalidCatalog, at: scanner.position, "expected an object for a record, found \(found)")
    }
    var fields: [CardField] = []
    guard try scanner.beginObject() else { return fields }
    repeat {
      let keyOffset = scanner.position
      let key = try scanner.memberKey()
      let name = scanner.string(key)
      let valueOffset = scanner.position
      do throws(ParseFailure) {
        if let value = try scanner.valueText() {
          if value.utf8.count > limits.maximumStringLength {
            throw scanner.failure(
              .invalidCatalog, at: valueOffset,
              "a field is \(value.utf8.count) bytes long; the limit is \(MessageText.size(limits.maximumStringLength))"
            )
          }
          fields.append(CardField(name: name, value: value))
        }
      } catch {
        throw error.adding(.key(scanner.keyName(at: keyOffset)))
      }
    } while try scanner.nextMember()
    return fields
  }

  private func catalogError(_ failure: ParseFailure, scanner: JSONScanner, line: Int?)
    -> CatalogError
  {
    let (found, column) = scanner.lineAndColumn(of: failure.offset)
    return CatalogError(
      failure.kind, source: source, line: line ?? found, column: column,
      path: PathComponent.text(failure.reversedPath.reversed()), problem: failure.problem)
  }
}

extension UInt8 {
  /// JSON's white space: space, tab, line feed, carriage return.
  var isJSONSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
