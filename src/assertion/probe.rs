//! A planned check: what an assertion asks of an engine and how it judges the answer, made
//! once at load and run against every engine.

use std::fmt;

use super::Asker;
use super::Stop;
use crate::engine::{Capabilities, Capability, Conventions, NO_CLOCKS};

/// How a probe judged the engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judged {
    /// Right; the answer as shown in reports.
    Pass(String),
    /// Wrong; the answer, or how it differs from the expected one.
    Fail(String),
    /// Not asked, for this reason (a limit of the run).
    Skip(String),
}

type Judge = dyn Fn(&mut Asker<'_>) -> Result<Judged, Stop> + Send + Sync;

/// One check of a case: a label (`perft 3`, `san e1g1`), the capabilities it needs, the
/// expected answer as shown, and how to ask and judge.
pub struct Probe {
    /// The assertion and its argument, as reports name it.
    pub label: String,
    /// What an engine must offer to be asked.
    pub needs: Capabilities,
    /// The expected answer, as reports show it.
    pub expected: String,
    /// Whether the clocks are the probe's point (the fifty-move and seventy-five-move rules, a
    /// FEN rejected only for its clocks): an engine that keeps no clocks is not asked it.
    pub about_clocks: bool,
    judge: Box<Judge>,
}

impl Probe {
    /// Asks and judges.
    ///
    /// # Errors
    ///
    /// The engine did not answer ([`Stop`]).
    pub fn run(&self, asker: &mut Asker<'_>) -> Result<Judged, Stop> {
        (self.judge)(asker)
    }

    /// Why an engine of `conventions` is not asked this probe, if it is not: it keeps no
    /// clocks, and the probe is about them or needs a rule that counts them (`move-clocks`,
    /// `seventy-five-moves`).
    pub fn left_out_by(&self, conventions: Conventions) -> Option<&'static str> {
        let counts_clocks = self.needs.contains(Capability::MoveClocks)
            || self.needs.contains(Capability::SeventyFiveMoves);
        (!conventions.clocks && (self.about_clocks || counts_clocks)).then_some(NO_CLOCKS)
    }
}

impl fmt::Debug for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Probe")
            .field("label", &self.label)
            .field("needs", &self.needs)
            .field("expected", &self.expected)
            .field("about_clocks", &self.about_clocks)
            .finish_non_exhaustive()
    }
}

/// The probes of a case, in order.
#[derive(Debug, Default)]
pub struct Plan {
    probes: Vec<Probe>,
}

impl Plan {
    /// Adds a probe, and returns it (to mark it [`about_clocks`](Probe::about_clocks)).
    pub fn probe(
        &mut self,
        label: impl Into<String>,
        needs: Capabilities,
        expected: impl Into<String>,
        judge: impl Fn(&mut Asker<'_>) -> Result<Judged, Stop> + Send + Sync + 'static,
    ) -> &mut Probe {
        self.probes.push(Probe {
            label: label.into(),
            needs,
            expected: expected.into(),
            about_clocks: false,
            judge: Box::new(judge),
        });
        self.probes.last_mut().expect("just pushed")
    }

    /// Marks every probe as about the clocks (a case of the fifty-move or seventy-five-move
    /// rule).
    pub fn about_clocks_everywhere(&mut self) {
        for probe in &mut self.probes {
            probe.about_clocks = true;
        }
    }

    /// Adds `capability` to what every probe needs (a case of historical pieces needs
    /// [`Capability::Pieces`](crate::Capability::Pieces) for each of its checks).
    pub fn require_everywhere(&mut self, capability: crate::Capability) {
        for probe in &mut self.probes {
            probe.needs = probe.needs.with(capability);
        }
    }

    /// The probes, in order.
    pub fn probes(&self) -> &[Probe] {
        &self.probes
    }

    /// Every capability some probe needs.
    pub fn needs(&self) -> Capabilities {
        self.probes
            .iter()
            .fold(Capabilities::NONE, |all, p| all.union(p.needs))
    }
}

/// `Judged::Pass` or `Judged::Fail`, by `passed`.
pub(crate) fn judged(passed: bool, actual: String) -> Judged {
    if passed {
        Judged::Pass(actual)
    } else {
        Judged::Fail(actual)
    }
}
