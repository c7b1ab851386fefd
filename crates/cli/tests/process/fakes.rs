//! The fake engines this test binary becomes: `--serve FAULT...`, the reference over the
//! protocol, misbehaving as each FAULT says; `--uci FAULT...`, a small UCI engine on shakmaty
//! following the Stockfish conventions; `--xboard FAULT...`, a small xboard engine on shakmaty
//! with Sjaak II's `perft` and `fen`. What the tests do with them is in the files beside this one.

use std::io::{self, BufRead, Write};
use std::process::{Command, ExitCode};
use std::time::Duration;

use chess_conformance::Reference;
use serde_json::{Value, json};
use shakmaty::{Chess, EnPassantMode, Position, fen::Fen, uci::UciMove};

use super::{UNKNOWN_CAPABILITY, this_binary};

// --- The protocol engine ---

/// What the fake engine does on a request of one type.
fn fault_for<'a>(faults: &'a [String], kind: &str) -> Option<&'a str> {
    faults.iter().find_map(|f| {
        let (fault, on) = f.split_once('=')?;
        (on == kind).then_some(fault)
    })
}

pub fn fake_protocol_engine(faults: &[String]) -> ExitCode {
    log_start(faults);
    let faults = first_start_only(faults);
    if second_start(faults) {
        return ExitCode::from(1);
    }
    let noisy = faults.iter().any(|f| f == "noise");
    if faults.iter().any(|f| f == "spawn") {
        leave_behind(faults, false);
    }
    let hang_after = hang_after(faults);
    let mut answered = 0;
    let mut reference = Reference::new();
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.expect("stdin is readable");
        let request: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        let seq = request["seq"].as_u64().unwrap_or(0);
        let kind = request["type"].as_str().unwrap_or("");
        if noisy {
            eprintln!("noise line {n}");
        }
        if let Some((after, file)) = &hang_after
            && kind != "start"
        {
            if answered == *after {
                std::fs::write(file, "hanging").expect("the marker file can be written");
                loop {
                    std::thread::sleep(Duration::from_secs(3600));
                }
            }
            answered += 1;
        }
        let reply = match fault_for(faults, kind) {
            None => served_reply(&mut reference, &line, kind, faults),
            // The right answer, and a stray line carrying the next request's `seq`.
            Some("stray") => {
                served_reply(&mut reference, &line, kind, faults)
                    + &json!({"seq": seq + 1, "result": true}).to_string()
                    + "\n"
            }
            Some(fault) => faulty_reply(fault, kind, seq, faults),
        };
        if out
            .write_all(reply.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// `starts=FILE`: a line appended to FILE at each start of this engine.
fn log_start(faults: &[String]) {
    if let Some(file) = faults.iter().find_map(|f| f.strip_prefix("starts=")) {
        let mut log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .expect("the start log can be written");
        writeln!(log, "{}", std::process::id()).expect("the start log can be written");
    }
}

/// `lone=FILE`: only the first process to create FILE has the other faults; every other
/// start (another instance, or this one restarted) serves without a fault.
fn first_start_only(faults: &[String]) -> &[String] {
    match faults.iter().find_map(|f| f.strip_prefix("lone=")) {
        Some(file)
            if std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(file)
                .is_err() =>
        {
            &[]
        }
        _ => faults,
    }
}

/// `once=FILE`: the second start of this engine fails (the file exists by then): whether this
/// is that start, said on stderr.
fn second_start(faults: &[String]) -> bool {
    if let Some(file) = faults.iter().find_map(|f| f.strip_prefix("once=")) {
        if std::path::Path::new(file).exists() {
            eprintln!("fake engine: refusing to start a second time");
            return true;
        }
        std::fs::write(file, "started").expect("the marker file can be written");
    }
    false
}

/// `hang-after=N,FILE`: N requests answered, then FILE written and every request hung.
fn hang_after(faults: &[String]) -> Option<(usize, String)> {
    faults.iter().find_map(|f| {
        let (n, file) = f.strip_prefix("hang-after=")?.split_once(',')?;
        Some((n.parse::<usize>().ok()?, file.to_owned()))
    })
}

/// The reference's answer to `line`; with `extra-capability`, a capability no harness knows
/// added to the `start` answer.
fn served_reply(reference: &mut Reference, line: &str, kind: &str, faults: &[String]) -> String {
    if let Some(spelling) = faults.iter().find_map(|f| f.strip_prefix("castling=")) {
        return spelled_reply(reference, line, kind, spelling);
    }
    let mut reply = chess_conformance::protocol::answer_line(reference, line);
    if let Some(form) = faults.iter().find_map(|f| f.strip_prefix("clocks=")) {
        reply = clockless_reply(&reply, kind, form);
    }
    if kind == "start" && faults.iter().any(|f| f == "extra-capability") {
        let mut v: Value = serde_json::from_str(&reply).unwrap();
        v["result"]["capabilities"]
            .as_array_mut()
            .unwrap()
            .push(json!(UNKNOWN_CAPABILITY));
        reply = v.to_string() + "\n";
    }
    reply
}

/// The reference as a library that keeps no clocks (the `clocks=FORM` fault): its handshake
/// says so in `conventions` (`{"clocks": false}`) and drops `move-clocks` and
/// `seventy-five-moves`; the FENs it plays end in `0 1` (FORM `zeroed`) or stop after the en
/// passant field (`cut`); with `keep-rights`, `zeroed` and castling rights never lost either (a
/// real bug beside the convention). `contradict` declares no clocks and keeps the two rules;
/// `not-a-bool` declares `{"clocks": "no"}`.
fn clockless_reply(reply: &str, kind: &str, form: &str) -> String {
    let mut v: Value = serde_json::from_str(reply).unwrap();
    if kind == "start" {
        let hello = &mut v["result"];
        hello["conventions"] = match form {
            "not-a-bool" => json!({"clocks": "no"}),
            _ => json!({"clocks": false}),
        };
        if form != "contradict" {
            hello["capabilities"]
                .as_array_mut()
                .unwrap()
                .retain(|c| c != "move-clocks" && c != "seventy-five-moves");
        }
    }
    if kind == "play"
        && let Some(fen) = v["result"]["played"].as_str()
    {
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut written = fields[..4].to_vec();
        if form == "keep-rights" {
            written[2] = "KQkq";
        }
        if form != "cut" {
            written.extend(["0", "1"]);
        }
        v["result"]["played"] = json!(written.join(" "));
    }
    v.to_string() + "\n"
}

/// A move of `pos` as an engine speaking `spelling` writes it: castling as the king taking its
/// rook (`king-takes-rook`) or as the king's destination (`king-destination`), in every game.
fn engine_spelling(pos: &Chess, m: shakmaty::Move, spelling: &str) -> String {
    match m {
        shakmaty::Move::Castle { king, rook } if spelling == "king-takes-rook" => {
            format!("{king}{rook}")
        }
        shakmaty::Move::Castle { king, rook } => {
            let side = shakmaty::CastlingSide::from_king_side(rook > king);
            format!("{king}{}", side.king_to(pos.turn()))
        }
        other => other.to_uci(shakmaty::CastlingMode::Standard).to_string(),
    }
}

/// The legal move of `pos` an engine speaking `spelling` writes `text`.
fn read_spelled(pos: &Chess, text: &str, spelling: &str) -> Option<shakmaty::Move> {
    pos.legal_moves()
        .into_iter()
        .find(|m| engine_spelling(pos, *m, spelling) == text)
}

/// The reference speaking castling as `spelling` (the `castling=SPELLING` fault): the handshake
/// says so, each request's moves are read in that spelling (and handed to the reference in the
/// suite's), each answer's moves written in it.
fn spelled_reply(reference: &mut Reference, line: &str, kind: &str, spelling: &str) -> String {
    let mut request: Value = serde_json::from_str(line).unwrap_or(Value::Null);
    if kind == "start" {
        let reply = chess_conformance::protocol::answer_line(reference, line);
        let mut v: Value = serde_json::from_str(&reply).unwrap();
        v["result"]["castling"] = json!(spelling);
        return v.to_string() + "\n";
    }
    let mode = shakmaty::CastlingMode::from_chess960(request["variant"] == "chess960");
    let fen = request["fen"].as_str().unwrap_or("").to_owned();
    let mut pos: Option<Chess> = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position(mode).ok());
    if let Some(moves) = request["moves"].as_array_mut() {
        for m in moves {
            let Some(p) = pos.as_mut() else { break };
            match read_spelled(p, m.as_str().unwrap_or(""), spelling) {
                Some(legal) => {
                    *m = json!(legal.to_uci(mode).to_string());
                    p.play_unchecked(legal);
                }
                None => pos = None,
            }
        }
    }
    if let (Some(p), Some(m)) = (&pos, request["move"].as_str())
        && let Some(legal) = read_spelled(p, m, spelling)
    {
        request["move"] = json!(legal.to_uci(mode).to_string());
    }
    let reply = chess_conformance::protocol::answer_line(reference, &request.to_string());
    let mut v: Value = serde_json::from_str(&reply).unwrap();
    let Some(p) = pos else { return reply };
    let respell = |m: &mut Value| {
        let suite = m.as_str().and_then(|s| s.parse::<UciMove>().ok());
        if let Some(legal) = suite.and_then(|u| u.to_move(&p).ok()) {
            *m = json!(engine_spelling(&p, legal, spelling));
        }
    };
    match &mut v["result"] {
        Value::Array(list) if matches!(kind, "legal_moves" | "touch_move") => {
            list.iter_mut().for_each(respell);
        }
        m @ Value::String(_) if kind == "parse_san" => respell(m),
        _ => {}
    }
    v.to_string() + "\n"
}

/// What the engine does instead of answering a request of type `kind`, as `fault` says: exit,
/// abort, hang, or a line that is not the answer.
fn faulty_reply(fault: &str, kind: &str, seq: u64, faults: &[String]) -> String {
    match fault {
        "crash" => {
            eprintln!("fake engine: a first line of stderr");
            eprintln!("fake engine: crashing on purpose on `{kind}`");
            std::process::exit(3);
        }
        "abort" => std::process::abort(),
        "grandchild" => {
            leave_behind(faults, true);
            eprintln!("fake engine: leaving a grandchild that holds stdout");
            std::process::exit(5);
        }
        "hang" => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
        "garbage" => "this is not JSON\n".to_owned(),
        "huge" => format!("{}\n", "x".repeat(2 << 20)),
        "seq" => json!({"seq": seq + 1, "result": []}).to_string() + "\n",
        "noenvelope" => json!({"seq": seq}).to_string() + "\n",
        "wrongtype" => json!({"seq": seq, "result": "e2e4"}).to_string() + "\n",
        "badmove" => json!({"seq": seq, "result": ["E2-E4"]}).to_string() + "\n",
        "error" => json!({"seq": seq, "error": "the library threw"}).to_string() + "\n",
        "unsupported" => {
            json!({"seq": seq, "unsupported": "not in this library"}).to_string() + "\n"
        }
        "protocol2" => {
            json!({"seq": seq, "result": {
            "protocol": 2, "name": "future", "version": "9", "capabilities": []}})
            .to_string()
                + "\n"
        }
        other => panic!("unknown fault {other}"),
    }
}

/// Starts `--linger MARKER` (the `marker=MARKER` fault) and leaves it running: with this
/// process's stdout and stderr when `hold_pipes`, else with none.
fn leave_behind(faults: &[String], hold_pipes: bool) {
    let marker = faults
        .iter()
        .find_map(|f| f.strip_prefix("marker="))
        .expect("a marker=MARKER fault names what is left behind");
    let mut command = Command::new(this_binary());
    command
        .args(["--linger", marker])
        .stdin(std::process::Stdio::null());
    if !hold_pipes {
        command
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
    }
    // Left running on purpose: outliving this engine is the fault.
    #[allow(clippy::zombie_processes)]
    command.spawn().expect("the lingering process starts");
}

// --- The UCI engine ---

pub fn fake_uci_engine(faults: &[String]) -> ExitCode {
    let has = |f: &str| faults.iter().any(|x| x == f);
    if has("spawn") {
        leave_behind(faults, false);
    }
    let mut pos = Chess::default();
    // With `chess960`: the option `UCI_Chess960`, and Chess960 castling while it is set.
    let mut mode = shakmaty::CastlingMode::Standard;
    // With `variants=LOG`: the options `VariantPath` and `UCI_Variant`, the variants named by
    // `[NAME:chess]` in the file loaded listed, and the path loaded appended to LOG.
    let variant_log = faults.iter().find_map(|f| f.strip_prefix("variants="));
    let mut variants: Vec<String> = Vec::new();
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin is readable");
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut say = |text: String| {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        };
        match words.as_slice() {
            ["uci"] => {
                say("id name Fake UCI 1.2".into());
                say("id author nobody".into());
                if has("chess960") {
                    say("option name UCI_Chess960 type check default false".into());
                }
                if variant_log.is_some() {
                    say("option name VariantPath type string default <empty>".into());
                    let listed: String = variants.iter().map(|v| format!(" var {v}")).collect();
                    say(format!(
                        "option name UCI_Variant type combo default chess var chess{listed}"
                    ));
                }
                say("uciok".into());
            }
            ["setoption", "name", "VariantPath", "value", path] if variant_log.is_some() => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                variants.extend(text.lines().filter_map(|l| {
                    let section = l.strip_prefix('[')?.strip_suffix(']')?;
                    Some(section.split(':').next()?.to_owned())
                }));
                if let Some(log) = variant_log {
                    let mut log = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(log)
                        .expect("the variant log can be written");
                    writeln!(log, "{path}").expect("the variant log can be written");
                }
            }
            ["setoption", "name", "UCI_Chess960", "value", value] if has("chess960") => {
                mode = shakmaty::CastlingMode::from_chess960(*value == "true");
            }
            ["isready"] => say("readyok".into()),
            ["quit"] => break,
            ["position", "fen", rest @ ..] => {
                let (fen, moves) = match rest.iter().position(|w| *w == "moves") {
                    Some(i) => (rest[..i].join(" "), &rest[i + 1..]),
                    None => (rest.join(" "), &[][..]),
                };
                let Ok(fen) = fen.parse::<Fen>() else {
                    continue;
                };
                let Ok(p) = fen.into_position(mode) else {
                    continue;
                };
                pos = p;
                // Like Stockfish: stop at the first illegal move.
                for m in moves {
                    let legal = m.parse::<UciMove>().ok().and_then(|u| u.to_move(&pos).ok());
                    // shakmaty reads both spellings of castling in either mode: Stockfish only
                    // its mode's.
                    let legal = legal.filter(|l| {
                        l.castling_side().is_none() || l.to_uci(mode).to_string() == *m
                    });
                    match legal {
                        Some(m) => pos.play_unchecked(m),
                        None => break,
                    }
                }
            }
            ["go", "perft", depth] => {
                if has("crash-perft") {
                    eprintln!("fake uci: segmentation fault (on purpose)");
                    std::process::exit(139);
                }
                let depth: u32 = depth.parse().unwrap_or(1);
                let mut total = 0;
                for m in pos.legal_moves() {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    let n = shakmaty::perft(&after, depth - 1);
                    total += n;
                    say(format!("{}: {n}", m.to_uci(mode)));
                }
                say(String::new());
                say(format!("Nodes searched: {total}"));
                say(String::new());
            }
            ["d"] if has("no-d") => {
                say("Unknown command: 'd'. Type help for more information.".into())
            }
            ["d"] if has("hang-d") => loop {
                std::thread::sleep(Duration::from_secs(3600));
            },
            ["d"] => {
                say(" +---+---+ (a board would be here)".into());
                say(format!(
                    "Fen: {}",
                    Fen::from_position(&pos, EnPassantMode::Legal)
                ));
                say("Key: 0123456789ABCDEF".into());
                let checkers: Vec<String> =
                    pos.checkers().into_iter().map(|s| s.to_string()).collect();
                say(format!("Checkers: {} ", checkers.join(" ")));
            }
            _ => say(format!(
                "Unknown command: '{line}'. Type help for more information."
            )),
        }
    }
    ExitCode::SUCCESS
}

