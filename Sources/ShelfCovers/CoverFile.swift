import Glibc

/// Reads a cover picture from a file: a regular file only (a FIFO or a
/// device would block or never end), at most `maximumBytes`.
public enum CoverFile {
  /// The largest picture file read: 32 MiB.
  public static let maximumBytes = 32 << 20

  /// `image` as a path: absolute, or relative to `directory`.
  public static func path(of image: String, relativeTo directory: String) -> String {
    image.hasPrefix("/") || directory.isEmpty ? image : directory + "/" + image
  }

  /// The bytes of the file at `path`.
  public static func read(_ path: String) throws(CoverError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(reason(errno)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason(errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable("not a regular file") }
    let size = Int(status.st_size)
    guard size <= maximumBytes else {
      throw .unreadable("a \(size >> 20) MiB file is larger than a cover may be")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .unreadable(reason(errno)) }
      if count == 0 { break }  // shorter than it was: what there is
      offset += count
    }
    return Array(bytes.prefix(offset))
  }

  private static func reason(_ code: Int32) -> String {
    code == ENOENT ? "no such file" : String(cString: strerror(code))
  }
}
