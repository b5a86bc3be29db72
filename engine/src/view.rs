//! What one player, or a spectator, may see. Views are built from public facts plus, for a
//! player, that player's own cards: the opponent's hidden cards are never copied into one, so
//! anything handed a view (the renderer, the AI) cannot leak or use them.

use super::card::Card;
use super::deck::commitment;
use super::hand::{Action, Hand, HandEnd, Phase};
use super::hollywood::HollywoodSheet;
use super::rotation::sitting_out;
use super::rules::Rules;
use super::seat::Seat;
use super::settlement::MatchStatus;
use serde::{Deserialize, Serialize};

/// The public table: what the channel's table message shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableView {
    /// The rules of the match.
    pub rules: Rules,
    /// The match's number of seats (4 in Partnership Gin).
    pub seats: u8,
    /// The number of the deal being played, from 0.
    pub deal_no: u32,
    /// The hand's two players, the one to act first first.
    pub players: [Seat; 2],
    /// The dealer.
    pub dealer: Seat,
    /// The seat that sits this hand out (three players).
    pub sitting_out: Option<Seat>,
    /// Who is to move.
    pub to_act: Option<Seat>,
    /// Where the hand stands.
    pub phase: Phase,
    /// Bottom first; the last card is the top.
    pub discard_pile: Vec<Card>,
    /// Cards left in the stock.
    pub stock_count: usize,
    /// Cards held by each of the two players.
    pub card_counts: [usize; 2],
    /// Cards each of the two players took from the discard pile and still holds.
    pub known: [Vec<Card>; 2],
    /// The card turned at the deal (none with the eleven-card deal).
    pub upcard: Option<Card>,
    /// The highest deadwood that may knock in this hand.
    pub knock_limit: u32,
    /// The hand's actions so far; a stock draw does not say which card was drawn.
    pub actions: Vec<(Seat, Action)>,
    /// Running totals, per seat.
    pub totals: Vec<u32>,
    /// Lines (hands won), per seat.
    pub lines: Vec<u32>,
    /// SHA-256 commitment of this hand's seed, published before the deal.
    pub commitment: String,
    /// The showdown, once the hand is over (public from then on).
    pub end: Option<HandEnd>,
    /// Whether the match is on, settled or cancelled.
    pub status: MatchStatus,
    /// A Hollywood match's three games (public scores).
    #[serde(default)]
    pub hollywood: Option<HollywoodSheet>,
    /// How the match's earlier hands ended at their showdowns: what a player at the table
    /// remembers of how the opponent plays. For the computer players; never serialized.
    #[serde(skip)]
    pub shown: Vec<ShownHand>,
}

/// A finished hand's showdown as both players saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShownHand {
    /// Who knocked (or went gin).
    pub knocker: Seat,
    /// The other player of the hand.
    pub defender: Seat,
    /// The knocker's deadwood (0: gin).
    pub knocker_deadwood: u32,
    /// The defender's deadwood before laying off: what it held when it chose not to knock.
    pub defender_held: u32,
}

impl ShownHand {
    /// The showdown of a hand played by `players` that ended so (`None` for a dead hand).
    pub fn of(players: [Seat; 2], end: &HandEnd) -> Option<ShownHand> {
        let HandEnd::Knocked {
            knocker, showdown, ..
        } = end
        else {
            return None;
        };
        let laid_off: u32 = showdown
            .layoffs
            .iter()
            .map(|l| u32::from(l.card.value()))
            .sum();
        Some(ShownHand {
            knocker: *knocker,
            defender: if players[0] == *knocker {
                players[1]
            } else {
                players[0]
            },
            knocker_deadwood: showdown.knocker_deadwood,
            defender_held: showdown.defender_deadwood + laid_off,
        })
    }
}

/// A player's view: the table plus their own cards and what they may do now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    /// Whose view this is.
    pub seat: Seat,
    /// The public table.
    pub table: TableView,
    /// Own cards, sorted; `None` when this seat sits the hand out.
    pub hand: Option<Vec<Card>>,
    /// What it may do now.
    pub legal_actions: Vec<Action>,
}

impl PlayerView {
    /// The opponent in this hand, if the seat is playing it.
    pub fn opponent(&self) -> Option<Seat> {
        let t = &self.table;
        t.players
            .iter()
            .position(|&p| p == self.seat)
            .map(|i| t.players[1 - i])
    }

    /// Index (0 or 1) of this seat among the hand's two players.
    pub fn index(&self) -> Option<usize> {
        self.table.players.iter().position(|&p| p == self.seat)
    }
}

impl TableView {
    /// The public view of the two-player hand `h` within a match of `seats` seats (sides, for
    /// the running totals and lines).
    pub(crate) fn of_hand(
        h: &Hand,
        rules: &Rules,
        seats: u8,
        deal_no: u32,
        (totals, lines): (&[u32], &[u32]),
        status: &MatchStatus,
    ) -> TableView {
        let over = *status != MatchStatus::InProgress;
        TableView {
            rules: rules.clone(),
            seats,
            deal_no,
            players: h.players,
            dealer: h.dealer,
            sitting_out: sitting_out(seats, h.dealer),
            to_act: if over { None } else { h.to_act() },
            phase: h.phase.clone(),
            discard_pile: h.discard_pile.clone(),
            stock_count: h.stock.len(),
            card_counts: [h.hands[0].len(), h.hands[1].len()],
            known: [h.known[0].iter().collect(), h.known[1].iter().collect()],
            upcard: h.upcard,
            knock_limit: h.knock_limit,
            actions: h.actions.clone(),
            totals: totals.to_vec(),
            lines: lines.to_vec(),
            commitment: commitment(&h.seed),
            end: h.end.clone(),
            status: status.clone(),
            hollywood: None,
            shown: Vec::new(),
        }
    }
}

/// `seat`'s own cards in `h`, sorted; `None` if it does not play that hand.
pub(crate) fn own_cards(h: &Hand, seat: Seat) -> Option<Vec<Card>> {
    h.hand_of(seat).map(|cards| {
        let mut v: Vec<Card> = cards.iter().collect();
        v.sort_by_key(|c| (c.rank(), c.suit()));
        v
    })
}
