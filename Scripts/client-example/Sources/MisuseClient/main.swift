import Foundation
import ShelfChain
import ShelfDiff

// Misuse of the libraries that is the caller's fault must stop the program
// with its message in every build: a precondition inlined into a client's
// optimised build would trap with none. `make client` builds this client in
// release and runs it; it runs itself once per misuse and reads the child's
// standard error for the message. Exits 1 if a message is missing.

struct Item: Identifiable, Equatable {
  var id: Int
}

struct Group: ChainableSection {
  var id: Int
  var items: [Item]
  func hasSameHeader(as other: Group) -> Bool { true }
}

/// Each misuse: its name, what it does, and the message it must print.
let misuses: [(name: String, run: () -> Void, message: String)] = [
  (
    "IndexDelta.applied",
    {
      let delta = IndexDelta(from: [1, 2, 3], to: [3, 1], id: \.self)
      print(delta.applied(to: [1, 2, 3, 4], with: [3, 1]))
    },
    "IndexDelta does not fit arrays of 4 and 2 items"
  ),
  (
    "SectionDelta.applied",
    {
      let old = [Group(id: 0, items: [Item(id: 1)])]
      let delta = SectionDelta(from: old, to: [])
      print(delta.applied(to: old + old, with: []).sections.count)
    },
    "SectionDelta does not fit 2 and 0 sections"
  ),
  (
    "SourceSwitch.selectedIndex",
    {
      let tabs = SourceSwitch<Group>([SectionStore([]), SectionStore([])])
      tabs.selectedIndex = 2
    },
    "SourceSwitch has no source 2 of 2"
  ),
]

let arguments = CommandLine.arguments
if arguments.count == 2, let misuse = misuses.first(where: { $0.name == arguments[1] }) {
  misuse.run()
  exit(0)  // not reached: the misuse stops the program
}

var reported = 0
for misuse in misuses {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: arguments[0])
  child.arguments = [misuse.name]
  let errors = Pipe()
  child.standardError = errors
  child.standardOutput = FileHandle.nullDevice
  try child.run()
  let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  child.waitUntilExit()
  if child.terminationStatus != 0 && stderr.contains(misuse.message) {
    reported += 1
  } else {
    print("\(misuse.name): status \(child.terminationStatus), stderr: \(stderr)")
  }
}
print("misuse in this build: \(reported) of \(misuses.count) stopped with their message")
if reported < misuses.count { exit(1) }
