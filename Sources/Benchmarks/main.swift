// `swift run -c release Benchmarks [filter] [--quick]`: every benchmark whose
// case name contains `filter`; `--list` or `--help` names them and runs none.
// Each subject adds its `run` here.
var harness = Harness(arguments: Array(CommandLine.arguments.dropFirst()))
DiffBenchmarks.run(&harness)
CatalogBenchmarks.run(&harness)
ParseBenchmarks.run(&harness)
ScaleBenchmarks.run(&harness)
TerminalBenchmarks.run(&harness)
PromptBenchmarks.run(&harness)
ChainBenchmarks.run(&harness)
SwitchBenchmarks.run(&harness)
URLPollingBenchmarks.run(&harness)
RecordBenchmarks.run(&harness)
CoverBenchmarks.run(&harness)
if let listing = harness.listing {
  listing.print()
} else {
  Harness.printHeadlines()
  Harness.printTargetSummary()
}
