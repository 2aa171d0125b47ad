enum LibraryBenchmark { static func run(arguments: [String]) {} }
