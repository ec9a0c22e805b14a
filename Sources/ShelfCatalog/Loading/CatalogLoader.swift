import Foundation

/// Loads and validates catalogs from files, bytes and the bundled resources.
///
/// Every failure is a `CatalogError` (one line, with an exit code); duplicate
/// ids are not failures but warnings in the `LoadedCatalog`.
public enum CatalogLoader {
  /// The environment variable that names the folder holding the bundled `catalog.json`.
  public static let resourcesVariable = "SHELF_RESOURCES"
  /// The bundled catalog's file name inside the resources folder.
  public static let bundledFileName = "catalog.json"

  /// Loads the catalog in the file at `path`; `-` reads standard input.
  ///
  /// With `regularFileOnly` (a file to watch) a FIFO, a device or a socket is
  /// refused as "not a regular file" instead of read, so nothing blocks.
  public static func load(
    contentsOf path: String, limits: CatalogLimits = .default, regularFileOnly: Bool = false,
    reading: CatalogReading = .automatic
  ) throws(CatalogError) -> LoadedCatalog {
    if path == "-" && !regularFileOnly {
      return try loadStandardInput(limits: limits, reading: reading)
    }
    let bytes = try FileReader.read(
      path: path, limit: limits.maximumFileSize, regularFileOnly: regularFileOnly)
    return try load(bytes: bytes, source: .file(path), limits: limits, reading: reading)
  }

  /// Loads the catalog that standard input holds, up to its end.
  public static func loadStandardInput(
    limits: CatalogLimits = .default, reading: CatalogReading = .automatic
  ) throws(CatalogError) -> LoadedCatalog {
    let bytes = try FileReader.read(
      descriptor: 0, limit: limits.maximumFileSize, source: .standardInput)
    return try load(bytes: bytes, source: .standardInput, limits: limits, reading: reading)
  }

