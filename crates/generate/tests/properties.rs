//! Properties of the rules that must hold in every position, checked on random games with the
//! reference engine: the colour flip changes nothing but colours (legal moves, states, claims,
//! touch-move rulings, and who can still mate), FENs and SANs read back as written, perft
//! divides add up to the totals, and the clocks do not change repetition counts.
//!
//! The random games come from the generator's own strategy (`generate::mine::game`), so these
//! tests also exercise what the mined cases are drawn from.

use chess_conformance::replay::{self, Replay};
use chess_conformance::{Engine, Game, GameState, Reference, TouchEvent, Winnability};
use chess_conformance::{touch, winnable};
use chess_conformance_generate::mine::{RandomGame, game};
use chess_conformance_generate::symmetry::Symmetry;
use proptest::prelude::*;
use shakmaty::{Chess, EnPassantMode, Position, Square, fen::Fen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn played(choices: &[u32]) -> (RandomGame, Vec<String>) {
    let g = RandomGame::play(&Chess::default(), choices);
    let uci = g.uci(g.moves.len());
    (g, uci)
}

fn flipped_state(state: GameState) -> GameState {
    match state {
        GameState::Checkmate { winner } => GameState::Checkmate {
            winner: winner.other(),
        },
        other => other,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The flipped game (ranks mirrored, colours swapped, every move flipped) has the flipped
    /// legal moves, the same number of them, the same state with the winner swapped, and the
    /// same draw claims, at every ply.
    #[test]
    fn colour_flip_changes_only_colours(choices in game(120)) {
        let (g, uci) = played(&choices);
        let flipped_start = Symmetry::Flip.fen(START).unwrap();
        let flipped_moves: Vec<String> = uci.iter().map(|m| Symmetry::Flip.uci(m)).collect();
        let replay = Replay::new(START, &uci).unwrap();
        let twin = Replay::new(&flipped_start, &flipped_moves).unwrap();
        prop_assert_eq!(flipped_state(replay.state()), twin.state());
        prop_assert_eq!(replay.claims(), twin.claims());
        let mut legal: Vec<String> = uci_moves(&replay.position)
            .iter().map(|m| Symmetry::Flip.uci(m)).collect();
        let mut twin_legal = uci_moves(&twin.position);
        legal.sort();
        twin_legal.sort();
        prop_assert_eq!(legal.len(), twin_legal.len());
        prop_assert_eq!(legal, twin_legal);
        prop_assert_eq!(g.positions.len(), uci.len() + 1);
    }

    /// Every position of a random game reads back from its FEN as the same position, and the
    /// FEN written again is the same text.
    #[test]
    fn fen_round_trips(choices in game(150)) {
        let (g, _) = played(&choices);
        for pos in &g.positions {
            let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
            let again = replay::parse_fen(&fen).unwrap();
            prop_assert_eq!(Fen::from_position(&again, EnPassantMode::Legal).to_string(), fen.clone());
            prop_assert_eq!(again.legal_moves().len(), pos.legal_moves().len());
        }
    }

    /// The SAN the reference writes for each legal move reads back as that move.
    #[test]
    fn san_round_trips(choices in game(100)) {
        let (_, uci) = played(&choices);
        let mut reference = Reference::new();
        let game = Game::new(START, &uci);
        for m in reference.legal_moves(&game).unwrap() {
            let san = reference.san(&game, &m).unwrap();
            prop_assert_eq!(reference.parse_san(&game, &san).unwrap(), Some(m.clone()), "{}", san);
        }
    }

    /// The divide (the count below each legal move) adds up to the total, at depths 1 to 3, and
    /// the trait's default perft (walking legal moves) agrees with the reference's own.
    #[test]
    fn perft_divides_sum_to_totals(choices in game(60)) {
        let (_, uci) = played(&choices);
        let mut reference = Reference::new();
        let game = Game::new(START, &uci);
        let legal = reference.legal_moves(&game).unwrap();
        for depth in 1..=3u32 {
            let total = reference.perft(&game, depth).unwrap();
            let mut sum = 0;
            for m in &legal {
                let mut moves = uci.clone();
                moves.push(m.clone());
                sum += reference.perft(&Game::new(START, &moves), depth - 1).unwrap();
            }
            prop_assert_eq!(sum, total, "depth {}", depth);
        }
        struct Walker(Reference);
        impl Engine for Walker {
            fn identity(&self) -> chess_conformance::Identity { self.0.identity() }
            fn capabilities(&self) -> chess_conformance::Capabilities { self.0.capabilities() }
            fn legal_moves(&mut self, game: &Game) -> chess_conformance::Answer<Vec<String>> {
                self.0.legal_moves(game)
            }
        }
        let mut walker = Walker(Reference::new());
        prop_assert_eq!(walker.perft(&game, 2).unwrap(), reference.perft(&game, 2).unwrap());
    }

    /// Repetition counts depend on positions only (FIDE 9.2.2): the same game from a start FEN
    /// with other clocks repeats exactly as often, ply by ply.
    #[test]
    fn repetition_counts_ignore_the_clocks(choices in game(80), halfmoves in 0u32..90, fullmoves in 1u32..200) {
        let (_, uci) = played(&choices);
        let other = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {halfmoves} {fullmoves}");
        for n in 0..=uci.len() {
            let a = Replay::new(START, &uci[..n]).unwrap();
            let b = Replay::new(&other, &uci[..n]).unwrap();
            prop_assert_eq!(a.repetitions(), b.repetitions(), "after {} plies", n);
        }
    }
}

/// Touch-move events on the occupied squares of `pos`, each drawn from one number: touches,
/// accidental touches, "j'adoube", adjustments and releases (on any square).
fn touch_events(pos: &Chess, picks: &[u32]) -> Vec<TouchEvent> {
    let occupied: Vec<Square> = pos.board().occupied().into_iter().collect();
    picks
        .iter()
        .map(|&p| {
            let sq = occupied[(p / 8) as usize % occupied.len()];
            let on = Square::new((p >> 16) % 64);
            match p % 8 {
                0..=2 => TouchEvent::Touch(sq.to_string()),
                3 => TouchEvent::AccidentalTouch(sq.to_string()),
                4 => TouchEvent::SayJadoube,
                5 => TouchEvent::Adjust(sq.to_string()),
                _ if on == sq => TouchEvent::Touch(sq.to_string()),
                _ => TouchEvent::Release {
                    from: sq.to_string(),
                    on: on.to_string(),
                },
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Article 4 is the same for both colours: on the colour-flipped position, the flipped
    /// events are refused exactly when the events are, and otherwise allow the flipped moves.
    /// This is what makes the touch-move twins of the generator true.
    #[test]
    fn touch_move_rulings_are_colour_symmetric(
        choices in game(60),
        picks in proptest::collection::vec(any::<u32>(), 1..5),
    ) {
        let (_, uci) = played(&choices);
        let pos = Replay::new(START, &uci).unwrap().position;
        prop_assume!(!pos.legal_moves().is_empty());
        let flipped_moves: Vec<String> = uci.iter().map(|m| Symmetry::Flip.uci(m)).collect();
        let twin = Replay::new(&Symmetry::Flip.fen(START).unwrap(), &flipped_moves)
            .unwrap()
            .position;
        let events = touch_events(&pos, &picks);
        let twin_events: Vec<TouchEvent> = events.iter().map(|e| Symmetry::Flip.event(e)).collect();
        match (touch::rule(&pos, &events), touch::rule(&twin, &twin_events)) {
            (Ok(a), Ok(b)) => {
                let flipped: std::collections::BTreeSet<String> =
                    a.moves.iter().map(|m| Symmetry::Flip.uci(m)).collect();
                prop_assert_eq!(flipped, b.moves, "{:?}", events);
                prop_assert_eq!(a.any, b.any);
                prop_assert_eq!(a.clause, b.clause);
            }
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "{:?}: {:?} but the twin {:?}", events, a, b),
        }
    }

    /// The winnability analyzer proves every definite answer, so a position and its colour flip
    /// never get opposite definite answers for corresponding sides (one may be undetermined:
    /// the searches are not symmetric).
    #[test]
    fn winnable_answers_never_contradict_under_the_flip(choices in game(300)) {
        let (g, uci) = played(&choices);
        let pos = g.positions.last().unwrap();
        let flipped_moves: Vec<String> = uci.iter().map(|m| Symmetry::Flip.uci(m)).collect();
        let twin = Replay::new(&Symmetry::Flip.fen(START).unwrap(), &flipped_moves)
            .unwrap()
            .position;
        let budget = winnable::Budget { nodes: 20_000 };
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            let a = winnable::analyze(pos, side, budget).verdict;
            let b = winnable::analyze(&twin, !side, budget).verdict;
            let definite = |w: Winnability| w != Winnability::Undetermined;
            if definite(a) && definite(b) {
                prop_assert_eq!(a, b, "{:?}", side);
            }
        }
    }
}

fn uci_moves(pos: &Chess) -> Vec<String> {
    pos.legal_moves().into_iter().map(replay::to_uci).collect()
}
