//! The rule areas, in one table: each area's name (its file in `cases/` and in `generated/`)
//! and the miner that writes its mined cases. A case file of an area not listed here is refused
//! by the generator, and an area listed here needs a miner to compile.

use chess_conformance::case::Case;

use super::mine::{self, Miner};

macro_rules! areas {
    ($($area:ident = $name:literal => $miner:path,)*) => {
        /// A rule area of the built-in catalogue.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Area {
            $(
                #[doc = concat!("`", $name, "`.")]
                $area,
            )*
        }

        impl Area {
            /// Every area, in the order of their files.
            pub const ALL: &[Area] = &[$(Area::$area),*];

            /// The area's name: its file's stem and its cases' id prefix.
            pub fn name(self) -> &'static str {
                match self {
                    $(Area::$area => $name,)*
                }
            }

            /// The mined cases of the area (ids empty: the generator names them by content).
            pub fn mine(self) -> Vec<Case> {
                let mut miner = Miner::new(self.name());
                match self {
                    $(Area::$area => $miner(&mut miner),)*
                }
            }
        }

        /// The names of the rule areas, in the order of their files.
        pub const AREAS: [&str; Area::ALL.len()] = [$($name),*];
    };
}

areas! {
    Attacks = "attacks" => mine::positions::attacks,
    Castling = "castling" => mine::castling::castling,
    Chess960 = "chess960" => mine::chess960::chess960,
    Check = "check" => mine::positions::check,
    Checkmate = "checkmate" => mine::endings::checkmate,
    DeadPosition = "dead-position" => mine::dead::dead_position,
    EnPassant = "en-passant" => mine::en_passant::en_passant,
    Fen = "fen" => mine::fen::fen,
    FiftyMove = "fifty-move" => mine::draws::fifty_move,
    FlagFall = "flag-fall" => mine::endings::flag_fall,
    HistoricalPieces = "historical-pieces" => mine::unmined,
    IllegalMove = "illegal-move" => mine::illegal::illegal_move,
    InsufficientMaterial = "insufficient-material" => mine::endings::insufficient_material,
    Perft = "perft" => mine::positions::perft,
    PieceMoves = "piece-moves" => mine::positions::piece_moves,
    Promotion = "promotion" => mine::promotion::promotion,
    Repetition = "repetition" => mine::draws::repetition,
    San = "san" => mine::positions::san,
    Stalemate = "stalemate" => mine::endings::stalemate,
    TouchMove = "touch-move" => mine::touch::touch_move,
}

impl Area {
    /// The area of this name.
    pub fn from_name(name: &str) -> Option<Area> {
        Area::ALL.iter().copied().find(|a| a.name() == name)
    }
}
