import Glibc
import Synchronization

/// Pictures fetched over the network, kept on disk by URL
/// (`$XDG_CACHE_HOME/shelf/covers`) up to a number of bytes: the least
/// recently used (by modification time, touched on each use) go first.
/// Used from one queue at a time; a write is a new file renamed into place,
/// so another process never reads half a picture.
///
/// The bytes the pictures take are counted as they are stored: the folder
/// is read whole once, at the first store, and again only when the count
/// passes the limit, to find the least recently used.
public struct CoverDiskCache: Sendable {
  /// The folder of pictures.
  public let directory: String
  /// The most bytes the pictures may take together.
  public let limit: Int
  /// The running count of the pictures' bytes, shared by copies of the
  /// cache; -1 until the folder is first read.
  private let usage = Usage()
  /// How many times the folder was read whole (tests read it).
  package var scanCount: Int { usage.scans.load(ordering: .relaxed) }

  private final class Usage: Sendable {
    let bytes = Atomic<Int>(-1)
    let scans = Atomic<Int>(0)
  }

  /// 256 MiB.
  public static let defaultLimit = 256 << 20

  /// A cache in `directory` (made when first written to), at most `limit` bytes.
  public init(directory: String, limit: Int = CoverDiskCache.defaultLimit) {
    self.directory = directory
    self.limit = limit
  }

  /// `$XDG_CACHE_HOME/shelf/covers`, else `~/.cache/shelf/covers`; nil with neither.
  public static func standardDirectory(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/shelf/covers"
    }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/shelf/covers" }
    return nil
  }

  /// The file of `url`: a 64-bit FNV-1a hash of it, in hexadecimal.
  package func path(of url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The kept picture of `url`, marked as just used; nil when none is kept.
  public func bytes(of url: String) -> [UInt8]? {
    let file = path(of: url)
    guard let bytes = try? CoverFile.read(file) else { return nil }
    _ = utimensat(AT_FDCWD, file, nil, 0)  // now: the most recently used
    return bytes
  }

  /// Keeps `bytes` as the picture of `url`, then lets go of the least
  /// recently used past the limit. A failure to write only loses the copy.
  public func store(_ bytes: [UInt8], of url: String) {
    guard bytes.count <= limit, makeDirectory() else { return }
    let file = path(of: url)
    var replaced = stat()
    let replacedSize = stat(file, &replaced) == 0 ? Int(replaced.st_size) : 0
    let part = file + ".\(getpid()).part"
    let descriptor = open(part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    close(descriptor)
    guard offset == bytes.count, rename(part, file) == 0 else {
      unlink(part)
      return
    }
    var total = usage.bytes.load(ordering: .relaxed)
    // Counted from the folder once; then by what each store adds.
    total = total < 0 ? scan().reduce(0) { $0 + $1.size } : total + bytes.count - replacedSize
    if total > limit { total = evict() }
    usage.bytes.store(total, ordering: .relaxed)
  }

  /// Removes the least recently used pictures until the rest fit the
  /// limit; returns the bytes the rest take.
  func evict() -> Int {
    let files = scan()
    var total = files.reduce(0) { $0 + $1.size }
    for file in files.sorted(by: { $0.time < $1.time }) where total > limit {
      if unlink(file.path) == 0 { total -= file.size }
    }
    return total
  }

  /// The pictures in the folder, with when each was last used and its size.
  private func scan() -> [(path: String, time: Int, size: Int)] {
    usage.scans.add(1, ordering: .relaxed)
    guard let folder = opendir(directory) else { return [] }
    var files: [(path: String, time: Int, size: Int)] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.utf8.count == 16 else { continue }  // pictures only, not parts
      var status = stat()
      let path = directory + "/" + name
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      let time = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
      files.append((path, time, Int(status.st_size)))
    }
    closedir(folder)
    return files
  }

  /// Makes the folder and its parents; whether it exists.
  private func makeDirectory() -> Bool {
    var path = ""
    for part in directory.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o755) != 0 && errno != EEXIST { return false }
    }
    return true
  }
}
