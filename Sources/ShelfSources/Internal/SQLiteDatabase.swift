internal import CSQLite

/// A SQLite database opened read-only: one query's columns and rows as text,
/// and whether another connection committed since (`PRAGMA data_version`).
/// Used on one queue at a time; closed when let go of.
final class SQLiteDatabase {
  /// Why the database could not be opened or queried: SQLite's code and message.
  struct Failure: Error, Equatable {
    var code: Int32
    var message: String

    /// Whether the file is missing or cannot be opened.
    var isMissing: Bool { code & 0xFF == SQLITE_CANTOPEN }
    /// Whether another connection holds a lock.
    var isLocked: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
  }

  /// A query's result: the column names, then each row's values (nil for NULL).
  struct Result: Equatable {
    var columns: [String]
    var rows: [[String?]]
  }

  private let handle: OpaquePointer

  /// Opens `path` read-only; a lock held by a writer is waited for up to
  /// `busyMilliseconds` before a query fails.
  init(readOnlyPath path: String, busyMilliseconds: Int32 = 1000) throws(Failure) {
    var opened: OpaquePointer?
    let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY, nil)
    guard code == SQLITE_OK, let opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(opened)
      throw Failure(code: code, message: message)
    }
    handle = opened
    sqlite3_busy_timeout(handle, busyMilliseconds)
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs `sql`, one statement that only reads, to the end; fails past
  /// `limit` bytes of values.
  func query(_ sql: String, limit: Int) throws(Failure) -> Result {
    var statement: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let prepared = sql.withCString { text in
      let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
      let rest = tail.map { String(cString: $0) } ?? ""
      return (code, rest)
    }
    defer { sqlite3_finalize(statement) }
    guard prepared.0 == SQLITE_OK else { throw failure(prepared.0) }
    guard let statement else { throw Failure(code: SQLITE_MISUSE, message: "the query is empty") }
    guard prepared.1.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
      throw Failure(code: SQLITE_MISUSE, message: "give one statement, not several")
    }
    guard sqlite3_stmt_readonly(statement) != 0 else {
      throw Failure(
        code: SQLITE_READONLY, message: "the query would write; only reading is allowed")
    }
    let count = sqlite3_column_count(statement)
    let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
    var rows: [[String?]] = []
    var size = 0
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw failure(step) }
      var row: [String?] = []
      row.reserveCapacity(Int(count))
      for column in 0..<count {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL,
          let text = sqlite3_column_text(statement, column)
        else {
          row.append(nil)
          continue
        }
        let length = Int(sqlite3_column_bytes(statement, column))
        size += length
        guard size <= limit else {
          throw Failure(code: SQLITE_TOOBIG, message: "the result is larger than \(limit) bytes")
        }
        row.append(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
      }
      rows.append(row)
    }
    return Result(columns: columns, rows: rows)
  }

  /// A number that changes when another connection commits a change.
  func dataVersion() throws(Failure) -> String {
    try query("PRAGMA data_version", limit: 64).rows.first?.first.flatMap { $0 } ?? ""
  }

  private func failure(_ code: Int32) -> Failure {
    Failure(
      code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }
}
