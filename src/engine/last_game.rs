//! The last game an adapter set up, kept because a case asks several questions of one position:
//! a library's position is built once per case, not once per question.

use super::{Answer, Game};
use crate::vocabulary::PieceDefinition;

/// The game a set-up was made from: its FEN, history and pieces.
type Key = (String, Vec<String>, Vec<PieceDefinition>);

/// One remembered set-up, keyed by the FEN, the history and the pieces it came from.
#[derive(Debug)]
pub struct LastGame<T> {
    last: Option<(Key, T)>,
}

impl<T> Default for LastGame<T> {
    fn default() -> Self {
        LastGame { last: None }
    }
}

impl<T> LastGame<T> {
    /// The set-up of `game`: the remembered one when the FEN, moves and pieces are the same,
    /// else a fresh one from `make`. A failed (or panicking) `make` leaves nothing half-stored.
    pub fn get(&mut self, game: &Game, make: impl FnOnce(&Game) -> Answer<T>) -> Answer<&T> {
        let hit = matches!(&self.last, Some(((fen, moves, pieces), _))
            if fen == game.fen && moves == game.moves && pieces == game.pieces);
        if !hit {
            self.last = None;
            let value = make(game)?;
            let key = (
                game.fen.to_owned(),
                game.moves.to_vec(),
                game.pieces.to_vec(),
            );
            self.last = Some((key, value));
        }
        Ok(&self.last.as_ref().expect("stored above").1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineError;

    #[test]
    fn remembers_one_game_and_forgets_failures() {
        let mut memo = LastGame::default();
        let moves = vec!["e2e4".to_owned()];
        let game = Game {
            fen: "a",
            moves: &moves,
            pieces: &[],
        };
        let mut made = 0;
        for _ in 0..2 {
            let v = memo.get(&game, |_| {
                made += 1;
                Ok(made)
            });
            assert_eq!(v, Ok(&1));
        }
        let other = Game {
            fen: "a",
            moves: &[],
            pieces: &[],
        };
        assert_eq!(
            memo.get(&other, |_| Err::<i32, _>(EngineError::failed("no"))),
            Err(EngineError::failed("no"))
        );
        // The failure was not stored, and the first game was dropped.
        assert_eq!(memo.get(&game, |_| Ok(7)), Ok(&7));
    }
}
