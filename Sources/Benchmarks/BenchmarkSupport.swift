import Foundation

#if canImport(Glibc)
  import Glibc
#endif
/// The monotonic clock, in seconds.
enum Monotonic {
  static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  /// Clock ticks per second, for `/proc` CPU times.
  static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Bytes queued for a child's input pipe that it has not read yet.
struct PipeBacklog {
  private var bytes: [UInt8] = []
  private var offset = 0

  /// How many bytes wait.
  var count: Int { bytes.count - offset }
  var isEmpty: Bool { count == 0 }
  /// The bytes that wait, oldest first.
  var unread: ArraySlice<UInt8> { bytes[offset...] }

  /// Queues `more` after what waits.
  mutating func append(_ more: [UInt8]) {
    if offset > 0 {
      bytes.removeFirst(offset)
      offset = 0
    }
    bytes += more
  }

  /// Drops the first `count` waiting bytes: the child has read them.
  mutating func consume(_ count: Int) { offset += count }
}

/// A temporary folder for generated catalogs and children's output.
struct ScratchFolder {
  let path: String

  /// Creates `shelf-bench-<label>-<pid>` in the temporary directory.
  init(_ label: String) {
    path = NSTemporaryDirectory() + "shelf-bench-\(label)-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Writes `bytes` to `name` by renaming a finished temporary file over it,
  /// as editors and sync tools replace files; returns the path.
  @discardableResult
  func write(_ bytes: [UInt8], to name: String) -> String {
    let target = file(name)
    let temporary = file(".\(name).partial")
    _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes))
    rename(temporary, target)
    return target
  }

  /// Deletes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The release `shelf` built beside this Benchmarks executable.
enum ShelfBinary {
  /// Its path, or nil (with a note printed) when it has not been built.
  static func path() -> String? {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let shelf = (executable as NSString).deletingLastPathComponent + "/shelf"
    guard FileManager.default.isExecutableFile(atPath: shelf) else {
      print("  \(shelf) is missing: `swift build -c release` builds it (make bench does)")
      return nil
    }
    return shelf
  }
}
