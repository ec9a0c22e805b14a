#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files with POSIX calls, so each failure maps to a precise
/// message and exit code.
package enum FileReader {
  /// The bytes of the file at `path` (or of standard input for `fileDescriptor`),
  /// refusing more than `limit` bytes without reading them all.
  ///
  /// With `regularFileOnly`, nothing blocks: a FIFO, a device or a socket is
  /// refused as "not a regular file" without waiting for a writer or data
  /// (a watcher must never hang on a path that became one).
  package static func read(
    path: String, limit: Int, regularFileOnly: Bool = false
  ) throws(CatalogError) -> [UInt8] {
    let source = CatalogSource.file(path)
    if regularFileOnly {
      // Not even opened: opening a device can have effects of its own.
      var status = stat()
      if stat(path, &status) == 0 { try requireRegularFile(status, source: source) }
    }
    // O_NONBLOCK: the path may have become a FIFO since the check, and opening
    // a FIFO waits for a writer; reading a regular file ignores the flag.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0))
    guard descriptor >= 0 else {
      // A socket cannot be opened at all.
      if regularFileOnly && errno == ENXIO {
        throw CatalogError(.notReadable, source: source, problem: "not a regular file")
      }
      throw openError(errno, source: source)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw CatalogError(.ioFailure, source: source, problem: "cannot read: \(describe(errno))")
    }
    if regularFileOnly { try requireRegularFile(status, source: source) }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw CatalogError(
        .isDirectory, source: source, problem: "is a directory, not a catalog file")
    }
    var expected = 0
    if status.st_mode & S_IFMT == S_IFREG {
      expected = Int(status.st_size)
      if expected > limit { throw tooLarge(expected, limit: limit, source: source) }
    }
    return try read(descriptor: descriptor, expectedSize: expected, limit: limit, source: source)
  }

  /// All bytes from `descriptor` until end of file, at most `limit`.
  ///
  /// Reads into blocks and joins them once at the end, freeing each as it
  /// is copied: growing one buffer by doubling held the old and the new
  /// one at once, so an endless input (`/dev/zero`) took twice the limit
  /// before it was refused. No more than `limit + 1` bytes are read.
  package static func read(
    descriptor: Int32, expectedSize: Int = 0, limit: Int, source: CatalogSource
  ) throws(CatalogError) -> [UInt8] {
    // One byte more than expected, so a file that grew is noticed without
    // a second block: a regular file is read straight into its one block.
    var blockSize = max(expectedSize + 1, 64 << 10)
    var blocks: [[UInt8]] = []
    var total = 0
    while true {
      let size = min(blockSize, limit + 1 - total)
      let (block, failure, isAtEnd) = readBlock(descriptor, size: size)
      if failure != 0 {
        if failure == EISDIR {
          throw CatalogError(
            .isDirectory, source: source, problem: "is a directory, not a catalog file")
        }
        throw CatalogError(.ioFailure, source: source, problem: "read error: \(describe(failure))")
      }
      total += block.count
      if total > limit { throw tooLarge(total, limit: limit, source: source) }
      if !block.isEmpty { blocks.append(block) }
      if isAtEnd { break }
      blockSize = min(blockSize * 2, maximumBlockSize)
    }
    if blocks.count <= 1 { return blocks.first ?? [] }
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
      count = 0
      for index in blocks.indices {
        blocks[index].withUnsafeBufferPointer { block in
          (buffer.baseAddress! + count).initialize(from: block.baseAddress!, count: block.count)
          count += block.count
        }
        blocks[index] = []
      }
    }
  }

  /// The largest block `read(descriptor:)` reads an input of unknown size
  /// into, past which blocks stop doubling: the join's extra memory.
  private static let maximumBlockSize = 8 << 20

  /// Up to `size` bytes from `descriptor`, fewer only at the end of the
  /// input or on a failure (its `errno`).
  private static func readBlock(_ descriptor: Int32, size: Int) -> (
    block: [UInt8], failure: Int32, isAtEnd: Bool
  ) {
    var failure: Int32 = 0
    var isAtEnd = false
    // Read straight into uninitialised capacity: filling 100 MB with zeros
    // first only to overwrite them costs as much as the read itself.
    let block = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      while count < size {
        let result = systemRead(descriptor, buffer.baseAddress! + count, size - count)
        if result < 0 && errno == EINTR { continue }
        if result < 0 {
          failure = errno
        } else if result == 0 {
          isAtEnd = true
        } else {
          count += result
          continue
        }
        break
      }
    }
    return (block, failure, isAtEnd)
  }

  /// Throws "not a regular file (a FIFO)" unless `status` is a regular
  /// file's; a directory keeps its own message.
  private static func requireRegularFile(_ status: stat, source: CatalogSource) throws(CatalogError)
  {
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return
    case S_IFIFO: kind = "a FIFO"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a file"
    }
    throw CatalogError(.notReadable, source: source, problem: "not a regular file (\(kind))")
  }

  static func tooLarge(_ size: Int, limit: Int, source: CatalogSource) -> CatalogError {
    CatalogError(
      .tooLarge, source: source,
      problem: "is larger than the limit of \(MessageText.size(limit))"
        + (size > limit + 1 ? " (\(MessageText.size(size)))" : ""))
  }

  static func openError(_ code: Int32, source: CatalogSource) -> CatalogError {
    switch code {
    case ENOENT, ENOTDIR:
      CatalogError(.notFound, source: source, problem: "no such file")
    case EACCES, EPERM:
      CatalogError(.notReadable, source: source, problem: "permission denied")
    case EISDIR:
      CatalogError(.isDirectory, source: source, problem: "is a directory, not a catalog file")
    case EIO:
      CatalogError(.ioFailure, source: source, problem: "cannot open: \(describe(code))")
    default:
      CatalogError(.notReadable, source: source, problem: "cannot open: \(describe(code))")
    }
  }

  package static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// Whether `path` names an existing regular file (or a link to one).
  static func isFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// The path the running executable was started from, resolved, if known.
  static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int)
  -> Int
{
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
