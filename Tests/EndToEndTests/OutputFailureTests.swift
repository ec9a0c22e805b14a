import Foundation
import TestSupport
import Testing

/// `render`, `frames` and `diff` when their output cannot be written.
@Suite struct OutputFailure {
  static let commands: [[String]] = [
    ["render", "--catalog", "\(fixtures)/small.json"],
    ["frames", "\(fixtures)/small.json", "\(fixtures)/small-next.json"],
    ["diff", "\(fixtures)/small.json", "\(fixtures)/small-next.json"],
  ]

  /// A reader that went away (`shelf render | head -1`) ends the command as
  /// SIGPIPE would: status 141 or death by SIGPIPE, and nothing on stderr.
  @Test(arguments: commands)
  func aClosedPipeEndsQuietlyAsSIGPIPEWould(arguments: [String]) throws {
    let process = Process()
    process.executableURL = shelfBinary
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    // No reader at all: the first write fails.
    try output.fileHandleForReading.close()
    try process.run()
    try error.fileHandleForWriting.close()
    let message = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let diedOfSIGPIPE =
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE
    let exited141 = process.terminationReason == .exit && process.terminationStatus == 141
    #expect(
      diedOfSIGPIPE || exited141,
      "\(process.terminationReason) \(process.terminationStatus)")
    #expect(String(decoding: message, as: UTF8.self) == "")
  }

  /// A full disk is one line on stderr and exit 74, not a crash.
  @Test(arguments: commands)
  func aFullDiskIsAnIOErrorOnOneLine(arguments: [String]) throws {
    let process = Process()
    process.executableURL = shelfBinary
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let error = Pipe()
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try error.fileHandleForWriting.close()
    let message = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 74)
    #expect(
      String(decoding: message, as: UTF8.self)
        == "shelf: cannot write to stdout: No space left on device\n")
  }
}
