import Foundation

exit(KadrDoc.run(Array(CommandLine.arguments.dropFirst()), console: Console()))
