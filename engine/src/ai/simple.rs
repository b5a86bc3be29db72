//! The `simple` player: the EAAI 2021 Gin Rummy competition's `SimpleGinRummyPlayer`, the
//! field's common baseline, played faithfully so results against it compare with published ones.
//!
//! - It takes the upcard or the top discard only if that card would be part of a meld in its
//!   hand (any meld, not only one of the best arrangement); otherwise it draws from the stock.
//! - It discards at random among the cards that leave the least deadwood, never the card it
//!   just took from the pile (even where the rules would allow it), and, as the original does,
//!   never repeats a (card taken, card discarded) pair within a hand, which is what stops two
//!   such players from trading the same cards forever.
//! - It knocks at the first legal chance, and takes the fiftieth card whenever that lets it knock.

use super::eval::{completes_meld, least_deadwood_discards, pick};
use super::knowledge::Knowledge;
use super::Random;
use crate::card::{Card, CardSet};
use crate::hand::{Action, Phase};
use crate::view::PlayerView;

pub(super) fn decide(know: &Knowledge, view: &PlayerView, rng: &mut impl Random) -> Action {
    let top_melds = know.top.is_some_and(|c| completes_meld(know.hand, c));
    play(know, view, top_melds, |ties| pick(ties, rng))
}

/// The shape both yardsticks share (this one and `baseline`): take the top card when
/// `wanted`, else draw from the stock; discard `choose`'s pick among the cards that leave the
/// least deadwood (never the card just taken, nor a repeated pair); knock at the first legal
/// chance; take the fiftieth card whenever it lets this seat knock.
pub(super) fn play(
    know: &Knowledge,
    view: &PlayerView,
    wanted: bool,
    choose: impl FnOnce(CardSet) -> Option<Card>,
) -> Action {
    let legal = &view.legal_actions;
    let fallback = legal.first().copied().unwrap_or(Action::Pass);
    match view.table.phase {
        Phase::UpcardOffer { .. } if wanted => Action::TakeUpcard,
        Phase::UpcardOffer { .. } => Action::Pass,
        Phase::Draw { .. } if wanted && legal.contains(&Action::DrawDiscard) => Action::DrawDiscard,
        Phase::Draw { .. } => Action::DrawStock,
        Phase::Discard { taken, .. } => {
            let mut barred = know.repeat_barred;
            if let Some(card) = taken {
                barred.insert(card);
            }
            let Some((ties, deadwood)) = least_deadwood_discards(know.hand, barred) else {
                return fallback;
            };
            let Some(card) = choose(ties) else {
                return fallback;
            };
            // Under `must_knock` the least deadwood is always within the limit: the fiftieth
            // card is only offered when it lets the player knock.
            if deadwood <= know.knock_limit {
                Action::Knock(card)
            } else {
                Action::Discard(card)
            }
        }
        // The engine offers the card only when it lets this seat knock.
        Phase::FiftiethCard { .. } if legal.contains(&Action::DrawDiscard) => Action::DrawDiscard,
        Phase::FiftiethCard { .. } => Action::Pass,
        Phase::Over => fallback,
    }
}
