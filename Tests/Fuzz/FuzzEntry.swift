import Foundation
import KadrPersistence

// The entry points libFuzzer calls. This folder is not a SwiftPM target: `.ci/fuzz` compiles it
// with `swiftc -sanitize=fuzzer,address`, together with the property tests' generator, mutator
// and probe, against the package's modules built with the same sanitizers.

/// Checks one input. With `KADR_FUZZ_TARGET=otio`, the OpenTimelineIO importer
/// (``OTIOProbe``); with `KADR_FUZZ_TARGET=fcpxml`, the FCPXML importer (``FCPXMLProbe``); with
/// `KADR_FUZZ_TARGET=json`, the strict JSON reader alone (``JSONProbe``).
/// Otherwise the strict reader, then opening it in one of the probe's modes
/// (strict or `preservingUnknown`, without a store or with the `FileImageStore`), chosen by a
/// hash of the input so that a reproducer always runs the same way; what opens must save, reopen
/// and save again stably (``DocumentProbe``). A broken invariant aborts, which libFuzzer reports
/// as a crash and saves the input for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let problems: [String]
  if FuzzTarget.isOTIO {
    problems = FuzzTarget.otio.check(bytes)
  } else if FuzzTarget.isFCPXML {
    problems = FuzzTarget.fcpxml.check(bytes)
  } else if FuzzTarget.isJSON {
    problems = FuzzTarget.json.check(bytes)
  } else {
    let target = FuzzTarget.shared
    problems = target.probe.check(bytes, modeIndices: [target.mode(for: bytes)]).problems
  }
  if !problems.isEmpty {
    FuzzTarget.report(problems, for: bytes)
    abort()
  }
  return 0
}

/// Runs once before fuzzing. With `--seeds DIR [COUNT]` as the first arguments, writes the
/// generated seed documents (and their images, into the image directory) and exits instead;
/// with `--otio-seeds DIR [COUNT]`, generated `.otio` files.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
  let arguments = (0..<Int(argc.pointee)).compactMap { index in
    argv.pointee[index].map { String(cString: $0) }
  }
  if arguments.count >= 3, arguments[1] == "--seeds" {
    let count = arguments.count >= 4 ? Int(arguments[3]) ?? 200 : 200
    do {
      let written = try FuzzSeeds.write(
        to: URL(fileURLWithPath: arguments[2]), count: count, images: FuzzTarget.shared.store)
      print("fuzz: wrote \(written) seed documents to \(arguments[2])")
      exit(0)
    } catch {
      print("fuzz: writing seeds failed: \(error)")
      exit(1)
    }
  }
  if arguments.count >= 3, arguments[1] == "--otio-seeds" {
    let count = arguments.count >= 4 ? Int(arguments[3]) ?? 100 : 100
    do {
      let written = try OTIOProbe.writeSeeds(to: URL(fileURLWithPath: arguments[2]), count: count)
      print("fuzz: wrote \(written) seed timelines to \(arguments[2])")
      exit(0)
    } catch {
      print("fuzz: writing OpenTimelineIO seeds failed: \(error)")
      exit(1)
    }
  }
  if arguments.count >= 3, arguments[1] == "--fcpxml-seeds" {
    let count = arguments.count >= 4 ? Int(arguments[3]) ?? 20 : 20
    do {
      let written = try FCPXMLProbe.writeSeeds(
        in: URL(fileURLWithPath: arguments[2]), mutants: count)
      print("fuzz: wrote \(written) FCPXML seeds to \(arguments[2])")
      exit(0)
    } catch {
      print("fuzz: writing FCPXML seeds failed: \(error)")
      exit(1)
    }
  }
  if !FuzzTarget.isOTIO && !FuzzTarget.isJSON && !FuzzTarget.isFCPXML { _ = FuzzTarget.shared }
  return 0
}

/// libFuzzer's own mutator, which ``fuzzCustomMutate(_:_:_:_:)`` falls back to.
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// Mutates one input. For the `fcpxml` target, every other call is a structure-aware mutation
/// (``FCPXMLMutator``: an attribute, a number in one, or a new attribute at the edges of what
/// the importer's numbers hold); every other mutation, and every mutation of the other
/// targets, is libFuzzer's own (`LLVMFuzzerMutate`).
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutate(
  _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt
) -> Int {
  guard let data else { return 0 }
  if FuzzTarget.isFCPXML, seed % 2 == 0 {
    var random = SplitMix64(seed: UInt64(seed))
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let mutated = FCPXMLMutator.mutate(bytes, random: &random), mutated.count <= maxSize {
      for (index, byte) in mutated.enumerated() { data[index] = byte }
      return mutated.count
    }
  }
  return libFuzzerMutate(data, size, maxSize)
}
