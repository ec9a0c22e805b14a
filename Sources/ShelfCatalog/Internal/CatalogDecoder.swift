/// The catalog's field names, recognised from a key's packed bytes.
enum CatalogField {
  case id, title, subtitle, year, rating, summary, tags, url, image, items, rows, sections, other

  /// Matches a key's bytes packed little-endian (`JSONScanner.packedKey`):
  /// one switch over constants, as keys are matched once per member.
  init(packed: UInt64?) {
    switch packed {
    case 0x6469: self = .id  // "id"
    case 0x65_6c74_6974: self = .title  // "title"
    case 0x656c_7469_7462_7573: self = .subtitle  // "subtitle"
    case 0x7261_6579: self = .year  // "year"
    case 0x676e_6974_6172: self = .rating  // "rating"
    case 0x79_7261_6d6d_7573: self = .summary  // "summary"
    case 0x7367_6174: self = .tags  // "tags"
    case 0x6c_7275: self = .url  // "url"
    case 0x65_6761_6d69: self = .image  // "image"
    case 0x73_6d65_7469: self = .items  // "items"
    case 0x7377_6f72: self = .rows  // "rows"
    case 0x736e_6f69_7463_6573: self = .sections  // "sections"
    default: self = .other
    }
  }
}

/// Decodes a catalog straight from JSON bytes, value by value, into the model.
///
/// Failures carry a byte offset and the JSON path; `CatalogLoader` turns them
/// into `CatalogError`s with line and column.
struct CatalogDecoder {
  var scanner: JSONScanner
  let limits: CatalogLimits
  /// Whether the catalog had a top-level `"rows"` array rather than `"sections"`.
  private(set) var hasTopLevelRows = false
  /// Where each row object starts, when rows are skipped now and decoded
  /// later on several threads (`catalogInParallel`); nil decodes them in place.
  var deferredRows: [RowStart]?
  /// Where the rows skipped now are handed to the threads decoding them
  /// meanwhile (`catalogInParallel`).
  var rowHandOff: RowHandOff?
  /// Whether `catalogInParallel` decoded the rows on several threads, rather
  /// than decoding the whole document again in place.
  var decodedRowsInParallel = false
  /// The cards of the version before, to take unchanged ones from.
  var reuse: CardReuse?
  /// Whether each row's cards are fingerprinted as they are decoded, for
  /// the next version to reuse them (`decodedFingerprints`).
  var recordsFingerprints = false
  /// The next row's place, top to bottom across the sections.
  var rowOrdinal = 0
  /// The fingerprints of the last decoded row's cards.
  var lastRowFingerprints: [CardPrint] = []
  /// The fingerprints of every row's cards, in the order they were decoded
  /// (a row later dropped, as a repeated key drops one, too).
  var decodedFingerprints: [[CardPrint]] = []
  /// How many cards were taken from `reuse` (for tests).
  var reusedCardCount = 0
  /// Where the key of the member being decoded starts (its opening quote).
  var memberKeyOffset = 0

  /// A row object's first byte, the nesting depth there, and the offset
  /// just past its closing brace as the skim found it.
  struct RowStart {
    var offset: Int
    var depth: Int
    var end: Int
  }

  init(bytes: UnsafeBufferPointer<UInt8>, limits: CatalogLimits) {
    scanner = JSONScanner(bytes: bytes, maximumDepth: limits.maximumDepth)
    self.limits = limits
  }

  // MARK: - Catalog

