import Foundation

extension S3Configuration {
  /// Reads the endpoint, region and credentials as the AWS command-line tool does.
  ///
  /// - Credentials: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`; else
  ///   the profile `AWS_PROFILE` (or `default`) of `AWS_SHARED_CREDENTIALS_FILE` (or
  ///   `~/.aws/credentials`).
  /// - Region: `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region` in `AWS_CONFIG_FILE`
  ///   (or `~/.aws/config`), else `us-east-1`.
  /// - Endpoint: `AWS_ENDPOINT_URL_S3`, `AWS_ENDPOINT_URL`, else AWS's for the region (then
  ///   virtual-hosted addressing; path-style for any other endpoint).
  ///
  /// - Parameters:
  ///   - bucket: The bucket.
  ///   - prefix: What every object key starts with.
  ///   - environment: The variables; the process's by default.
  ///   - homeDirectory: Where `.aws/` is looked for; the user's home by default.
  /// - Throws: ``S3ImageStoreError``:
  ///   ``S3ImageStoreError/Reason/missingCredentials(profile:file:)`` when no credentials are
  ///   found, ``S3ImageStoreError/Reason/invalidEndpoint(_:)`` when an endpoint is not a URL.
  public static func fromEnvironment(
    bucket: String, prefix: String = "",
    environment: [String: String] = ProcessInfo.processInfo.environment,
    homeDirectory: URL = FileManager.default.homeDirectoryForCurrentUser
  ) throws -> S3Configuration {
    func variable(_ name: String) -> String? {
      environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
    let profile = variable("AWS_PROFILE") ?? "default"
    let credentialsFile =
      variable("AWS_SHARED_CREDENTIALS_FILE").map { URL(fileURLWithPath: $0) }
      ?? homeDirectory.appendingPathComponent(".aws/credentials")
    let configFile =
      variable("AWS_CONFIG_FILE").map { URL(fileURLWithPath: $0) }
      ?? homeDirectory.appendingPathComponent(".aws/config")
    let credentials: S3Credentials
    if let id = variable("AWS_ACCESS_KEY_ID"), let secret = variable("AWS_SECRET_ACCESS_KEY") {
      credentials = S3Credentials(
        accessKeyID: id, secretAccessKey: secret, sessionToken: variable("AWS_SESSION_TOKEN"))
    } else if let section = AWSProfileFile.section(
      profile, in: credentialsFile, configStyle: false),
      let id = section["aws_access_key_id"], let secret = section["aws_secret_access_key"]
    {
      credentials = S3Credentials(
        accessKeyID: id, secretAccessKey: secret, sessionToken: section["aws_session_token"])
    } else {
      throw S3ImageStoreError(
        .missingCredentials(profile: profile, file: credentialsFile.path), operation: .configure)
    }
    let region =
      variable("AWS_REGION") ?? variable("AWS_DEFAULT_REGION")
      ?? AWSProfileFile.section(profile, in: configFile, configStyle: true)?["region"]
      ?? "us-east-1"
    var endpoint: URL?
    if let text = variable("AWS_ENDPOINT_URL_S3") ?? variable("AWS_ENDPOINT_URL") {
      guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
        throw S3ImageStoreError(.invalidEndpoint(text), operation: .configure)
      }
      endpoint = url
    }
    return S3Configuration(
      endpoint: endpoint, region: region, bucket: bucket, prefix: prefix,
      credentials: credentials)
  }
}
