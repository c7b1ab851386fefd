//! The xboard handshake: `xboard`, `protover 2`, each `feature` answered `accepted` or
//! `rejected` until `feature done=1`; then `memory`, the variant offered, `new` and `force`.

use std::time::Duration;

use super::XboardEngine;
use super::session::Session;
use crate::child::{self, LineChild};
use crate::supervisor::{self, Failure};
use chess_conformance::EngineError;

/// The hash size asked of an engine with feature `memory=1`, in MB: no search is asked, and
/// `new` clears a small table fastest (Sjaak II's `new` takes a third of the time with 1 MB).
const HASH_MB: u32 = 1;

/// The features of protocol version 2 the harness knows; any other is `rejected`.
const KNOWN_FEATURES: &[&str] = &[
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "done",
];

/// What the engine said of itself in the handshake.
#[derive(Debug, Clone, Default)]
pub(super) struct Features {
    pub(super) setboard: bool,
    pub(super) ping: bool,
    pub(super) usermove: bool,
    pub(super) memory: bool,
    pub(super) myname: Option<String>,
    pub(super) variants: Option<Vec<String>>,
}

/// The features of one `feature` line, as `(name, value)`; a quoted value keeps its spaces.
pub(super) fn parse_features(line: &str) -> Vec<(String, String)> {
    let Some(start) = line.find("feature ") else {
        return Vec::new();
    };
    let mut rest = &line[start + "feature ".len()..];
    let mut features = Vec::new();
    loop {
        rest = rest.trim_start();
        let Some(eq) = rest.find('=') else {
            return features;
        };
        let name = rest[..eq].trim().to_owned();
        rest = &rest[eq + 1..];
        let value = if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            let value = quoted[..end].to_owned();
            rest = quoted.get(end + 1..).unwrap_or("");
            value
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let value = rest[..end].to_owned();
            rest = &rest[end..];
            value
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            return features;
        }
        features.push((name, value));
    }
}

impl XboardEngine {
    /// Starts a process and completes the handshake: its features, and the engine in force
    /// mode (and in the variant), ready for questions.
    pub(super) fn connect(&self) -> Result<(LineChild, Features), String> {
        let command = self.command();
        let mut child = self.supervisor.spawn()?;
        let mut session = self.session(&mut child, false);
        let handshake = self.handshake(&mut session);
        match handshake {
            Ok(features) => Ok((child, features)),
            Err(failure) => {
                let why = match failure {
                    Failure::Answer(e) => e.to_string(),
                    Failure::Restart(why) => why,
                };
                let why = if why.contains("no answer within") && why.contains("protover 2") {
                    format!(
                        "no `feature done=1` came ({why}); it printed {}",
                        session.quoted()
                    )
                } else {
                    why
                };
                supervisor::kill(&mut child);
                Err(format!(
                    "engine `{command}` did not complete the xboard handshake: {}",
                    supervisor::with_stderr(why, &child)
                ))
            }
        }
    }

    /// The conversation of the handshake, up to the engine in force mode (and in the
    /// variant), synchronised by a `ping` when it has them.
    fn handshake(&self, session: &mut Session) -> Result<Features, Failure> {
        session.send("xboard")?;
        session.send("protover 2")?;
        let features = read_features(session, self.supervisor.limits().timeout)?;
        session.usermove = features.usermove;
        if features.memory {
            // No search is asked: the smallest hash, which `new` clears fastest.
            session.send(&format!("memory {HASH_MB}"))?;
        }
        self.check_variant(&features)?;
        session.new_game()?;
        if features.ping {
            let lines = session.sync()?;
            session.refused(&lines)?;
        }
        Ok(features)
    }

    /// An error verdict when the setup's variant is not among the engine's `variants`.
    fn check_variant(&self, features: &Features) -> Result<(), Failure> {
        if let Some(variant) = &self.setup.variant {
            let offered = features
                .variants
                .as_ref()
                .is_some_and(|v| v.iter().any(|o| o == variant));
            if !offered {
                return Err(Failure::Answer(EngineError::failed(format!(
                    "it does not offer the variant `{variant}` (its feature variants: {})",
                    features
                        .variants
                        .as_ref()
                        .map_or("none".into(), |v| v.join(","))
                ))));
            }
        }
        Ok(())
    }
}

/// The `feature` lines up to `feature done=1`, each feature answered `accepted` or `rejected`;
/// `done=0` starts the wait again (`timeout` from then).
fn read_features(session: &mut Session, timeout: Duration) -> Result<Features, Failure> {
    let mut features = Features::default();
    loop {
        let line = session.line()?;
        let mut done = false;
        for (name, value) in parse_features(&line) {
            let known = KNOWN_FEATURES.contains(&name.as_str());
            let answer = if known { "accepted" } else { "rejected" };
            session.send(&format!("{answer} {name}"))?;
            session.request = "`protover 2`".to_owned();
            let on = value == "1";
            match name.as_str() {
                "setboard" => features.setboard = on,
                "ping" => features.ping = on,
                "usermove" => features.usermove = on,
                "memory" => features.memory = on,
                "myname" => features.myname = Some(value),
                "variants" => {
                    features.variants =
                        Some(value.split(',').map(|v| v.trim().to_owned()).collect());
                }
                "done" if on => done = true,
                // The engine asks for more time: the wait starts again.
                "done" => session.deadline = child::deadline_after(timeout),
                _ => {}
            }
        }
        if done {
            return Ok(features);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_read_with_quoted_values() {
        let line =
            r#"feature setboard=1 myname="Sjaak II 1.4.1" variants="normal,shatranj" done=0"#;
        assert_eq!(
            parse_features(line),
            [
                ("setboard".to_owned(), "1".to_owned()),
                ("myname".to_owned(), "Sjaak II 1.4.1".to_owned()),
                ("variants".to_owned(), "normal,shatranj".to_owned()),
                ("done".to_owned(), "0".to_owned()),
            ]
        );
        // A prompt before the word, an unclosed quote, a line with no features.
        assert_eq!(
            parse_features("#[Chess] 0w>feature ping=1 myname=\"Open"),
            [
                ("ping".to_owned(), "1".to_owned()),
                ("myname".to_owned(), "Open".to_owned())
            ]
        );
        assert!(parse_features("tellics set 1 Sjeng").is_empty());
        assert!(parse_features("feature").is_empty());
        assert!(parse_features("feature =1 ==").is_empty());
    }
}