  mutating func catalog() throws(ParseFailure) -> Catalog {
    let bytes = scanner.bytes
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      scanner.position = 3
    }
    scanner.skipWhitespace()
    if scanner.isAtEnd {
      throw scanner.failure(.empty, at: 0, "the catalog is empty")
    }
    let start = scanner.position
    var title = ""
    var sections: [Section]?
    var rows: [Row]?
    try object(describing: "an object with a \"sections\" or \"rows\" array") {
      (decoder, field) throws(ParseFailure) in
      switch field {
      case .title: title = try decoder.optionalString() ?? ""
      case .sections:
        sections = try decoder.array { (decoder) throws(ParseFailure) in try decoder.section() }
      case .rows:
        rows = try decoder.array { (decoder) throws(ParseFailure) in try decoder.rowOrStart() }
      default: return false
      }
      return true
    }
    scanner.skipWhitespace()
    if !scanner.isAtEnd {
      throw scanner.failure(
        scanner.isInvalidUTF8(at: scanner.position) ? .invalidUTF8 : .malformedJSON,
        at: scanner.position,
        "expected the end of the catalog, found \(scanner.foundByte(at: scanner.position))")
    }
    switch (sections, rows) {
    case (let sections?, nil):
      return Catalog(title: title, sections: sections)
    case (nil, let rows?):
      hasTopLevelRows = true
      return Catalog(title: title, sections: [Section(id: "", title: nil, rows: rows)])
    case (nil, nil):
      throw scanner.failure(
        .invalidCatalog, at: start, "expected a \"sections\" or \"rows\" array at the top level")
    case (_?, _?):
      throw scanner.failure(
        .invalidCatalog, at: start,
        "both \"sections\" and \"rows\" at the top level; a catalog has one or the other")
    }
  }

  // MARK: - Sections, rows, cards

  private mutating func section() throws(ParseFailure) -> Section {
    let start = scanner.position
    var id: String?
    var title: String?
    var rows: [Row] = []
    try object(describing: "an object for a section") { (decoder, field) throws(ParseFailure) in
      switch field {
      case .id: id = try decoder.identifier()
      case .title: title = try decoder.optionalString()
      case .rows:
        rows = try decoder.optionalArray { (decoder) throws(ParseFailure) in
          try decoder.rowOrStart()
        }
      default: return false
      }
      return true
    }
    guard let id else { throw missing("id", at: start) }
    return Section(id: id, title: title, rows: rows)
  }

  /// A row decoded here, or, while rows are deferred, skipped by its braces
  /// (it is checked when it is decoded) with its place noted and an empty
  /// stand-in returned.
  private mutating func rowOrStart() throws(ParseFailure) -> Row {
    guard deferredRows != nil, scanner.peek == .openBrace else {
      let row = try row()
      if recordsFingerprints { decodedFingerprints.append(lastRowFingerprints) }
      return row
    }
    let start = scanner.position
    try scanner.skipContainerUnchecked()
    let found = RowStart(offset: start, depth: scanner.depth, end: scanner.position)
    deferredRows!.append(found)
    rowHandOff?.publish(found)
    return Row(id: "", title: "", items: [])
  }

  mutating func row() throws(ParseFailure) -> Row {
    let start = scanner.position
    let ordinal = rowOrdinal
    rowOrdinal += 1
    var id: String?
    var title: String?
    var items: [Card] = []
    var fingerprints: [CardPrint] = []
    try object(describing: "an object for a row") { (decoder, field) throws(ParseFailure) in
      switch field {
      case .id: id = try decoder.identifier()
      case .title: title = try decoder.requiredString()
      case .items:
        if decoder.reuse == nil && !decoder.recordsFingerprints {
          items = try decoder.optionalArray { (decoder) throws(ParseFailure) in try decoder.card() }
        } else {
          (items, fingerprints) = try decoder.cardsReusing(rowID: id, ordinal: ordinal)
        }
      default: return false
      }
      return true
    }
    guard let id else { throw missing("id", at: start) }
    guard let title else { throw missing("title", at: start) }
    lastRowFingerprints = fingerprints
    return Row(id: id, title: title, items: items)
  }

  /// A row's `items` (an array, or empty for `null`), each card's bytes
  /// fingerprinted: a card whose bytes are those of the card at its place in
  /// the row before (`reuse`) is taken from there, any other is decoded.
  /// Gives what `optionalArray { card() }` gives, or fails as it does.
  private mutating func cardsReusing(rowID: String?, ordinal: Int) throws(ParseFailure) -> (
    [Card], [CardPrint]
  ) {
    if scanner.peek == UInt8(ascii: "n") {
      try scanner.scanLiteral()
      return ([], [])
    }
    guard scanner.peek == .openBracket else { throw wrongType(expected: "an array") }
    var matcher = reuse?.row(id: rowID, ordinal: ordinal).map(CardMatcher.init)
    var cards: [Card] = []
    var fingerprints: [CardPrint] = []
    if let count = matcher?.before.items.count {
      cards.reserveCapacity(count + 4)
      fingerprints.reserveCapacity(count + 4)
    }
    guard try scanner.beginArray() else { return (cards, fingerprints) }
    repeat {
      do {
        let start = scanner.position
        let depth = scanner.depth
        if scanner.peek == .openBrace,
          let (card, print) = matcher?.match(at: start, in: scanner.bytes, depth: depth)
        {
          // The bytes of a card decoded before: they end where it ended.
          scanner.position = start + print.length
          cards.append(card)
          fingerprints.append(print)
          reusedCardCount += 1
        } else {
          cards.append(try card())
          let print = CardPrint(of: start..<scanner.position, in: scanner.bytes, depth: depth)
          fingerprints.append(print)
          matcher?.resume(after: print)
        }
      } catch {
        throw error.adding(.index(cards.count))
      }
    } while try scanner.nextElement()
    return (cards, fingerprints)
  }

  // Inlined at both its callers: with a second caller (`cardsReusing`) the
  // compiler stopped inlining it into `row()`'s, and one-core parsing lost 4%.
  @inline(__always) private mutating func card() throws(ParseFailure) -> Card {
    let start = scanner.position
    var id: String?
    var title: String?
    var subtitle: String?
    var year: Int?
    var rating: Double?
    var summary: String?
    var tags: [String] = []
    var url: String?
    var image: String?
    var fields: [CardField] = []
    try object(describing: "an object for a card") { (decoder, field) throws(ParseFailure) in
      switch field {
      case .id: id = try decoder.identifier()
      case .title: title = try decoder.requiredString()
      case .subtitle: subtitle = try decoder.optionalString()
      case .year: year = try decoder.year()
      case .rating: rating = try decoder.rating()
      case .summary: summary = try decoder.optionalString()
      case .url: url = try decoder.optionalString()
      case .image: image = try decoder.optionalString()
      case .tags:
        tags = try decoder.optionalArray { (decoder) throws(ParseFailure) in
          try decoder.requiredString()
        }
      default:
        // Any other member is kept as text: rare enough in a catalog that
        // the usual card pays only this branch.
        if let field = try decoder.scanner.field(keyAt: decoder.memberKeyOffset) {
          fields.append(field)
        }
      }
      return true
    }
    guard let id else { throw missing("id", at: start) }
    guard let title else { throw missing("title", at: start) }
    return Card(
      id: id, title: title, subtitle: subtitle, year: year, rating: rating, summary: summary,
      tags: tags, url: url, image: image, fields: CardFields(fields))
  }

  // MARK: - Values

  /// A failure for a value of the wrong type; the value is skipped first so a
  /// syntax error inside it is reported instead.
  private mutating func wrongType(expected: String) -> ParseFailure {
    let start = scanner.position
    guard let kind = scanner.valueKind() else { return scanner.unexpected(expected) }
    do {
      try scanner.skipValue()
    } catch {
      // `nonsense` starts like `null`: name the expectation, not the literal.
      guard ["true", "false", "null"].contains(kind) else { return error }
      scanner.position = start
      return scanner.unexpected(expected)
    }
    let found =
      kind == "a number" ? "the number \(scanner.excerpt(start..<scanner.position))" : kind
    return scanner.failure(.invalidCatalog, at: start, "expected \(expected), found \(found)")
  }

  /// Decodes an object member by member: `member` decodes the value of each
  /// field it knows and returns false for the others, which are skipped. A
  /// failure inside a member gains the member's key in its path.
  private mutating func object(
    describing expectation: String,
    _ member: (inout CatalogDecoder, CatalogField) throws(ParseFailure) -> Bool
  ) throws(ParseFailure) {
    guard scanner.peek == .openBrace else { throw wrongType(expected: expectation) }
    guard try scanner.beginObject() else { return }
    repeat {
      let keyOffset = scanner.position
      memberKeyOffset = keyOffset
      let field = CatalogField(packed: try scanner.memberPackedKey())
      do {
        if try !member(&self, field) { try scanner.skipValue() }
      } catch {
        throw error.adding(.key(scanner.keyName(at: keyOffset)))
      }
    } while try scanner.nextMember()
  }

  private func missing(_ field: String, at offset: Int) -> ParseFailure {
    scanner.failure(.invalidCatalog, at: offset, "missing \"\(field)\"")
  }

  private mutating func array<Element>(
    _ element: (inout CatalogDecoder) throws(ParseFailure) -> Element
  ) throws(ParseFailure) -> [Element] {
    guard scanner.peek == .openBracket else { throw wrongType(expected: "an array") }
    var elements: [Element] = []
    guard try scanner.beginArray() else { return elements }
    repeat {
      do {
        elements.append(try element(&self))
      } catch {
        throw error.adding(.index(elements.count))
      }
    } while try scanner.nextElement()
    return elements
  }

  /// An array, or empty for `null`.
  private mutating func optionalArray<Element>(
    _ element: (inout CatalogDecoder) throws(ParseFailure) -> Element
  ) throws(ParseFailure) -> [Element] {
    if scanner.peek == UInt8(ascii: "n") {
      try scanner.scanLiteral()
      return []
    }
    return try array(element)
  }

  private mutating func requiredString() throws(ParseFailure) -> String {
    guard scanner.peek == .quote else { throw wrongType(expected: "a string") }
    let start = scanner.position
    let span = try scanner.scanString()
    let length = scanner.length(of: span)
    if length > limits.maximumStringLength {
      throw scanner.failure(
        .invalidCatalog, at: start,
        "text is \(length) bytes long; the limit is \(MessageText.size(limits.maximumStringLength))"
      )
    }
    return scanner.string(span)
  }

  /// A string, or nil for `null`.
  private mutating func optionalString() throws(ParseFailure) -> String? {
    if scanner.peek == UInt8(ascii: "n") {
      try scanner.scanLiteral()
      return nil
    }
    return try requiredString()
  }

  /// An id: a non-empty string, or an integer as its decimal text.
  private mutating func identifier() throws(ParseFailure) -> String {
    let start = scanner.position
    let id: String
    let length: Int
    switch scanner.peek {
    case .quote:
      let span = try scanner.scanString()
      length = scanner.length(of: span)
      if length == 0 { throw scanner.failure(.invalidCatalog, at: start, "the id is empty") }
      if length > limits.maximumIDLength {
        throw tooLongID(length, at: start)
      }
      id = scanner.string(span)
    case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard try scanner.scanNumber() else {
        throw scanner.failure(
          .invalidCatalog, at: start,
          "expected a string or an integer id, found the number \(scanner.excerpt(start..<scanner.position))"
        )
      }
      length = scanner.position - start
      if length > limits.maximumIDLength { throw tooLongID(length, at: start) }
      // JSON integers have no leading zeros or plus sign: the literal is the decimal text.
      id = String(
        decoding: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.position]),
        as: UTF8.self)
    default:
      throw wrongType(expected: "a string or an integer id")
    }
    return id
  }

  private func tooLongID(_ length: Int, at offset: Int) -> ParseFailure {
    scanner.failure(
      .invalidCatalog, at: offset,
      "the id is \(length) bytes long; the limit is \(limits.maximumIDLength)")
  }

  /// A year: an integer in `limits.years`, or nil for `null`.
  private mutating func year() throws(ParseFailure) -> Int? {
    switch scanner.peek {
    case UInt8(ascii: "n"):
      try scanner.scanLiteral()
      return nil
    case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = scanner.position
      let isInteger = try scanner.scanNumber()
      let range = start..<scanner.position
      guard isInteger else {
        throw scanner.failure(
          .invalidCatalog, at: start,
          "expected an integer year, found the number \(scanner.excerpt(range))")
      }
      guard let year = scanner.integer(in: range), limits.years.contains(year) else {
        throw scanner.failure(
          .invalidCatalog, at: start,
          "the year \(scanner.excerpt(range)) is out of range \(limits.years.lowerBound)...\(limits.years.upperBound)"
        )
      }
      return year
    default:
      throw wrongType(expected: "an integer year")
    }
  }

  /// A rating: a number in `limits.ratings`, or nil for `null`.
  private mutating func rating() throws(ParseFailure) -> Double? {
    switch scanner.peek {
    case UInt8(ascii: "n"):
      try scanner.scanLiteral()
      return nil
    case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = scanner.position
      _ = try scanner.scanNumber()
      let range = start..<scanner.position
      let rating = scanner.double(in: range)
      guard limits.ratings.contains(rating) else {
        throw scanner.failure(
          .invalidCatalog, at: start,
          "the rating \(scanner.excerpt(range)) is out of range \(MessageText.number(limits.ratings.lowerBound))...\(MessageText.number(limits.ratings.upperBound))"
        )
      }
      return rating
    default:
      throw wrongType(expected: "a number for the rating")
    }
  }
}
