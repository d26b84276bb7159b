import Foundation

/// Work over many documents on several threads, with results handed back in the files' order.
///
/// Each file is worked on by one of `jobs` threads; the calling thread receives the results in
/// the order of `files` (so output is the same whatever `jobs` is), shows the progress bar and
/// prints. The work closure must not print: it returns what to print.
enum Batch {
  /// The default number of jobs: the machine's active cores.
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The value of `--jobs N`, the default when absent, or `nil` after saying why.
  static func jobs(_ arguments: ParsedArguments, command: String, console: Console) -> Int? {
    guard let text = arguments.value("--jobs") else { return defaultJobs }
    guard let jobs = Int(text), jobs > 0 else {
      console.err("kadr-doc \(command): --jobs needs a positive number, not '\(text)'")
      return nil
    }
    return jobs
  }

  /// Runs `work` on every file and passes each result to `receive`, in order.
  static func run<Result: Sendable>(
    _ files: [String], jobs: Int, console: Console,
    work: @escaping @Sendable (String) -> Result, receive: (String, Result) -> Void
  ) {
    var progress = ProgressBar(total: files.count, console: console)
    defer { progress.finish() }
    guard jobs > 1, files.count > 1 else {
      for (index, file) in files.enumerated() {
        progress.update(done: index, item: file)
        receive(file, work(file))
      }
      return
    }
    let results = BatchResults<Result>(count: files.count)
    let shared = files
    for _ in 0..<min(jobs, files.count) {
      let thread = Thread {
        while let index = results.nextIndex() {
          results.store(work(shared[index]), at: index)
        }
      }
      // Deep documents recurse in the decoder: the worker gets the main thread's stack size.
      thread.stackSize = 8 << 20
      thread.start()
    }
    for index in files.indices {
      progress.update(done: index, item: files[index])
      receive(files[index], results.take(at: index))
    }
  }
}

/// The slots the worker threads fill and the calling thread empties, in order.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is
/// locked.
private final class BatchResults<Result: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var slots: [Result?]
  private var next = 0

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  /// The next file for a worker, or `nil` when every file has been handed out.
  func nextIndex() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  func store(_ result: Result, at index: Int) {
    condition.lock()
    slots[index] = result
    condition.broadcast()
    condition.unlock()
  }

  /// The result of file `index`, once it is there (waiting for it), emptied from its slot.
  func take(at index: Int) -> Result {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let result = slots[index] {
        slots[index] = nil
        return result
      }
      condition.wait()
    }
  }
}
