//! How games end on the board: checkmate (5.1.1), stalemate (5.2.1), dead positions by material
//! (5.2.2), and whether each side could still mate when the other's flag falls (6.9).

use shakmaty::{Chess, Color, Piece, Position, Role};

use super::{Miner, Quotas, case, fen, legal_uci, side_name};
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay::{self, Replay};
use chess_conformance::{MatingMaterial, StateName};

const ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// Kings and one to four pieces, most of them for the side that does not move (the attacker
/// of the side to move).
fn attack_board(m: &mut Miner) -> Option<Chess> {
    let turn = if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    let mut pieces = vec![Color::White.king(), Color::Black.king()];
    for _ in 0..1 + m.below(4) {
        let color = if m.chance(3, 4) { !turn } else { turn };
        pieces.push(Piece {
            color,
            role: *m.pick(&ROLES),
        });
    }
    m.place(&pieces, turn)
}

fn state_of(pos: &Chess) -> StateName {
    let replay = Replay {
        position: pos.clone(),
        keys: vec![replay::RepetitionKey::of(pos)],
    };
    replay.state().name()
}

/// Checkmate: mated positions, mates in one, and checks that are not mate.
pub fn checkmate(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("mated", 400),
        ("mate-in-one", 500),
        ("check-not-mate", 400),
    ]);
    for _ in 0..2_000_000 {
        if q.full() {
            break;
        }
        let Some(pos) = attack_board(m) else { continue };
        let side = side_name(pos.turn());
        if pos.is_checkmate() {
            let checkers = replay::square_names(pos.checkers());
            let title = format!(
                "{side} is checkmated (check from {}, no legal move)",
                checkers.join(" and ")
            );
            let expect = Expect {
                moves: Some(Vec::new()),
                check: Some(true),
                checkers: Some(checkers),
                state: Some(StateName::Checkmate),
                winner: Some(replay::from_shakmaty(!pos.turn())),
                ..Expect::default()
            };
            q.keep(
                "mated",
                case(title, "5.1.1", "mated", fen(&pos), Vec::new(), expect),
            );
            continue;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() || state_of(&pos) != StateName::Ongoing {
            continue;
        }
        if pos.is_check() && legal.len() <= 3 && q.wants("check-not-mate") {
            let moves = legal_uci(&pos);
            let title = format!(
                "{side} is in check but not mated: {} escape{} ({})",
                moves.len(),
                if moves.len() == 1 { "" } else { "s" },
                moves.join(", ")
            );
            let expect = Expect {
                moves: Some(moves),
                check: Some(true),
                state: Some(StateName::Ongoing),
                ..Expect::default()
            };
            q.keep(
                "check-not-mate",
                case(
                    title,
                    "5.1.1",
                    "check-not-mate",
                    fen(&pos),
                    Vec::new(),
                    expect,
                ),
            );
            continue;
        }
        if q.wants("mate-in-one") {
            let mates: Vec<_> = legal
                .iter()
                .filter(|mv| {
                    let mut after = pos.clone();
                    after.play_unchecked(**mv);
                    after.is_checkmate()
                })
                .collect();
            if let Some(mv) = mates.first() {
                let uci = replay::to_uci(**mv);
                let title = format!("{side} plays {uci}, which is checkmate");
                let expect = Expect {
                    check: Some(true),
                    moves: Some(Vec::new()),
                    state: Some(StateName::Checkmate),
                    winner: Some(replay::from_shakmaty(pos.turn())),
                    ..Expect::default()
                };
                q.keep(
                    "mate-in-one",
                    case(title, "5.1.1", "mate-in-one", fen(&pos), vec![uci], expect),
                );
            }
        }
    }
    q.into_cases()
}

