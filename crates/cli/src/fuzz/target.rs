//! What `fuzz` asks at a position: one [`Target`] per assertion it can state from an engine's
//! answer. An engine's answers become an [`Expect`], the other engine is checked against it by
//! the catalogue's own assertions (loaded through [`LoadedCase::new`], judged by
//! [`chess_conformance::check_within`]), so two answers that differ only by a convention the
//! assertions accept (an en passant square written or not, castling letters in another order)
//! are no disagreement.

use std::collections::BTreeMap;

use chess_conformance::case::{After, EnPassantConvention};
use chess_conformance::case::{Case, Expect};
use chess_conformance::{
    Capabilities, Capability, Engine, EngineError, FenCheck, Game, GameState, LoadedCase,
    MoveResult, StateName,
};

/// One assertion `fuzz` can state about a position from an engine's answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Target {
    /// The exact legal move set (`moves`).
    Moves,
    /// Whether the side to move is in check (`check`).
    Check,
    /// The checking pieces (`checkers`).
    Checkers,
    /// The game state (`state`, with `winner`).
    State,
    /// The draws the player to move may claim (`claims`).
    Claims,
    /// Whether each side can still mate by material (`mating_material`).
    MatingMaterial,
    /// A perft count at a depth (`perft`).
    Perft(u32),
    /// The SAN of a legal move (`san`).
    San(String),
    /// The move a SAN denotes (`from_san`).
    FromSan(String),
    /// The position after a legal move (`after`).
    After(String),
    /// Whether the FEN is accepted (`valid`).
    Valid,
}

impl Target {
    /// The capability an engine needs to be asked this.
    pub(crate) fn capability(&self) -> Capability {
        match self {
            Target::Moves => Capability::LegalMoves,
            Target::Check => Capability::Check,
            Target::Checkers => Capability::Checkers,
            Target::State => Capability::GameState,
            Target::Claims => Capability::DrawClaims,
            Target::MatingMaterial => Capability::MatingMaterial,
            Target::Perft(_) => Capability::Perft,
            Target::San(_) => Capability::San,
            Target::FromSan(_) => Capability::ParseSan,
            Target::After(_) => Capability::Play,
            Target::Valid => Capability::ValidateFen,
        }
    }

    /// The `expect` key of the assertion.
    pub(crate) fn key(&self) -> &'static str {
        match self {
            Target::Moves => "moves",
            Target::Check => "check",
            Target::Checkers => "checkers",
            Target::State => "state",
            Target::Claims => "claims",
            Target::MatingMaterial => "mating_material",
            Target::Perft(_) => "perft",
            Target::San(_) => "san",
            Target::FromSan(_) => "from_san",
            Target::After(_) => "after",
            Target::Valid => "valid",
        }
    }

    /// The label the checker gives this assertion's probe (`after e2e4`, `perft 2`).
    pub(crate) fn label(&self) -> String {
        match self {
            Target::Perft(d) => format!("perft {d}"),
            Target::San(m) | Target::After(m) => format!("{} {m}", self.key()),
            Target::FromSan(s) => format!("from_san {s}"),
            other => other.key().to_owned(),
        }
    }

    /// The target a checker's label names, among `targets`.
    pub(crate) fn of_label<'t>(label: &str, targets: &'t [Target]) -> Option<&'t Target> {
        targets.iter().find(|t| t.label() == label)
    }

    /// The assertion stated from `engine`'s answer about `game`: `Ok(None)` when the engine
    /// does not answer it (unsupported), `Err` when it failed.
    pub(crate) fn expect_of(
        &self,
        engine: &mut dyn Engine,
        game: &Game,
    ) -> Result<Option<Expect>, String> {
        let mut e = Expect::default();
        let answered = match self {
            Target::Moves => engine.legal_moves(game).map(|mut m| {
                m.sort();
                m.dedup();
                e.moves = Some(m);
            }),
            Target::Check => engine.in_check(game).map(|c| e.check = Some(c)),
            Target::Checkers => engine.checkers(game).map(|mut c| {
                c.sort();
                c.dedup();
                e.checkers = Some(c);
            }),
            Target::State => engine.game_state(game).map(|s| {
                e.state = Some(s.name());
                if let GameState::Checkmate { winner } = s {
                    e.winner = Some(winner);
                }
            }),
            Target::Claims => engine.draw_claims(game).map(|mut c| {
                c.sort();
                c.dedup();
                e.claims = Some(c);
            }),
            Target::MatingMaterial => engine
                .mating_material(game)
                .map(|m| e.mating_material = Some(m)),
            Target::Perft(depth) => engine
                .perft(game, *depth)
                .map(|n| e.perft = Some(BTreeMap::from([(*depth, n)]))),
            Target::San(uci) => engine
                .san(game, uci)
                .map(|s| e.san = Some(BTreeMap::from([(uci.clone(), s)]))),
            Target::FromSan(san) => engine
                .parse_san(game, san)
                .map(|m| e.from_san = Some(BTreeMap::from([(san.clone(), m)]))),
            Target::After(uci) => match engine.play(game, uci) {
                Ok(MoveResult::Played(fen)) => {
                    e.after = Some(vec![After {
                        mv: uci.clone(),
                        fen,
                        en_passant: EnPassantConvention::Legal,
                        clocks: true,
                    }]);
                    Ok(())
                }
                Ok(MoveResult::Refused(why)) => Err(EngineError::Failed(format!(
                    "refused the legal move {uci}: {why}"
                ))),
                Err(e) => Err(e),
            },
            Target::Valid => engine
                .validate_fen(game.fen, game.variant)
                .map(|v| e.valid = Some(v == FenCheck::Accepted)),
        };
        match answered {
            Ok(()) => Ok(Some(e)),
            Err(EngineError::Unsupported(_)) => Ok(None),
            Err(EngineError::Failed(why)) => Err(why),
        }
    }
}

