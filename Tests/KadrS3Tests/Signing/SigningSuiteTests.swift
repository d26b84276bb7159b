import Foundation
import Testing

@testable import KadrS3

/// Every case of AWS's Signature Version 4 test suite, in headers and in the query, byte for
/// byte: canonical request, string to sign, signature and signed request.
@Suite("Signature Version 4: AWS's test suite")
struct SigningSuiteTests {
  /// The two ways of signing, named as the suite's file prefixes.
  enum Form: String, CaseIterable, Sendable {
    case header, query
  }

  /// What one case produced in one form, as the suite's file names and the bytes.
  static func produced(_ signingCase: SigningCase, _ form: Form) throws -> [(String, Data)] {
    let context = signingCase.context
    let signer = SignatureV4(
      credentials: S3Credentials(
        accessKeyID: context.credentials.accessKeyId,
        secretAccessKey: context.credentials.secretAccessKey,
        sessionToken: context.credentials.token),
      region: context.region, service: context.service, normalizesPath: context.normalize,
      addsContentHashHeader: context.signBody,
      omitsSessionTokenFromSignature: context.omitSessionToken ?? false)
    let request = signingCase.request.request
    let date = try signingCase.date
    let signed =
      switch form {
      case .header: signer.signingHeaders(request, at: date)
      case .query:
        signer.signingQuery(request, at: date, expiresIn: context.expirationInSeconds)
      }
    return [
      ("canonical-request.txt", Data(signed.canonicalRequest.utf8)),
      ("string-to-sign.txt", Data(signed.stringToSign.utf8)),
      ("signature.txt", Data(signed.signature.utf8)),
      (
        "signed-request.txt",
        ParsedRequest.text(of: signed.request, version: signingCase.request.version)
      ),
    ].map { ("\(form.rawValue)-\($0.0)", $0.1) }
  }

  /// The files of `name` in `form` whose bytes differ from what the signer produced.
  static func mismatches(_ name: String, _ form: Form) throws -> [String] {
    let signingCase = try SigningCase(name)
    return try produced(signingCase, form).filter { file, bytes in
      try signingCase.expected(file) != bytes
    }.map(\.0)
  }

  @Test(
    "Each case, signed in headers and in the query, matches the suite's four files",
    .disabled(if: SigningSuite.skipReason != nil, Comment(rawValue: SigningSuite.skipReason ?? "")),
    arguments: SigningSuite.caseNames, Form.allCases)
  func matchesTheSuite(name: String, form: Form) throws {
    let signingCase = try SigningCase(name)
    for (file, bytes) in try Self.produced(signingCase, form) {
      let expected = try signingCase.expected(file)
      #expect(
        bytes == expected,
        "\(name)/\(file):\n--- expected\n\(String(decoding: expected, as: UTF8.self))\n--- got\n\(String(decoding: bytes, as: UTF8.self))"
      )
    }
  }

  @Test(
    "Every case of the suite is found and passes in both forms",
    .disabled(if: SigningSuite.skipReason != nil, Comment(rawValue: SigningSuite.skipReason ?? "")))
  func everyCasePasses() throws {
    let names = SigningSuite.caseNames
    #expect(
      names.count == SigningSuite.expectedCaseCount,
      "found \(names.count) cases at \(SigningSuite.folder.path)")
    var passed: [Form: Int] = [:]
    for name in names {
      for form in Form.allCases where try Self.mismatches(name, form).isEmpty {
        passed[form, default: 0] += 1
      }
    }
    for form in Form.allCases {
      #expect(
        passed[form, default: 0] == names.count,
        "\(form): \(passed[form, default: 0])/\(names.count) passed")
    }
    print(
      "SigV4 suite: header \(passed[.header, default: 0])/\(names.count), query \(passed[.query, default: 0])/\(names.count) passed"
    )
  }
}
