import ShelfCatalog
import Testing

/// The watcher skips a re-read whose fingerprint matches the last one
/// delivered, so any one-byte edit must change it.
@Suite struct ContentFingerprintTests {
  private func fingerprint(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { ContentFingerprint.of($0) }
  }

  @Test func sameBytesSameFingerprint() {
    let bytes = Array(#"{"rows":[{"id":"r","title":"A row","items":[]}]}"#.utf8)
    #expect(fingerprint(bytes) == fingerprint(Array(bytes)))
  }

  /// 75 bytes: two 32-byte blocks through the four lanes, then an 8-byte word and a
  /// 3-byte tail; every byte position is edited once, every bit of it.
  @Test func everyOneByteEditChangesIt() {
    var bytes = (0..<75).map { UInt8(ascii: "a") &+ UInt8($0 % 26) }
    let original = fingerprint(bytes)
    var edits = 0
    for index in bytes.indices {
      for bit in 0..<8 {
        bytes[index] ^= 1 << bit
        #expect(fingerprint(bytes) != original, "byte \(index), bit \(bit)")
        bytes[index] ^= 1 << bit
        edits += 1
      }
    }
    #expect(edits == 75 * 8)
    #expect(fingerprint(bytes) == original)
  }

  @Test func lengthCounts() {
    #expect(fingerprint([]) != fingerprint([0]))
    #expect(fingerprint([0]) != fingerprint([0, 0]))
    let zeros = [UInt8](repeating: 0, count: 40)
    #expect(fingerprint(Array(zeros[..<32])) != fingerprint(zeros))
  }
}