// --- The xboard engine ---

/// A divide's move the way Sjaak II prints it: `Nb1-c3`, `e5xd6`, `b7-b8Q`, `O-O`.
fn sjaak_move(m: &shakmaty::Move) -> String {
    use shakmaty::{CastlingSide, Role};
    if let Some(side) = m.castling_side() {
        return match side {
            CastlingSide::KingSide => "O-O".into(),
            CastlingSide::QueenSide => "O-O-O".into(),
        };
    }
    let piece = match m.role() {
        Role::Pawn => String::new(),
        role => role.upper_char().to_string(),
    };
    let from = m.from().map_or(String::new(), |s| s.to_string());
    let sep = if m.is_capture() { 'x' } else { '-' };
    let promotion = m
        .promotion()
        .map_or(String::new(), |r| r.upper_char().to_string());
    format!("{piece}{from}{sep}{}{promotion}", m.to())
}

/// `--xboard FAULT...`: a small xboard engine on shakmaty, with Sjaak II's `perft N [P]`
/// (a divide when P is given; a total line `N COUNT TIME NPS`) and `fen`, misbehaving as each
/// FAULT says: on a perft deeper than 1 (the harness's probe is `perft 1 1`) `crash-perft`
/// exits as a segmentation fault would, `hang-perft` never answers, `garbage-perft` prints a
/// total without a number; `refuse-moves` says `Illegal move` to
/// every move, `no-done` never sends `feature done=1`, `slow-done` sends `done=0` and takes
/// its time before `done=1`, `no-setboard` does not offer `setboard`.
pub fn fake_xboard_engine(faults: &[String]) -> ExitCode {
    let has = |f: &str| faults.iter().any(|x| x == f);
    let mut pos = Chess::default();
    // With `frc`: `variant fischerandom` offered; castling then read and written `O-O`.
    let mut mode = shakmaty::CastlingMode::Standard;
    let mut out = io::stdout().lock();
    // A banner and a board before the handshake, as Sjaak II and Sjeng print.
    let _ = writeln!(out, "Fake Xboard, a board follows\n 8 r n b q k b n r\n#>");
    let _ = out.flush();
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin is readable");
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut say = |text: String| {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
        };
        match words.as_slice() {
            ["xboard"] | ["new"] | ["force"] | ["accepted", ..] | ["rejected", ..] => {
                if words == ["new"] {
                    pos = Chess::default();
                    mode = shakmaty::CastlingMode::Standard;
                }
            }
            ["variant", "fischerandom"] if has("frc") => mode = shakmaty::CastlingMode::Chess960,
            ["variant", "normal"] if has("frc") => mode = shakmaty::CastlingMode::Standard,
            ["protover", "2"] => {
                let setboard = if has("no-setboard") { 0 } else { 1 };
                say(format!(
                    "feature ping=1 setboard={setboard} usermove=1 myname=\"Fake Xboard 0.3\" \
                     egtfancy=1"
                ));
                if has("frc") {
                    say("feature variants=\"normal,fischerandom\"".into());
                }
                if has("no-done") {
                    continue;
                }
                if has("slow-done") {
                    std::thread::sleep(Duration::from_millis(600));
                    say("feature done=0".into());
                    std::thread::sleep(Duration::from_millis(600));
                }
                say("feature done=1".into());
            }
            ["quit"] => break,
            ["ping", n] => say(format!("pong {n}")),
            ["setboard", fen @ ..] => {
                match fen
                    .join(" ")
                    .parse::<Fen>()
                    .ok()
                    .and_then(|f| f.into_position(mode).ok())
                {
                    Some(p) => pos = p,
                    None => say("tellusererror Illegal position".into()),
                }
            }
            ["usermove", m] => {
                // In FRC castling is `O-O` / `O-O-O` only (Sjaak II's spelling).
                let castle = |side| {
                    pos.legal_moves()
                        .into_iter()
                        .find(|l| l.castling_side() == Some(side))
                };
                let legal = match *m {
                    "O-O" if mode.is_chess960() => castle(shakmaty::CastlingSide::KingSide),
                    "O-O-O" if mode.is_chess960() => castle(shakmaty::CastlingSide::QueenSide),
                    _ => m
                        .parse::<UciMove>()
                        .ok()
                        .and_then(|u| u.to_move(&pos).ok())
                        .filter(|l| !(mode.is_chess960() && l.is_castle())),
                };
                match legal {
                    Some(legal) if !has("refuse-moves") => pos.play_unchecked(legal),
                    _ => say(format!("Illegal move: {m}")),
                }
            }
            ["fen"] => say(Fen::from_position(&pos, EnPassantMode::Legal).to_string()),
            ["perft", depth, rest @ ..] => {
                let depth: u32 = depth.parse().unwrap_or(1);
                let deep = depth > 1;
                if deep && has("crash-perft") {
                    eprintln!("fake xboard: segmentation fault (on purpose)");
                    std::process::exit(139);
                }
                if deep && has("hang-perft") {
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                if !rest.is_empty() {
                    let mut cumulative = 0;
                    for m in pos.legal_moves() {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        let n = shakmaty::perft(&after, depth - 1);
                        cumulative += n;
                        say(format!("  {:>8} {n:>10} {cumulative:>10}", sjaak_move(&m)));
                    }
                }
                if deep && has("garbage-perft") {
                    say(format!(" {depth}  lots  0.00  100nps"));
                    continue;
                }
                let total = shakmaty::perft(&pos, depth);
                say(format!(" {depth} {total:>10}  0.00  100.00nps"));
            }
            _ => say(format!("Error (unknown command): {line}")),
        }
    }
    ExitCode::SUCCESS
}