/// Stalemate: stalemated positions, moves that stalemate, and positions with a single legal
/// move (not stalemate).
pub fn stalemate(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("stalemated", 450),
        ("move-stalemates", 450),
        ("one-move-left", 400),
    ]);
    for _ in 0..3_000_000 {
        if q.full() {
            break;
        }
        let Some(pos) = attack_board(m) else { continue };
        let side = side_name(pos.turn());
        if pos.is_stalemate() {
            if state_of(&pos) != StateName::Stalemate {
                continue;
            }
            let title = format!("{side} is not in check and has no legal move: stalemate");
            let expect = Expect {
                moves: Some(Vec::new()),
                check: Some(false),
                state: Some(StateName::Stalemate),
                ..Expect::default()
            };
            q.keep(
                "stalemated",
                case(title, "5.2.1", "stalemated", fen(&pos), Vec::new(), expect),
            );
            continue;
        }
        if state_of(&pos) != StateName::Ongoing {
            continue;
        }
        let legal = pos.legal_moves();
        if legal.len() == 1 && !pos.is_check() && q.wants("one-move-left") {
            let only = replay::to_uci(legal[0]);
            let title =
                format!("{side} is not in check and has one legal move, {only}: not stalemate");
            let expect = Expect {
                moves: Some(vec![only]),
                check: Some(false),
                state: Some(StateName::Ongoing),
                ..Expect::default()
            };
            q.keep(
                "one-move-left",
                case(
                    title,
                    "5.2.1",
                    "one-move-left",
                    fen(&pos),
                    Vec::new(),
                    expect,
                ),
            );
            continue;
        }
        if q.wants("move-stalemates") {
            let stalemating = legal.iter().find(|mv| {
                let mut after = pos.clone();
                after.play_unchecked(**mv);
                after.is_stalemate() && state_of(&after) == StateName::Stalemate
            });
            if let Some(mv) = stalemating {
                let uci = replay::to_uci(*mv);
                let title = format!(
                    "{side} plays {uci}, after which {} has no legal move and is not in check: stalemate",
                    side_name(!pos.turn())
                );
                let expect = Expect {
                    moves: Some(Vec::new()),
                    check: Some(false),
                    state: Some(StateName::Stalemate),
                    ..Expect::default()
                };
                q.keep(
                    "move-stalemates",
                    case(
                        title,
                        "5.2.1",
                        "move-stalemates",
                        fen(&pos),
                        vec![uci],
                        expect,
                    ),
                );
            }
        }
    }
    q.into_cases()
}

/// A material signature: the pieces of each side besides the king.
struct Signature {
    name: &'static str,
    white: &'static [Role],
    black: &'static [Role],
}

const fn sig(name: &'static str, white: &'static [Role], black: &'static [Role]) -> Signature {
    Signature { name, white, black }
}

use Role::{Bishop as B, Knight as N, Pawn as P, Queen as Q, Rook as R};

/// The patterns of FIDE 5.2.2 and their near misses.
const INSUFFICIENT: [Signature; 16] = [
    sig("k-v-k", &[], &[]),
    sig("kb-v-k", &[B], &[]),
    sig("k-v-kb", &[], &[B]),
    sig("kn-v-k", &[N], &[]),
    sig("k-v-kn", &[], &[N]),
    sig("kb-v-kb", &[B], &[B]),
    sig("kbb-v-k", &[B, B], &[]),
    sig("kbb-v-kb", &[B, B], &[B]),
    sig("kn-v-kn", &[N], &[N]),
    sig("knn-v-k", &[N, N], &[]),
    sig("kb-v-kn", &[B], &[N]),
    sig("kp-v-k", &[P], &[]),
    sig("k-v-kp", &[], &[P]),
    sig("kr-v-k", &[R], &[]),
    sig("kn-v-kb", &[N], &[B]),
    sig("kb-v-kp", &[B], &[P]),
];

fn signature_board(m: &mut Miner, s: &Signature) -> Option<Chess> {
    let mut pieces = vec![Color::White.king(), Color::Black.king()];
    pieces.extend(s.white.iter().map(|r| Piece {
        color: Color::White,
        role: *r,
    }));
    pieces.extend(s.black.iter().map(|r| Piece {
        color: Color::Black,
        role: *r,
    }));
    let turn = if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    m.place(&pieces, turn)
}

/// Whether every bishop on the board stands on squares of one colour.
fn bishops_one_colour(pos: &Chess) -> Option<bool> {
    let bishops = pos.board().bishops();
    if bishops.is_empty() {
        return None;
    }
    let light = bishops.into_iter().filter(|sq| sq.is_light()).count();
    Some(light == 0 || light == bishops.count())
}