  /// Loads a catalog from UTF-8 bytes, a catalog or records as `reading`
  /// says; `source` names them in messages.
  public static func load(
    bytes: [UInt8], source: CatalogSource, limits: CatalogLimits = .default,
    reading: CatalogReading = .automatic
  ) throws(CatalogError) -> LoadedCatalog {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogError) in
        try loadReusingCards(
          buffer: buffer, source: source, limits: limits, threads: threads(forSize: buffer.count),
          from: nil, keepsCards: false, reading: reading, owner: bytes
        ).loaded
      }
    }
    return try result.get()
  }

  /// Loads a catalog from UTF-8 JSON data; `source` names it in messages.
  public static func load(
    data: Data, source: CatalogSource, limits: CatalogLimits = .default
  ) throws(CatalogError) -> LoadedCatalog {
    let result = data.withUnsafeBytes { raw in
      Result { () throws(CatalogError) in
        try load(buffer: raw.bindMemory(to: UInt8.self), source: source, limits: limits)
      }
    }
    return try result.get()
  }

  /// Loads a catalog from the UTF-8 text `json`; `source` names it in messages.
  public static func load(
    json: String, source: CatalogSource = .named("catalog"), limits: CatalogLimits = .default
  ) throws(CatalogError) -> LoadedCatalog {
    try load(bytes: Array(json.utf8), source: source, limits: limits)
  }

  /// From this many bytes on, rows are decoded on every core: below it the
  /// threads would cost more than they save.
  static let parallelDecodingSize = 1 << 20

  /// Loads a catalog from UTF-8 bytes in a buffer, a catalog or records as
  /// `reading` says.
  public static func load(
    buffer: UnsafeBufferPointer<UInt8>, source: CatalogSource, limits: CatalogLimits = .default,
    reading: CatalogReading = .automatic
  ) throws(CatalogError) -> LoadedCatalog {
    try loadReusingCards(
      buffer: buffer, source: source, limits: limits, threads: threads(forSize: buffer.count),
      from: nil, keepsCards: false, reading: reading
    ).loaded
  }

  /// How many threads decode a catalog of `size` bytes.
  package static func threads(forSize size: Int) -> Int {
    size >= parallelDecodingSize ? ProcessInfo.processInfo.activeProcessorCount : 1
  }

  /// Loads a catalog as `load(buffer:source:limits:)` does, decoding its rows
  /// on `threads` threads whatever its size (1: in place), for tests.
  package static func load(
    buffer: UnsafeBufferPointer<UInt8>, source: CatalogSource, limits: CatalogLimits,
    threads: Int, reading: CatalogReading = .automatic
  ) throws(CatalogError) -> LoadedCatalog {
    try loadReusingCards(
      buffer: buffer, source: source, limits: limits, threads: threads, from: nil,
      keepsCards: false, reading: reading
    ).loaded
  }

  /// Loads a catalog as `load(buffer:source:limits:threads:)` does, and says
  /// whether its rows (or its CSV or TSV records) were read on several
  /// threads (false: the whole document was read again in place, as a bad
  /// one is), for tests.
  package static func loadNotingParallelRows(
    buffer: UnsafeBufferPointer<UInt8>, source: CatalogSource, limits: CatalogLimits,
    threads: Int, reading: CatalogReading = .automatic
  ) throws(CatalogError) -> (loaded: LoadedCatalog, rowsDecodedInParallel: Bool) {
    let result = try loadReusingCards(
      buffer: buffer, source: source, limits: limits, threads: threads, from: nil,
      keepsCards: false, reading: reading)
    return (result.loaded, result.rowsDecodedInParallel)
  }

  /// Loads a catalog as `load(buffer:source:limits:threads:)` does, taking
  /// each card whose bytes are unchanged from `reuse` (the cards of the
  /// version before) instead of decoding it again; with `keepsCards`, also
  /// gives this version's cards for the next one to reuse. The catalog, its
  /// warnings and its errors are the same as without reuse.
  /// Records given as fields (a database's rows, say) as a catalog titled
  /// `title`, grouped and mapped as `mapping` says: the same rules as
  /// records read from bytes. A record's line is its place, from 1.
  public static func catalog(
    ofRecords records: [[CardField]], title: String, source: CatalogSource,
    mapping: RecordMapping = RecordMapping(), limits: CatalogLimits = .default
  ) throws(CatalogError) -> Catalog {
    let mapper = RecordMapper(mapping: mapping, limits: limits)
    let numbered = records.enumerated().map { Record(fields: CardFields($1), line: $0 + 1) }
    return try mapper.catalog(numbered, title: title, source: source)
  }

  /// A warning naming each field `mapping`'s options name (`--title
  /// {nmae}`) that is not among `fields`, the fields every record may
  /// have (a query's columns), with those fields; nil when all are there.
  public static func unknownFieldWarning(
    mapping: RecordMapping, fields: [String], source: CatalogSource
  ) -> CatalogWarning? {
    RecordMapper(mapping: mapping, limits: .default).unknownFieldWarning(
      fields: fields, source: source)
  }

  package static func loadReusingCards(
    buffer: UnsafeBufferPointer<UInt8>, source: CatalogSource, limits: CatalogLimits,
    threads: Int, from reuse: CardReuse?, keepsCards: Bool,
    reading: CatalogReading = .automatic, owner: [UInt8]? = nil
  ) throws(CatalogError) -> (
    loaded: LoadedCatalog, cards: CardReuse?, rowsDecodedInParallel: Bool, reusedCardCount: Int
  ) {
    if buffer.count > limits.maximumFileSize {
      throw FileReader.tooLarge(buffer.count, limit: limits.maximumFileSize, source: source)
    }
    var reader = RecordReader(bytes: buffer, source: source, limits: limits)
    // A table's records keep their fields as slices of the bytes, when
    // the bytes are an array they can keep.
    reader.owner = owner
    let (format, reason) = reader.format(for: reading)
    if format != .catalog {
      let mapper = RecordMapper(mapping: reading.mapping, limits: limits)
      let catalog: Catalog
      var inParallel = false
      if threads > 1, format == .csv || format == .tsv,
        let read = reader.delimitedCatalog(
          separator: format == .csv ? .comma : .tab, quoting: format == .csv,
          names: reading.fields, mapper: mapper, title: source.shortName, threads: threads)
      {
        catalog = read
        inParallel = true
      } else {
        let records = try reader.records(format, reading: reading)
        catalog = try mapper.catalog(records, title: source.shortName, source: source)
      }
      var loaded = LoadedCatalog(catalog: catalog)
      loaded.format = format
      loaded.formatReason = reason
      if let warning = mapper.unknownFieldWarning(in: catalog, source: source) {
        loaded.warnings.append(warning)
      }
      return (loaded, nil, inParallel, 0)
    }
    var decoder = CatalogDecoder(bytes: buffer, limits: limits)
    decoder.reuse = reuse?.limits == limits ? reuse : nil
    decoder.recordsFingerprints = keepsCards
    let catalog: Catalog
    do {
      catalog =
        threads > 1 ? try decoder.catalogInParallel(threads: threads) : try decoder.catalog()
    } catch {
      throw catalogError(error, scanner: decoder.scanner, source: source)
    }
    var loaded = LoadedCatalog(catalog: catalog)
    loaded.formatReason = reason
    DuplicateFinder.addWarnings(
      to: &loaded, source: source, hasTopLevelRows: decoder.hasTopLevelRows, limits: limits,
      threads: threads)
    var cards: CardReuse?
    // Every row decoded is in the catalog, in order, unless a repeated key
    // dropped some: then the fingerprints cannot be paired with the rows.
    let rows = catalog.rows
    if keepsCards, decoder.decodedFingerprints.count == rows.count {
      cards = CardReuse(limits: limits, rows: rows, prints: decoder.decodedFingerprints)
    }
    return (loaded, cards, decoder.decodedRowsInParallel, decoder.reusedCardCount)
  }

  private static func catalogError(
    _ failure: ParseFailure, scanner: JSONScanner, source: CatalogSource
  ) -> CatalogError {
    if failure.kind == .empty {
      let problem: String
      switch source {
      case .streamLine: problem = "the line is empty"
      case .file: problem = "the file is empty"
      default: problem = "the input is empty"
      }
      return CatalogError(.empty, source: source, problem: problem)
    }
    let (line, column) = scanner.lineAndColumn(of: failure.offset)
    return CatalogError(
      failure.kind, source: source, line: line, column: column,
      path: PathComponent.text(failure.reversedPath.reversed()), problem: failure.problem)
  }

  // MARK: - The bundled catalog

  /// Loads the catalog bundled with Shelf (see `bundledCatalogPath()`).
  public static func bundled(limits: CatalogLimits = .default) throws(CatalogError) -> LoadedCatalog
  {
    try load(contentsOf: bundledCatalogPath(), limits: limits)
  }

  /// Finds the bundled `Resources/catalog.json`: in `$SHELF_RESOURCES` if that
  /// is set; else in a `Resources` folder beside the running executable or any
  /// folder above it (`.build/debug/shelf` finds the repository's); else in the
  /// repository this source file was built from. Missing: an error with exit code 66.
  public static func bundledCatalogPath() throws(CatalogError) -> String {
    try bundledCatalogPath(
      environment: ProcessInfo.processInfo.environment,
      executablePath: FileReader.executablePath(), sourceFilePath: #filePath)
  }

  /// `bundledCatalogPath()` with its inputs given, for tests.
  package static func bundledCatalogPath(
    environment: [String: String], executablePath: String?, sourceFilePath: String
  ) throws(CatalogError) -> String {
    if let folder = environment[resourcesVariable], !folder.isEmpty {
      let path = join(folder, bundledFileName)
      guard FileReader.isFile(path) else {
        throw CatalogError(
          .notFound, source: .file(path),
          problem:
            "no bundled catalog here (\(resourcesVariable) is set to \(MessageText.safe(folder)))")
      }
      return path
    }
    var candidates: [String] = []
    if let executablePath {
      var folder = parent(executablePath)
      while true {
        candidates.append(join(join(folder, "Resources"), bundledFileName))
        candidates.append(join(join(join(folder, "share"), "shelf"), bundledFileName))
        let up = parent(folder)
        if up == folder { break }
        folder = up
      }
    }
    // Sources/ShelfCatalog/Loading/CatalogLoader.swift -> the repository root.
    let root = parent(parent(parent(parent(sourceFilePath))))
    candidates.append(join(join(root, "Resources"), bundledFileName))
    if let found = candidates.first(where: FileReader.isFile) { return found }
    throw CatalogError(
      .notFound, source: .named("bundled catalog"),
      problem:
        "Resources/\(bundledFileName) not found beside the executable or in the source tree; set \(resourcesVariable) to the folder that holds it"
    )
  }

  private static func parent(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
