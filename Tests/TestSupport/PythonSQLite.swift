import Foundation

/// Why a python3 script failed.
public struct PythonScriptFailed: Error, CustomStringConvertible {
  /// The script's exit status.
  public let status: Int32
  public var description: String { "python3 exited with \(status)" }
}

/// Runs `script` with Debian's python3 (its sqlite3 module writes the
/// databases the SQLite tests read: another process, as a program beside
/// Shelf would be); throws when it fails.
public func runPython(_ script: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  process.arguments = ["-c", script]
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw PythonScriptFailed(status: process.terminationStatus)
  }
}

/// A new database at `path` (in WAL mode) with a `books` table of two rows,
/// (b1, Emma, Austen) and (b2, Dune, Herbert), written by python3.
public func makeBooksDatabase(at path: String) throws {
  try runPython(
    """
    import sqlite3
    db = sqlite3.connect('\(path)')
    db.execute('pragma journal_mode=wal')
    db.execute('create table books (id text, title text, author text)')
    db.executemany('insert into books values (?, ?, ?)',
                   [('b1', 'Emma', 'Austen'), ('b2', 'Dune', 'Herbert')])
    db.commit()
    """)
}

/// Writes a generated cover picture to `path` with `Scripts/make-cover.py`
/// (the standard library's zlib for PNG, a small baseline encoder for JPEG):
/// the same picture for the same seed and size. `declared` writes a PNG
/// whose header claims that size (a picture too large to decode).
public func makeCover(
  at path: String, format: String = "png", width: Int = 48, height: Int = 72, seed: Int = 1,
  declared: String? = nil
) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  process.arguments =
    [
      repositoryRoot.appendingPathComponent("Scripts/make-cover.py").path, "--format", format,
      "--width", "\(width)", "--height", "\(height)", "--seed", "\(seed)",
    ] + (declared.map { ["--declare", $0] } ?? []) + [path]
  try process.run()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw PythonScriptFailed(status: process.terminationStatus)
  }
}
