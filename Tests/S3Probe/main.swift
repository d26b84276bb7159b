// A child process for the S3 store's tests: several processes uploading the same images at
// once, and a process killed (SIGKILL) in the middle of a multipart upload.
//
//   S3Probe put <prefix> <file>...   saves each image file, prints its token
//   S3Probe put-large <prefix> <file> saves one image in parts of 5 MiB (threshold 5 MiB)
//
// The server and keys come from the variables Scripts/s3-server exports (KADR_S3_ENDPOINT,
// KADR_S3_BUCKET, KADR_S3_ACCESS_KEY_ID, KADR_S3_SECRET_ACCESS_KEY). Exit 0 on success, 1 on a
// store error (printed), 2 on a usage error.
import Foundation
import KadrModel
import KadrS3

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
guard arguments.count >= 3, ["put", "put-large"].contains(arguments[0]),
  let endpoint = environment["KADR_S3_ENDPOINT"].flatMap({ URL(string: $0) })
else {
  FileHandle.standardError.write(Data("usage: S3Probe put|put-large <prefix> <file>...\n".utf8))
  exit(2)
}
let large = arguments[0] == "put-large"
let configuration = S3Configuration(
  endpoint: endpoint, region: "us-east-1", bucket: environment["KADR_S3_BUCKET"] ?? "kadr",
  prefix: arguments[1],
  credentials: S3Credentials(
    accessKeyID: environment["KADR_S3_ACCESS_KEY_ID"] ?? "",
    secretAccessKey: environment["KADR_S3_SECRET_ACCESS_KEY"] ?? ""),
  timeout: 300, multipartThreshold: large ? S3Configuration.minimumPartSize : 64 << 20,
  partSize: S3Configuration.minimumPartSize)
do {
  let store = try S3ImageStore(configuration: configuration)
  for path in arguments.dropFirst(2) {
    let image = try PlatformImage(data: Data(contentsOf: URL(fileURLWithPath: path)))
    print(try store.token(for: image))
  }
} catch {
  FileHandle.standardError.write(Data("S3Probe: \(error)\n".utf8))
  exit(1)
}
