//! The shapes of the answers (and arguments) that are neither lists of moves or squares nor
//! one of the other vocabulary words: what became of a move, a verdict on a FEN, whose attacks
//! to list. Each serializes to its protocol form (docs/PROTOCOL.md).

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize};

use super::Color;

/// What became of a move the engine was asked to play.
///
/// Over the protocol: `{"played": FEN}` or `{"refused": "why"}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MoveResult {
    /// The move was made; this is the FEN of the resulting position.
    Played(String),
    /// The move was refused as illegal, for this reason.
    Refused(String),
}

/// An engine's verdict on a FEN.
///
/// Over the protocol: `{"valid": true}` or `{"valid": false, "reason": "why"}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FenCheck {
    /// The engine accepts the FEN as a valid position.
    Accepted,
    /// The engine rejects it, for this reason.
    Rejected(String),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FenWire {
    valid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

impl Serialize for FenCheck {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let wire = match self {
            FenCheck::Accepted => FenWire {
                valid: true,
                reason: None,
            },
            FenCheck::Rejected(why) => FenWire {
                valid: false,
                reason: Some(why.clone()),
            },
        };
        wire.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for FenCheck {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<FenCheck, D::Error> {
        let wire = FenWire::deserialize(deserializer)?;
        Ok(if wire.valid {
            FenCheck::Accepted
        } else {
            FenCheck::Rejected(wire.reason.unwrap_or_else(|| "no reason given".to_owned()))
        })
    }
}

/// Whose attacks to list.
///
/// Over the protocol it is one field of the request: `"by": COLOR` or `"from": SQUARE`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AttackSource {
    /// Every piece of a side.
    Side(Color),
    /// The piece on a square (a square name such as `d4`).
    Square(String),
}

impl fmt::Display for AttackSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttackSource::Side(color) => write!(f, "by {color}"),
            AttackSource::Square(square) => write!(f, "from {square}"),
        }
    }
}

impl Serialize for AttackSource {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        match self {
            AttackSource::Side(color) => map.serialize_entry("by", color)?,
            AttackSource::Square(square) => map.serialize_entry("from", square)?,
        }
        map.end()
    }
}

/// Reads `by` or `from` out of a map and ignores its other keys, so that the source can be
/// flattened into a request.
impl<'de> Deserialize<'de> for AttackSource {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<AttackSource, D::Error> {
        struct Visit;

        impl<'de> Visitor<'de> for Visit {
            type Value = AttackSource;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`by` (a color) or `from` (a square)")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<AttackSource, A::Error> {
                let mut found = None;
                while let Some(key) = map.next_key::<String>()? {
                    let source = match key.as_str() {
                        "by" => AttackSource::Side(map.next_value()?),
                        "from" => AttackSource::Square(map.next_value()?),
                        _ => {
                            map.next_value::<de::IgnoredAny>()?;
                            continue;
                        }
                    };
                    if found.replace(source).is_some() {
                        return Err(de::Error::custom("`by` or `from`, not both"));
                    }
                }
                found.ok_or_else(|| de::Error::custom("`by` (a color) or `from` (a square)"))
            }
        }

        deserializer.deserialize_map(Visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_on_the_wire() {
        let played = MoveResult::Played("fen".into());
        assert_eq!(
            serde_json::to_string(&played).unwrap(),
            r#"{"played":"fen"}"#
        );
        let refused: MoveResult = serde_json::from_str(r#"{"refused":"no"}"#).unwrap();
        assert_eq!(refused, MoveResult::Refused("no".into()));
        let fen: FenCheck = serde_json::from_str(r#"{"valid":false}"#).unwrap();
        assert_eq!(fen, FenCheck::Rejected("no reason given".into()));
        assert_eq!(
            serde_json::to_string(&FenCheck::Accepted).unwrap(),
            r#"{"valid":true}"#
        );
        assert!(serde_json::from_str::<FenCheck>(r#"{"valid":true,"x":1}"#).is_err());
    }

    #[test]
    fn attack_sources_read_one_of_two_fields() {
        let by: AttackSource = serde_json::from_str(r#"{"fen":"x","by":"white"}"#).unwrap();
        assert_eq!(by, AttackSource::Side(Color::White));
        let from: AttackSource = serde_json::from_str(r#"{"from":"d4"}"#).unwrap();
        assert_eq!(from.to_string(), "from d4");
        assert_eq!(serde_json::to_string(&from).unwrap(), r#"{"from":"d4"}"#);
        assert!(serde_json::from_str::<AttackSource>(r#"{"by":"white","from":"d4"}"#).is_err());
        assert!(serde_json::from_str::<AttackSource>(r#"{"fen":"x"}"#).is_err());
    }
}
