//! The JUnit XML report (quick-junit), for CI systems that read JUnit: kept out of the core
//! crate, whose other reports need no dependency.

use chess_conformance::report::{shown, summary, verdict_text};
use chess_conformance::{Outcome, Run};

/// The JUnit XML report: one test suite per rule area, one test case per case (named by its
/// id, class name the area), failures and errors with their message and the verdict's text,
/// skips with their reason, a pass with assertions skipped with them in its output. For CI
/// systems that read JUnit; each suite's properties give the catalogue's version. Text from engines and case files has its control characters escaped
/// (XML 1.0 allows none of them, even as a character reference).
///
/// # Errors
///
/// The serializer's, should it refuse the report.
pub fn junit(run: &Run) -> Result<String, String> {
    use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

    let mut report = Report::new(format!(
        "chess-conformance: {}",
        shown(&run.engine.to_string())
    ));
    for (area, _) in run.by_area() {
        let mut suite = TestSuite::new(area.clone());
        if let Some(version) = run.catalogue_version {
            // Each suite says which catalogue its cases came from (JUnit's `<properties>`).
            suite.add_property(quick_junit::Property::new(
                "catalogue_version",
                version.to_string(),
            ));
        }
        for (case, verdict) in run.results.iter().filter(|(_, v)| v.area == area) {
            let status = match verdict.outcome {
                Outcome::Pass => TestCaseStatus::success(),
                Outcome::Skip => {
                    let mut status = TestCaseStatus::skipped();
                    status.set_message(shown(verdict.reason.as_deref().unwrap_or("")).into_owned());
                    status
                }
                Outcome::Fail | Outcome::Error => {
                    let kind = if verdict.outcome == Outcome::Fail {
                        NonSuccessKind::Failure
                    } else {
                        NonSuccessKind::Error
                    };
                    let mut status = TestCaseStatus::non_success(kind);
                    status.set_message(shown(&summary(verdict)).into_owned());
                    status.set_description(verdict_text(case, verdict));
                    status
                }
            };
            let mut test = TestCase::new(verdict.id.clone(), status);
            test.set_classname(area.clone());
            if verdict.outcome == Outcome::Pass && verdict.partly_skipped() {
                // JUnit has no partial pass: the assertions left out go to the case's output.
                test.set_system_out(verdict_text(case, verdict));
            }
            suite.add_test_case(test);
        }
        report.add_test_suite(suite);
    }
    report
        .to_string()
        .map_err(|e| format!("cannot write the JUnit report: {e}"))
}
