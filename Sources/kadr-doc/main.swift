import Foundation

// A file-size limit (`ulimit -f`) must give the clear "File too large" error of a failed save,
// with the old file intact, instead of killing the tool outright with SIGXFSZ.
_ = signal(SIGXFSZ, SIG_IGN)
// A closed pipe must give the clear "cannot write standard output" error, not a silent death.
_ = signal(SIGPIPE, SIG_IGN)
exit(KadrDoc.run(Array(CommandLine.arguments.dropFirst()), console: Console()))
