//! `mating_material`: whether each side could still checkmate by some series of legal moves,
//! by the material on the board (FIDE 6.9, 5.2.2).

use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::MatingMaterial as MatingMaterialQuestion;
use crate::symmetry::Symmetry;
use crate::vocabulary::MatingMaterial;

/// The `mating_material` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = MatingMaterial;
    const KEY: &'static str = "mating_material";

    fn validate(_: &MatingMaterial, _: &mut Validation<'_>) {}

    fn plan(material: &MatingMaterial, _: &Facts<'_>, plan: &mut Plan) {
        let expected = *material;
        plan.probe(
            "mating_material",
            Capabilities::NONE.with(Capability::MatingMaterial),
            expected.to_string(),
            move |asker| {
                let actual = asker.ask("mating material", MatingMaterialQuestion {})?;
                Ok(judged(actual == expected, actual.to_string()))
            },
        );
    }

    fn transform(m: &MatingMaterial, twin: &Twin) -> Result<MatingMaterial, String> {
        Ok(match twin.symmetry {
            Symmetry::Flip => MatingMaterial {
                white: m.black,
                black: m.white,
            },
            Symmetry::Mirror => *m,
        })
    }
}
