//! The last game an adapter set up, kept because a case asks several questions of one position:
//! a library's position is built once per case, not once per question.

use super::{Answer, Game};

/// One remembered set-up, keyed by the FEN and the history it came from.
#[derive(Debug)]
pub struct LastGame<T> {
    last: Option<(String, Vec<String>, T)>,
}

impl<T> Default for LastGame<T> {
    fn default() -> Self {
        LastGame { last: None }
    }
}

impl<T> LastGame<T> {
    /// The set-up of `game`: the remembered one when the FEN and moves are the same, else a
    /// fresh one from `make`. A failed (or panicking) `make` leaves nothing half-stored.
    pub fn get(&mut self, game: &Game, make: impl FnOnce(&Game) -> Answer<T>) -> Answer<&T> {
        let hit =
            matches!(&self.last, Some((fen, moves, _)) if fen == game.fen && moves == game.moves);
        if !hit {
            self.last = None;
            let value = make(game)?;
            self.last = Some((game.fen.to_owned(), game.moves.to_vec(), value));
        }
        Ok(&self.last.as_ref().expect("stored above").2)
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
        };
        assert_eq!(
            memo.get(&other, |_| Err::<i32, _>(EngineError::failed("no"))),
            Err(EngineError::failed("no"))
        );
        // The failure was not stored, and the first game was dropped.
        assert_eq!(memo.get(&game, |_| Ok(7)), Ok(&7));
    }
}
