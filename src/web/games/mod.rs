//! The card table's view of each game, a module per game of the list: what the page is sent
//! of its table, a seat's hand, a finished deal and the end, and the moves it may send back.
//! `state` puts them into the frame over the per-game enums.

use super::wire::{End, Game, LastDeal, Move, MoveKind, OwnHand, PublicTable, WirePlay};
use crate::engine::{Card, CardSet};
use crate::games::Kind;

/// A module per game, named as the list names it.
macro_rules! game_modules {
    (() $($name:ident $module:ident $match:ty,)*) => {
        $(mod $module;)*
    };
}
crate::engine::with_games!(game_modules);

/// A game on the card table, implemented by each game in its own module here.
pub(crate) trait OnTable: Kind {
    /// The game, as the page tells the games apart.
    const GAME: Game;

    fn public(view: &Self::Public) -> PublicTable<'_>;
    fn own(own: &Self::Own) -> OwnHand<'_>;
    /// The viewer's cards to show in their best melds; `None` where the game has no such
    /// arrangement (Rummy melds on the table).
    fn arranged(own: &Self::Own) -> Option<CardSet>;
    /// Every move the viewer may make now.
    fn moves(own: &Self::Own) -> Vec<Move>;
    fn last_deal(record: &Self::Record) -> LastDeal<'_>;
    fn end(end: &Self::End) -> End<'_>;
}

/// A move of one kind, on at most one card; its id is its kind and card.
pub(super) fn one(kind: MoveKind, card: Option<Card>, play: WirePlay) -> Move {
    let name = serde_json::to_value(kind).expect("a move kind serializes");
    let name = name.as_str().expect("a move kind is a name");
    let id = match card {
        Some(c) => format!("{name}:{c}"),
        None => name.to_string(),
    };
    Move {
        id,
        kind,
        card,
        cards: None,
        meld: None,
        play,
    }
}

/// `cards` sorted by suit, then rank.
pub(super) fn sorted(cards: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = cards.iter().collect();
    v.sort_by_key(|c| (c.suit(), c.rank()));
    v
}

#[cfg(test)]
mod tests {
    use super::OnTable;
    use crate::engine::GameKind;
    use crate::games::each_kind;

    /// A move's kind is its game's, written as the one word it always was.
    #[test]
    fn a_moves_kind_is_one_word_as_before() {
        use crate::web::wire::{gin, rummy, team, MoveKind};
        for (kind, word) in [
            (MoveKind::Gin(gin::Kind::TakeUpcard), "take_upcard"),
            (MoveKind::Partnership(gin::Kind::Gin), "gin"),
            (MoveKind::Team(team::Kind::Return), "return"),
            (MoveKind::Rummy(rummy::Kind::Layoff), "layoff"),
        ] {
            assert_eq!(serde_json::to_value(kind).unwrap(), word);
        }
    }

    /// A game's tag on the wire is its name in the list (the module every layer names).
    #[test]
    fn a_games_tag_is_its_name() {
        for &game in GameKind::ALL {
            let tag = each_kind!(game, K => serde_json::to_value(<K as OnTable>::GAME).unwrap());
            assert_eq!(tag, game.name());
        }
    }
}
