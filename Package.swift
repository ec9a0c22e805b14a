// swift-tools-version: 6.2
import PackageDescription

/// Every Swift target: Swift 6 mode (the tools default) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The generic engine libraries: `strict`, and their function bodies exported
/// to client modules (cross-module optimisation), so that a client's release
/// build specialises the diff, the live holders' checks and every chain
/// transform for its own section and item types instead of running them
/// through metadata and value witnesses (`make bench`: "chain 1M cards").
let engine: [SwiftSetting] = strict + [.unsafeFlags(["-cross-module-optimization"])]

/// `strict`, and optimised in debug builds too: the frame rules and their
/// judge, which the end-to-end tests run over every recorded frame, and the
/// screen (ShelfUI, ShelfTerminal), so that `make run` and the tests draw
/// frames as fast as a release build does. (In a debug build, staggering a
/// massive reshuffle took up to 2 s of the main thread, against 0.12 s
/// optimised, and ShelfUITests ran in 158 s, against 62 s.)
let optimized: [SwiftSetting] = strict + [.unsafeFlags(["-O"])]

let package = Package(
  name: "Shelf",
  // What ShelfCatalog's parallel decoding needs: Synchronization's Atomic
  // (macOS 15, iOS and tvOS 18), which also covers Duration (macOS 13, iOS 16).
  // ShelfDiff's live holders lock with Dispatch (`Locked`), not a Mutex.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18)],
  // Products for the modules that promise an API to other packages; ShelfUI
  // (the one screen of `shelf`, public to this package's other modules and
  // documented, but with no promise of stability) and ShelfTerminal are not.
  products: [
    .library(name: "ShelfDiff", targets: ["ShelfDiff"]),
    .library(name: "ShelfCatalog", targets: ["ShelfCatalog"]),
    .library(name: "ShelfChain", targets: ["ShelfChain"]),
    .library(name: "ShelfSources", targets: ["ShelfSources"]),
    .executable(name: "shelf", targets: ["shelf"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    // The config file's TOML (toml++ underneath): about 80 s of a clean debug build here.
    .package(url: "https://github.com/LebJe/TOMLKit.git", exact: "0.6.0"),
  ],
  targets: [
    .target(name: "ShelfDiff", swiftSettings: engine),
    .target(name: "ShelfUI", dependencies: ["ShelfDiff", "ShelfChain"], swiftSettings: optimized),
    .target(name: "ShelfCatalog", dependencies: ["ShelfDiff"], swiftSettings: strict),
    // The live sources: watch, stream, demo, exec, url; the only importer of CCurl.
    .target(
      name: "ShelfSources", dependencies: ["ShelfDiff", "ShelfCatalog", "CCurl", "CSQLite"],
      swiftSettings: strict),
    // SQLite's C API, for the read-only `--sqlite` source (a query and a poll:
    // no Swift package's build time is worth that).
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "ShelfChain", dependencies: ["ShelfDiff"], swiftSettings: engine),
    .systemLibrary(name: "CNCursesW", providers: [.apt(["libncursesw5-dev"])]),
    // The libcurl FoundationNetworking runs on, called directly by `--url`.
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(
      name: "ShelfTerminal", dependencies: ["ShelfUI", "CNCursesW"], swiftSettings: optimized),
    // Covers: libjpeg-turbo decodes JPEG, stb_image PNG and GIF, libchafa turns
    // pixels into cells.
    .systemLibrary(
      name: "CImage", pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev", "libstb-dev", "libjpeg62-turbo-dev"])]),
    .target(name: "ShelfCovers", dependencies: ["ShelfUI", "CImage"], swiftSettings: strict),
    .target(
      name: "ShelfContentMapping", dependencies: ["ShelfDiff", "ShelfCatalog", "ShelfUI"],
      swiftSettings: strict),
    .executableTarget(
      name: "shelf",
      dependencies: [
        "ShelfDiff", "ShelfUI", "ShelfCatalog", "ShelfSources", "ShelfChain",
        "ShelfContentMapping", "ShelfTerminal", "ShelfCovers",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ],
      swiftSettings: strict),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "ShelfDiff", "ShelfUI", "ShelfCatalog", "ShelfSources", "ShelfChain", "ShelfContentMapping",
        "ShelfCovers",
      ],
      swiftSettings: strict),
    .target(
      name: "TestSupport",
      dependencies: [
        "ShelfDiff", .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      path: "Tests/TestSupport",
      swiftSettings: strict),
    // The frame rules, one implementation: the headless tests judge their
    // canvases with them, and `frame-judge` the real app's frames that
    // `frames.py` records in a pseudo-terminal.
    .target(name: "FrameRules", path: "Tests/FrameRules", swiftSettings: optimized),
    .executableTarget(
      name: "frame-judge", dependencies: ["FrameRules"], path: "Tests/FrameJudge",
      swiftSettings: optimized),
    .testTarget(
      name: "ShelfDiffTests",
      dependencies: [
        "ShelfDiff", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ShelfChainTests",
      dependencies: [
        "ShelfChain", "ShelfDiff", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ShelfUITests",
      dependencies: [
        "ShelfUI", "TestSupport", "FrameRules",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Goldens"], swiftSettings: strict),
    .testTarget(
      name: "ShelfCatalogTests",
      // ShelfSources for the article's watcher, whose code the tests compile.
      dependencies: [
        "ShelfCatalog", "ShelfSources", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"], swiftSettings: strict),
    .testTarget(
      name: "ShelfSourcesTests",
      dependencies: [
        "ShelfSources", "ShelfCatalog", "ShelfDiff", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"], swiftSettings: strict),
    .testTarget(
      name: "ShelfCoversTests", dependencies: ["ShelfCovers", "ShelfUI", "TestSupport"],
      exclude: ["Goldens"], swiftSettings: strict),
    .testTarget(
      name: "ShelfTerminalTests",
      dependencies: [
        "ShelfTerminal", "ShelfUI", "CNCursesW", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "shelf", "frame-judge", "ShelfCatalog", "ShelfSources", "ShelfChain", "ShelfContentMapping",
        "ShelfDiff",
        "ShelfUI", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Goldens", "Corpus", "Fixtures", "Support/frames.py"], swiftSettings: strict),
  ]
)
