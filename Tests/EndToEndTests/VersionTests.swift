import Foundation
import TestSupport
import Testing

@Test func versionPrintsTheProgramNameAndExitsZero() throws {
  let process = Process()
  process.executableURL = repositoryRoot.appendingPathComponent(".build/debug/shelf")
  process.arguments = ["--version"]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  process.waitUntilExit()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  #expect(process.terminationStatus == 0)
  #expect(output.hasPrefix("shelf "))
}
