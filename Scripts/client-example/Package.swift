// swift-tools-version: 6.2
import PackageDescription

// A client of Shelf's libraries, depending on this repository by path, as a
// package outside it would by URL: `swift run` here builds and runs it.
let package = Package(
  name: "ClientExample",
  // What ShelfDiff's live holders need: Synchronization's Mutex (macOS 15,
  // iOS and tvOS 18), which also covers Duration (macOS 13, iOS 16).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18)],
  dependencies: [.package(name: "Shelf", path: "../..")],
  targets: [
    .executableTarget(
      name: "ClientExample",
      dependencies: [
        .product(name: "ShelfChain", package: "Shelf"),
        .product(name: "ShelfDiff", package: "Shelf"),
      ]),
    // A model of UITableView driven through random sectioned updates with
    // forUIKit(); its TableViewModel.swift links to the tests' model.
    .executableTarget(
      name: "TableViewClient", dependencies: [.product(name: "ShelfDiff", package: "Shelf")]),
    // Caller misuse, built in release: each stops with its message.
    .executableTarget(
      name: "MisuseClient",
      dependencies: [
        .product(name: "ShelfChain", package: "Shelf"),
        .product(name: "ShelfDiff", package: "Shelf"),
      ]),
  ]
)