fn describe(pos: &Chess, s: &Signature) -> String {
    let mut text = s.name.to_uppercase().replace("-V-", " v ");
    match bishops_one_colour(pos) {
        Some(true) if pos.board().bishops().count() > 1 => text.push_str(", bishops on one colour"),
        Some(false) => text.push_str(", bishops on both colours"),
        _ => {}
    }
    text
}

/// Dead positions by material and their near misses.
pub fn insufficient_material(m: &mut Miner) -> Vec<Case> {
    let quotas: Vec<(&'static str, usize)> = INSUFFICIENT.iter().map(|s| (s.name, 1)).collect();
    let mut q = Quotas::new(&quotas);
    for i in 0..200_000 {
        if q.full() {
            break;
        }
        let s = &INSUFFICIENT[i % INSUFFICIENT.len()];
        if !q.wants(s.name) {
            continue;
        }
        let Some(pos) = signature_board(m, s) else {
            continue;
        };
        let state = state_of(&pos);
        if !matches!(state, StateName::Ongoing | StateName::InsufficientMaterial) {
            continue;
        }
        let verdict = if state == StateName::InsufficientMaterial {
            "no series of legal moves can mate: the game is drawn at once"
        } else {
            "a mate is still possible (if only with the defender's help): the game goes on"
        };
        let title = format!("{}: {verdict}", describe(&pos, s));
        let mm = mating(&pos);
        let expect = Expect {
            state: Some(state),
            mating_material: Some(mm),
            ..Expect::default()
        };
        q.keep(
            s.name,
            case(title, "5.2.2", s.name, fen(&pos), Vec::new(), expect),
        );
    }
    q.into_cases()
}

fn mating(pos: &Chess) -> MatingMaterial {
    MatingMaterial {
        white: !pos.has_insufficient_material(Color::White),
        black: !pos.has_insufficient_material(Color::Black),
    }
}

const FLAG: [&[Role]; 10] = [
    &[],
    &[N],
    &[B],
    &[N, N],
    &[B, B],
    &[B, N],
    &[P],
    &[R],
    &[Q],
    &[N, P],
];

fn material_name(roles: &[Role]) -> String {
    let mut s = String::from("K");
    for r in roles {
        s.push(r.upper_char());
    }
    s
}

/// Flag fall: can each side still mate, whatever the other does?
pub fn flag_fall(m: &mut Miner) -> Vec<Case> {
    let combos: Vec<(usize, usize)> = (0..FLAG.len())
        .flat_map(|w| (0..FLAG.len()).map(move |b| (w, b)))
        .collect();
    let per = super::PER_AREA / combos.len() + 1;
    let mut counts = vec![0usize; combos.len()];
    let mut q = Quotas::new(&[("flag-fall", super::PER_AREA)]);
    for i in 0..100_000 {
        if q.full() {
            break;
        }
        let c = i % combos.len();
        if counts[c] >= per {
            continue;
        }
        let (w, b) = combos[c];
        let s = Signature {
            name: "flag-fall",
            white: FLAG[w],
            black: FLAG[b],
        };
        let Some(pos) = signature_board(m, &s) else {
            continue;
        };
        if pos.legal_moves().is_empty() {
            continue;
        }
        let mm = mating(&pos);
        let fall = |loser: &str, winner: &str, can: bool| {
            if can {
                format!("if {loser}'s flag falls, {winner} wins")
            } else {
                format!("if {loser}'s flag falls, it is a draw ({winner} cannot mate)")
            }
        };
        let title = format!(
            "{} v {}{}: {}; {}",
            material_name(FLAG[w]),
            material_name(FLAG[b]),
            match bishops_one_colour(&pos) {
                Some(false) => " (bishops on both colours)",
                Some(true) if pos.board().bishops().count() > 1 => " (bishops on one colour)",
                _ => "",
            },
            fall("White", "Black", mm.black),
            fall("Black", "White", mm.white)
        );
        let expect = Expect {
            mating_material: Some(mm),
            ..Expect::default()
        };
        if q.keep(
            "flag-fall",
            case(
                title,
                "6.9",
                &format!("{}-v-{}", material_name(FLAG[w]), material_name(FLAG[b])).to_lowercase(),
                fen(&pos),
                Vec::new(),
                expect,
            ),
        ) {
            counts[c] += 1;
        }
    }
    q.into_cases()
}
