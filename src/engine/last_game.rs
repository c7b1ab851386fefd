//! The last game an adapter set up, kept because a case asks several questions of one position:
//! a library's position is built once per case, not once per question.

use super::{Answer, Game};
use crate::vocabulary::{PieceDefinition, Variant};

/// The game a set-up was made from: its FEN, history, pieces and variant.
type Key = (String, Vec<String>, Vec<PieceDefinition>, Variant);

/// One remembered set-up, keyed by the FEN, the history, the pieces and the variant it came
/// from (a Chess960 position and its standard twin share a FEN, not a set-up).
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
    /// The set-up of `game`: the remembered one when the FEN, moves, pieces and variant are the same,
    /// else a fresh one from `make`. A failed (or panicking) `make` leaves nothing half-stored.
    pub fn get(&mut self, game: &Game, make: impl FnOnce(&Game) -> Answer<T>) -> Answer<&T> {
        let hit = matches!(&self.last, Some(((fen, moves, pieces, variant), _))
            if fen == game.fen && moves == game.moves && pieces == game.pieces
                && *variant == game.variant);
        if !hit {
            self.last = None;
            let value = make(game)?;
            let key = (
                game.fen.to_owned(),
                game.moves.to_vec(),
                game.pieces.to_vec(),
                game.variant,
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
        let game = Game::new("a", &moves);
        let mut made = 0;
        for _ in 0..2 {
            let v = memo.get(&game, |_| {
                made += 1;
                Ok(made)
            });
            assert_eq!(v, Ok(&1));
        }
        let other = Game::new("a", &[]);
        assert_eq!(
            memo.get(&other, |_| Err::<i32, _>(EngineError::failed("no"))),
            Err(EngineError::failed("no"))
        );
        // The failure was not stored, and the first game was dropped.
        assert_eq!(memo.get(&game, |_| Ok(7)), Ok(&7));
        // The same FEN and moves as Chess960 is another game.
        assert_eq!(memo.get(&Game::chess960("a", &moves), |_| Ok(8)), Ok(&8));
        assert_eq!(memo.get(&game, |_| Ok(9)), Ok(&9));
    }
}