/// Adds the assertions of `more` to `into` (the targets of one position never overlap but in
/// the maps, whose keys differ).
pub(crate) fn merge(into: &mut Expect, more: Expect) {
    fn map<K: Ord, V>(into: &mut Option<BTreeMap<K, V>>, more: Option<BTreeMap<K, V>>) {
        if let Some(more) = more {
            into.get_or_insert_with(BTreeMap::new).extend(more);
        }
    }
    let Expect {
        moves,
        check,
        checkers,
        state,
        winner,
        claims,
        mating_material,
        after,
        san,
        from_san,
        perft,
        valid,
        ..
    } = more;
    into.moves = into.moves.take().or(moves);
    into.check = into.check.or(check);
    into.checkers = into.checkers.take().or(checkers);
    into.state = into.state.or(state);
    into.winner = into.winner.or(winner);
    into.claims = into.claims.take().or(claims);
    into.mating_material = into.mating_material.or(mating_material);
    if let Some(after) = after {
        into.after.get_or_insert_with(Vec::new).extend(after);
    }
    map(&mut into.san, san);
    map(&mut into.from_san, from_san);
    map(&mut into.perft, perft);
    into.valid = into.valid.or(valid);
}

/// A case made in code, for the checker: the id and title are placeholders until a finding is
/// printed.
pub(crate) fn case(fen: &str, moves: &[String], expect: Expect) -> Case {
    Case {
        id: "fuzz/probe".into(),
        title: "a position of a fuzz run".into(),
        rule: "1".into(),
        source: None,
        tags: Vec::new(),
        fen: fen.to_owned(),
        moves: moves.to_vec(),
        expect,
        pieces: Vec::new(),
        variant: None,
    }
}

/// The case, loaded (validated and planned) as the catalogue would, or why not.
pub(crate) fn load(case: Case) -> Result<LoadedCase, String> {
    LoadedCase::new(case).map_err(|e| e.to_string())
}

/// The capabilities both engines declare.
pub(crate) fn common(a: &dyn Engine, b: &dyn Engine) -> Capabilities {
    let b = b.capabilities();
    a.capabilities().iter().filter(|c| b.contains(*c)).collect()
}

/// The rule names of a state, for [`mod@crate::fuzz::known`]'s classification.
pub(crate) fn state_rule(name: StateName) -> &'static str {
    match name {
        StateName::Checkmate | StateName::Ongoing => "5.1.1",
        StateName::Stalemate => "5.2.1",
        StateName::InsufficientMaterial | StateName::DeadPosition => "5.2.2",
        StateName::FivefoldRepetition => "9.6.1",
        StateName::SeventyFiveMoves => "9.6.2",
    }
}
