import Dispatch
import ShelfCatalog
import ShelfDiff

/// Shows a query over a SQLite database for `shelf --sqlite FILE --sql
/// SQL`, and shows it again whenever another process commits a change.
///
/// The database is opened read-only. Every interval the source asks SQLite
/// whether another connection committed since it last looked (`PRAGMA
/// data_version`, a cheap read); only then does the query run again, and a
/// result that differs from the last one is delivered as a new catalog. A
/// missing or locked database, a bad query or one the schema no longer
/// answers is delivered as a failure, once, and the last good catalog stays
/// (`latestCatalog`); the next good result clears it.
public final class SQLiteSource: LiveSource {
  private struct State: @unchecked Sendable {
    // The database is only used on the schedule's queue, one run at a time.
    var database: SQLiteDatabase?
    var version: String?
    var lastDelivered: Delivered?
    var latest: LoadedCatalog?
  }

  private enum Delivered: Equatable {
    case result(SQLiteDatabase.Result)
    case error(CatalogError)
  }

  /// The database file, as given.
  public let path: String
  /// The query, one statement that reads.
  public let query: String
  private let limits: CatalogLimits
  private let mapping: RecordMapping
  private let schedule: PeriodicSchedule
  private let state = Locked(State())
  private let keeper = SourceStatusKeeper()

  /// A source that runs `query` over the database at `path`, looking for
  /// changes every `interval`; its rows become cards as `mapping` says.
  public init(
    path: String, query: String, interval: Duration = .milliseconds(250),
    limits: CatalogLimits = .default, mapping: RecordMapping = RecordMapping()
  ) {
    self.path = path
    self.query = query
    self.limits = limits
    self.mapping = mapping
    schedule = PeriodicSchedule(label: "shelf.sqlite", interval: Periodic.clamped(interval))
  }

  /// The database file, as messages name it.
  public var name: String { path }

  /// How the last result delivered went.
  public var status: LiveSourceStatus { keeper.status }

  /// The catalog of the last good result, if any.
  public var latestCatalog: LoadedCatalog? { state.withLock { $0.latest } }

  /// Starts: the query runs now, then again after each change another
  /// process commits; `handler` runs on `queue` for each new catalog or failure.
  public func start(
    queue: DispatchQueue,
    handler: @escaping @Sendable (Result<LoadedCatalog, CatalogError>) -> Void
  ) {
    schedule.start(delivering: queue, to: keeper.noting(handler)) { [self] deliver in
      if let result = poll() { deliver(result) }
    }
  }

  /// Stops: no query starts, and no handler runs after this returns, except one already running.
  public func stop() {
    schedule.stop()
  }

  /// Returns once a query under way has ended.
  public func waitUntilIdle() {
    schedule.waitUntilIdle()
  }

  /// Runs `query` over the database at `path` once (`shelf render`, and the
  /// first screen): its catalog, or why there is none (66: the file is
  /// missing; 65: the query is bad).
  public static func loadOnce(
    path: String, query: String, limits: CatalogLimits = .default,
    mapping: RecordMapping = RecordMapping()
  ) throws(CatalogError) -> LoadedCatalog {
    let source = SQLiteSource(path: path, query: query, limits: limits, mapping: mapping)
    switch source.poll() {
    case .success(let loaded)?: return loaded
    case .failure(let error)?: throw error
    case nil: throw source.failure(.unavailable, "the query gave nothing")
    }
  }

  // MARK: - Querying

  /// One look: the query's catalog or failure when it is new, nil when
  /// nothing changed.
  private func poll() -> Result<LoadedCatalog, CatalogError>? {
    let outcome = Result { () throws(CatalogError) -> SQLiteDatabase.Result? in
      try changedResult()
    }
    let delivered: Delivered
    switch outcome {
    case .success(nil): return nil
    case .success(let result?): delivered = .result(result)
    case .failure(let error): delivered = .error(error)
    }
    // The rows as cards, outside the lock (a record without the group field fails).
    var mapped: Result<LoadedCatalog, CatalogError>?
    if case .result(let result) = delivered {
      mapped = Result { () throws(CatalogError) -> LoadedCatalog in
        try SQLiteRecords.catalog(
          of: result, title: SQLiteRecords.title(ofDatabaseAt: path), mapping: mapping,
          source: .named(path), limits: limits)
      }
    }
    return state.withLock { state -> Result<LoadedCatalog, CatalogError>? in
      guard state.lastDelivered != delivered else { return nil }
      state.lastDelivered = delivered
      switch delivered {
      case .result:
        switch mapped {
        case .success(let loaded)?:
          state.latest = loaded
          return .success(loaded)
        case .failure(let error)?:
          return .failure(error)
        case nil:
          return nil
        }
      case .error(let error):
        // The connection may be what went wrong: the next look opens a new one.
        state.database = nil
        state.version = nil
        return .failure(error)
      }
    }
  }

  /// The query's result when the database changed since the last look (or
  /// this is the first), else nil.
  private func changedResult() throws(CatalogError) -> SQLiteDatabase.Result? {
    let existing = state.withLock { $0.database }
    do throws(SQLiteDatabase.Failure) {
      let database: SQLiteDatabase
      if let existing {
        database = existing
      } else {
        database = try SQLiteDatabase(readOnlyPath: path)
      }
      let version = try database.dataVersion()
      let isNew = state.withLock { state -> Bool in
        defer {
          state.database = database
          state.version = version
        }
        return state.database !== database || state.version != version
      }
      guard isNew else { return nil }
      return try database.query(query, limit: limits.maximumFileSize)
    } catch {
      throw describe(error)
    }
  }

  /// What SQLite's failure comes to, in a message.
  private func describe(_ failure: SQLiteDatabase.Failure) -> CatalogError {
    if failure.isMissing {
      return self.failure(
        .notFound, "cannot open the database (" + MessageText.safe(failure.message) + ")")
    }
    if failure.isLocked {
      return self.failure(
        .unavailable, "the database is locked by another process; the last good result stays")
    }
    return self.failure(.invalidCatalog, "the query failed: " + MessageText.safe(failure.message))
  }

  private func failure(_ kind: CatalogError.Kind, _ problem: String) -> CatalogError {
    CatalogError(kind, source: .named(path), problem: problem)
  }
}
