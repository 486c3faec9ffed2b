/// A `flipbook test` run as JUnit XML, the format CI systems (GitHub Actions' test reporters,
/// GitLab, Jenkins) read: a `testsuite` per preset, a `testcase` per frame, named by its time,
/// with a `failure` (the frame differs, or has no reference) or an `error` (it could not be
/// rendered, or its preset read) carrying the message with its SSIM score.
///
/// No times or dates are written, so the same run gives the same bytes.
struct JUnitReport {
    let checks: [GoldenCheck]

    var xml: String {
        var suites: [(preset: String, checks: [GoldenCheck])] = []
        for check in checks {
            if suites.last?.preset == check.preset {
                suites[suites.count - 1].checks.append(check)
            } else {
                suites.append((check.preset, [check]))
            }
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"flipbook test\"\(Self.counts(checks))>\n"
        for suite in suites {
            text += "  <testsuite name=\"\(MarkupText.escaped(suite.preset))\"\(Self.counts(suite.checks))>\n"
            for check in suite.checks {
                let opening =
                    "    <testcase classname=\"\(MarkupText.escaped(check.preset))\" name=\"\(MarkupText.escaped(check.frame))\""
                guard let failure = check.failure else {
                    text += opening + "/>\n"
                    continue
                }
                let element = Self.isError(check) ? "error" : "failure"
                text += opening + ">\n"
                text += "      <\(element) message=\"\(MarkupText.escaped(failure))\"/>\n"
                text += "    </testcase>\n"
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }

    /// Whether `check` failed to run rather than found a difference.
    private static func isError(_ check: GoldenCheck) -> Bool {
        if case .failed = check.outcome { return true }
        return false
    }

    /// The `tests`, `failures` and `errors` attributes of `checks`.
    private static func counts(_ checks: [GoldenCheck]) -> String {
        let errors = checks.filter(isError).count
        let failures = checks.filter { !$0.passed }.count - errors
        return " tests=\"\(checks.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    }
}
