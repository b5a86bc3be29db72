//! What the channel, and each player, may see of a Team Gin match (RULES.md section 11b). The
//! public table names moves without their hidden cards: a stock draw, a swap and its answer
//! are seen to happen, never which card moved.

use super::card::{Card, CardSet};
use super::hand::Action;
use super::rules::Rules;
use super::seat::Seat;
use super::settlement::MatchStatus;
use super::team::{TeamAction, TeamHandEnd};
use serde::{Deserialize, Serialize};

/// A move as everyone saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamMove {
    TookUpcard(Card),
    Passed,
    DrewStock,
    DrewDiscard(Card),
    /// Gave a card face down to the partner.
    Swapped,
    /// Gave a card face down back to the partner.
    Returned,
    Discarded(Card),
    Knocked(Card),
}

/// Where the hand stands, without its hidden cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamStage {
    UpcardOffer,
    Draw {
        stock_only: bool,
    },
    /// The mover holds eight cards; `swapped`: the turn's swap is done.
    Turn {
        swapped: bool,
    },
    /// The mover's partner chooses the card to give back.
    SwapBack,
    Over,
}

/// The public table of a Team Gin match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTable {
    pub rules: Rules,
    pub deal_no: u32,
    pub dealer: Seat,
    /// Whose turn it is (also while the partner answers a swap).
    pub turn_of: Option<Seat>,
    /// Who must act now (the partner, while a swap waits for its answer).
    pub to_act: Option<Seat>,
    pub stage: TeamStage,
    /// Bottom first.
    pub discard_pile: Vec<Card>,
    pub stock_count: usize,
    pub hand_sizes: [usize; 4],
    /// Cards each seat took from the discard pile and still holds, as everyone saw.
    pub known: [CardSet; 4],
    pub knock_limit: u32,
    /// Swaps so far this hand.
    pub swaps: usize,
    pub last: Option<(Seat, TeamMove)>,
    /// Per team (0: seats 0 and 2).
    pub totals: Vec<u32>,
    pub lines: Vec<u32>,
    pub commitment: String,
    /// The showdown, public once the hand is over.
    pub end: Option<TeamHandEnd>,
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
    use crate::engine::team::partner_of;
    use crate::engine::team_match::TeamMatch;

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
