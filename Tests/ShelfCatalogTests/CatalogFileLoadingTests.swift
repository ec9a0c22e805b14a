import Foundation
import ShelfCatalog
import Testing

// MARK: - Files

/// A fresh temporary folder, removed by the caller.
private func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "shelf-loader-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

@Test func filesLoadAndFileErrorsHaveTheirExitCodes() throws {
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let file = folder.appendingPathComponent("ok.json")
  try Data(#"{"rows": [{"id": "r", "title": "R"}]}"#.utf8).write(to: file)
  #expect(try CatalogLoader.load(contentsOf: file.path).catalog.rows.map(\.id) == ["r"])

  let missing = folder.appendingPathComponent("missing.json").path
  #expect(throws: CatalogError(.notFound, source: .file(missing), problem: "no such file")) {
    try CatalogLoader.load(contentsOf: missing)
  }
  do {
    _ = try CatalogLoader.load(contentsOf: folder.path)
    Issue.record("a directory loaded")
  } catch {
    #expect(error.exitCode == 66)
    #expect(error.description == "\(folder.path): is a directory, not a catalog file")
  }
  do {
    _ = try CatalogLoader.load(contentsOf: file.path + "/inside.json")
    Issue.record("a path through a file loaded")
  } catch {
    #expect(error.exitCode == 66)
    #expect(error.problem == "no such file")
  }
  let large = folder.appendingPathComponent("large.json")
  try Data(repeating: UInt8(ascii: " "), count: 3 << 20).write(to: large)
  do {
    _ = try CatalogLoader.load(
      contentsOf: large.path, limits: CatalogLimits(maximumFileSize: 1 << 20))
    Issue.record("a file over the limit loaded")
  } catch {
    #expect(error.exitCode == 65)
    #expect(error.description == "\(large.path): is larger than the limit of 1 MiB (3 MiB)")
  }
}

@Test func aPipeOverTheLimitIsRejectedWithoutReadingItAll() throws {
  // /dev/zero never ends: only the limit stops the read.
  do {
    _ = try CatalogLoader.load(
      contentsOf: "/dev/zero", limits: CatalogLimits(maximumFileSize: 1 << 20))
    Issue.record("/dev/zero loaded")
  } catch {
    #expect(error.kind == .tooLarge)
    #expect(error.description == "/dev/zero: is larger than the limit of 1 MiB")
  }
}

/// The bytes a writer thread puts into a pipe, as `FileReader` reads them
/// from the pipe's other end with `limit`; and the bytes it left unread.
private func readThroughAPipe(_ bytes: [UInt8], limit: Int) throws -> (
  result: Result<[UInt8], CatalogError>, unread: Int
) {
  let pipe = Pipe()
  let writer = Thread {
    pipe.fileHandleForWriting.write(Data(bytes))
    try? pipe.fileHandleForWriting.close()
  }
  writer.start()
  let descriptor = pipe.fileHandleForReading.fileDescriptor
  let result = Result { () throws(CatalogError) in
    try FileReader.read(descriptor: descriptor, limit: limit, source: .standardInput)
  }
  let unread = try pipe.fileHandleForReading.readToEnd()?.count ?? 0
  return (result, unread)
}

@Test func aPipeIsReadWholeAcrossBlocks() throws {
  // More than the first blocks (64 KiB, doubling) hold, none of them alike.
  let bytes = (0..<(3 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
  let (result, unread) = try readThroughAPipe(bytes, limit: 4 << 20)
  #expect(try result.get() == bytes)
  #expect(unread == 0)
}

@Test func aPipeIsReadNoFurtherThanOneByteOverTheLimit() throws {
  let (result, unread) = try readThroughAPipe(
    [UInt8](repeating: 0x61, count: (1 << 20) + 5_000), limit: 1 << 20)
  guard case .failure(let error) = result else {
    Issue.record("a pipe over the limit was read")
    return
  }
  #expect(error.exitCode == 65)
  #expect(error.description == "stdin: is larger than the limit of 1 MiB")
  // The reader stopped at the limit and one byte: the rest stays in the pipe.
  #expect(unread == 4_999)
}

@Test func readErrorsAreIOFailuresWithExitCode74() throws {
  // Reading /proc/self/mem at offset 0 fails with EIO: address 0 is never mapped.
  do {
    _ = try CatalogLoader.load(contentsOf: "/proc/self/mem")
    Issue.record("/proc/self/mem loaded")
  } catch {
    #expect(error.exitCode == 74)
    #expect(error.description.hasPrefix("/proc/self/mem: read error: "))
  }
}

@Test func bundledCatalogIsFoundFromTheEnvironmentTheExecutableOrTheSources() throws {
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let resources = folder.appendingPathComponent("repo/Resources")
  try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
  let catalog = resources.appendingPathComponent("catalog.json")
  try Data(#"{"rows": []}"#.utf8).write(to: catalog)
  let repo = folder.appendingPathComponent("repo").path
  let elsewhere = folder.appendingPathComponent("elsewhere").path

  // $SHELF_RESOURCES wins, and a wrong one is an error, not a silent fallback.
  #expect(
    try CatalogLoader.bundledCatalogPath(
      environment: ["SHELF_RESOURCES": resources.path], executablePath: nil,
      sourceFilePath: elsewhere + "/a/b/c/d.swift") == catalog.path)
  do {
    _ = try CatalogLoader.bundledCatalogPath(
      environment: ["SHELF_RESOURCES": elsewhere], executablePath: repo + "/.build/debug/shelf",
      sourceFilePath: repo + "/Sources/ShelfCatalog/Loading/CatalogLoader.swift")
    Issue.record("found a catalog in \(elsewhere)")
  } catch {
    #expect(error.exitCode == 66)
    #expect(
      error.description
        == "\(elsewhere)/catalog.json: no bundled catalog here (SHELF_RESOURCES is set to \(elsewhere))"
    )
  }
  // Walking up from .build/x86_64-unknown-linux-gnu/debug/shelf.
  #expect(
    try CatalogLoader.bundledCatalogPath(
      environment: [:], executablePath: repo + "/.build/x86_64-unknown-linux-gnu/debug/shelf",
      sourceFilePath: elsewhere + "/a/b/c/d.swift") == catalog.path)
  // From the source file's repository.
  #expect(
    try CatalogLoader.bundledCatalogPath(
      environment: [:], executablePath: elsewhere + "/bin/shelf",
      sourceFilePath: repo + "/Sources/ShelfCatalog/Loading/CatalogLoader.swift") == catalog.path)
  do {
    _ = try CatalogLoader.bundledCatalogPath(
      environment: [:], executablePath: elsewhere + "/bin/shelf",
      sourceFilePath: elsewhere + "/a/b/c/d.swift")
    Issue.record("found a bundled catalog nowhere")
  } catch {
    #expect(error.exitCode == 66)
    #expect(
      error.description
        == "bundled catalog: Resources/catalog.json not found beside the executable or in the source tree; set SHELF_RESOURCES to the folder that holds it"
    )
  }
}

@Test func theBundledCatalogLoadsWithoutWarnings() throws {
  let loaded = try CatalogLoader.bundled()
  #expect(loaded.warnings.isEmpty, "\(loaded.warningLines)")
  #expect(loaded.catalog.rows.count >= 10)
  #expect(loaded.catalog.cardCount >= 200)
  // And it survives a round trip through the encoder.
  #expect(
    try CatalogLoader.load(json: CatalogEncoder.json(loaded.catalog)).catalog == loaded.catalog)
}
