//! What the channel, and each player, may see of a Team Gin match (RULES.md section 11b): a
//! player's view of the hand ([`TeamView`]) and the public table ([`TeamTable`]). The public
//! table names moves without their hidden cards: a stock draw, a swap and its answer are seen
//! to happen, never which card moved.

use super::hand::{TeamAction, TeamHandEnd};
use crate::card::{Card, CardSet};
use crate::hand::Action;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::settlement::MatchStatus;
use serde::{Deserialize, Serialize};

/// What one player may see of a Team Gin hand: their own cards and their partner's, never an
/// opponent's (but for the cards everyone saw them take from the discard pile).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamView {
    /// Whose view this is.
    pub seat: Seat,
    /// Its cards.
    pub hand: CardSet,
    /// Its partner's cards.
    pub partner_hand: CardSet,
    /// Cards held, per seat.
    pub hand_sizes: [usize; 4],
    /// The discard pile, bottom first.
    pub discard_pile: Vec<Card>,
    /// Cards left in the stock.
    pub stock_len: usize,
    /// The card turned at the deal.
    pub upcard: Card,
    /// The highest deadwood that may knock in this hand.
    pub knock_limit: u32,
    /// The dealer.
    pub dealer: Seat,
    /// Who must act now (the partner, while a swap waits for its answer).
    pub to_act: Option<Seat>,
    /// Whose turn it is.
    pub turn_of: Option<Seat>,
    /// Swaps so far this hand: all the other team learns of them.
    pub swaps: usize,
    /// The card given in this team's own swap while the partner chooses what to return.
    pub swap_given: Option<Card>,
    /// Cards each seat took from the discard pile that its team still holds, as everyone saw
    /// (after a swap either partner may hold them).
    pub known: [CardSet; 4],
    /// The card the player to move took from the discard pile this turn (public).
    pub taken: Option<Card>,
    /// What this seat may do now (empty when it is not its move).
    pub legal_actions: Vec<TeamAction>,
    /// The showdown, public once the hand is over.
    pub end: Option<TeamHandEnd>,
}

/// A move as everyone saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamMove {
    /// Took the upcard (this card).
    TookUpcard(Card),
    /// Passed the upcard.
    Passed,
    /// Drew from the stock, the card unseen.
    DrewStock,
    /// Drew this card from the discard pile.
    DrewDiscard(Card),
    /// Gave a card face down to the partner.
    Swapped,
    /// Gave a card face down back to the partner.
    Returned,
    /// Discarded this card.
    Discarded(Card),
    /// Knocked, discarding this card.
    Knocked(Card),
}

/// Where the hand stands, without its hidden cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamStage {
    /// The upcard is offered.
    UpcardOffer,
    /// The mover draws.
    Draw {
        /// All four passed the upcard: only the stock may be drawn from.
        stock_only: bool,
    },
    /// The mover holds eight cards; `swapped`: the turn's swap is done.
    Turn {
        /// The turn's swap is done.
        swapped: bool,
    },
    /// The mover's partner chooses the card to give back.
    SwapBack,
    /// The hand is over.
    Over,
}

/// The public table of a Team Gin match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamTable {
    /// The rules of the match.
    pub rules: Rules,
    /// The number of the deal being played, from 0.
    pub deal_no: u32,
    /// The dealer.
    pub dealer: Seat,
    /// Whose turn it is (also while the partner answers a swap).
    pub turn_of: Option<Seat>,
    /// Who must act now (the partner, while a swap waits for its answer).
    pub to_act: Option<Seat>,
    /// Where the hand stands.
    pub stage: TeamStage,
    /// Bottom first.
    pub discard_pile: Vec<Card>,
    /// Cards left in the stock.
    pub stock_count: usize,
    /// Cards held, per seat.
    pub hand_sizes: [usize; 4],
    /// Cards each seat took from the discard pile and still holds, as everyone saw.
    pub known: [CardSet; 4],
    /// The highest deadwood that may knock in this hand.
    pub knock_limit: u32,
    /// Swaps so far this hand.
    pub swaps: usize,
    /// The last move as everyone saw it, and who made it.
    pub last: Option<(Seat, TeamMove)>,
    /// Per team (0: seats 0 and 2).
    pub totals: Vec<u32>,
    /// Lines (hands won), per team.
    pub lines: Vec<u32>,
    /// SHA-256 of this hand's seed, published before the deal.
    pub commitment: String,
    /// The showdown, public once the hand is over.
    pub end: Option<TeamHandEnd>,
    /// Whether the match is on, settled or cancelled.
    pub status: MatchStatus,
}

/// A move without the card nobody else may see.
pub fn public_move(action: TeamAction, taken: Option<Card>) -> TeamMove {
    match action {
        TeamAction::Swap(_) => TeamMove::Swapped,
        TeamAction::Return(_) => TeamMove::Returned,
        TeamAction::Play(a) => match a {
            Action::TakeUpcard => TeamMove::TookUpcard(taken.expect("a taken upcard is known")),
            Action::Pass => TeamMove::Passed,
            Action::DrawStock => TeamMove::DrewStock,
            Action::DrawDiscard => TeamMove::DrewDiscard(taken.expect("a taken card is known")),
            Action::Discard(c) => TeamMove::Discarded(c),
            Action::Knock(c) => TeamMove::Knocked(c),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::{partner_of, TeamMatch};

    #[test]
    fn the_table_shows_that_a_swap_happened_not_its_card() {
        let mut m = TeamMatch::new(Rules::default(), [12; 32]);
        let seat = m.to_act().unwrap();
        m.apply(seat, TeamAction::Play(Action::TakeUpcard)).unwrap();
        let up = m.hand.upcard;
        assert_eq!(m.table_view().last, Some((seat, TeamMove::TookUpcard(up))));
        let give = m.hand.hands[usize::from(seat)]
            .iter()
            .find(|&c| c != up)
            .unwrap();
        m.apply(seat, TeamAction::Swap(give)).unwrap();
        let t = m.table_view();
        assert_eq!(t.last, Some((seat, TeamMove::Swapped)));
        assert_eq!(
            (t.stage, t.to_act, t.turn_of),
            (TeamStage::SwapBack, Some(partner_of(seat)), Some(seat))
        );
        assert_eq!(t.swaps, 1);
        let back = m.hand.hands[usize::from(partner_of(seat))]
            .iter()
            .next()
            .unwrap();
        m.apply(partner_of(seat), TeamAction::Return(back)).unwrap();
        assert_eq!(
            m.table_view().last,
            Some((partner_of(seat), TeamMove::Returned))
        );
        assert_eq!(m.table_view().stage, TeamStage::Turn { swapped: true });
    }
}
