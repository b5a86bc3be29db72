//! One hand of Basic Rummy (RULES.md section 12) for 2 to 6 players, as a state machine.
//!
//! Every action is checked completely before anything changes: an illegal action returns a
//! typed error and leaves the hand exactly as it was.

use super::melds::{hand_points, is_meld, melds_in};
use super::rules::{cards_per_player, HandRummy, RummyRules};
use crate::card::{Card, CardSet};
use crate::deck::{shuffled_deck, Seed};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Everything a player can do in a Rummy hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum RummyAction {
    /// Draw the top card of the stock; when the stock is empty, turn the discard pile first.
    DrawStock,
    /// Draw the top card of the discard pile.
    DrawDiscard,
    /// Lay these cards out as a new meld in front of oneself.
    Meld {
        /// The meld's cards.
        cards: CardSet,
    },
    /// Add a card to a meld on the table (index into [`RummyHand::melds`]).
    LayOff {
        /// The card laid off.
        card: Card,
        /// Index of the meld on the table.
        meld: usize,
    },
    /// Discard a card, ending the turn.
    Discard {
        /// The card discarded.
        card: Card,
    },
}

/// A meld on the table and who laid it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableMeld {
    /// Who laid it out.
    pub owner: Seat,
    /// Its cards, with those laid off onto it since.
    pub cards: CardSet,
}

/// Where the hand stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum RummyPhase {
    /// `seat` draws.
    Draw {
        /// Who draws.
        seat: Seat,
    },
    /// `seat` has drawn: it may meld, lay off, then discard. `taken` came from the discard
    /// pile this turn; `melded` says whether it melded this turn.
    Play {
        /// Who plays.
        seat: Seat,
        /// The card taken from the discard pile this turn.
        taken: Option<Card>,
        /// Whether it melded this turn.
        melded: bool,
    },
    /// The hand is over.
    Over,
}

/// How a Rummy hand ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum RummyEnd {
    /// `winner` went out and scores the cards left in the other hands.
    Out {
        /// Who went out.
        winner: Seat,
        /// What the hand scored.
        points: u32,
        /// Went out in one turn without having melded or laid off before.
        hand_rummy: bool,
        /// The cards left in each hand.
        left: Vec<CardSet>,
    },
    /// The stock ran out `max_stock_passes` times: nobody scores.
    StockExhausted,
}

/// Why a Rummy action was refused; the hand is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RummyError {
    #[error("there is no such player in this hand")]
    /// No such player.
    NotInHand,
    #[error("it is not your turn")]
    /// Another player is to move.
    NotYourTurn,
    #[error("the hand is over")]
    /// The hand has ended.
    HandOver,
    #[error("draw a card first")]
    /// The player must draw first.
    MustDraw,
    #[error("you have drawn already: meld, lay off or discard")]
    /// The player has drawn already.
    AlreadyDrawn,
    #[error("the discard pile is empty")]
    /// There is no discard to draw.
    EmptyDiscardPile,
    #[error("that card is not in your hand")]
    /// The card is not in the player's hand.
    CardNotInHand,
    #[error("those cards are not a set or a run")]
    /// The cards are neither a set nor a run.
    NotAMeld,
    #[error("one meld per turn")]
    /// One meld per turn (`multiple_melds` off).
    OneMeldPerTurn,
    #[error("there is no such meld on the table")]
    /// No meld on the table has that index.
    NoSuchMeld,
    #[error("that card does not extend that meld")]
    /// The card does not extend that meld.
    DoesNotExtend,
    #[error("lay off only after your first meld")]
    /// Laying off needs a meld of one's own first (`layoff_after_first_meld`).
    LayOffBeforeFirstMeld,
    #[error("the card just taken from the discard pile cannot be discarded this turn")]
    /// The card just taken from the pile may not go straight back.
    CannotRediscard,
    #[error("the last card must be discarded")]
    /// The last card must be discarded (`discard_to_go_out`).
    MustGoOutByDiscard,
    #[error("that would leave only the card you just took, which you cannot discard this turn")]
    /// The move would leave only the card just taken, which may not be discarded.
    WouldStrandTakenCard,
}

/// A Rummy hand in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RummyHand {
    /// The match's rules.
    pub rules: RummyRules,
    /// The seed this hand was dealt from.
    pub seed: Seed,
    /// The number of players.
    pub players: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The cards each player holds.
    pub hands: Vec<CardSet>,
    /// Face-down stock; the last element is the top card.
    pub stock: Vec<Card>,
    /// Face-up discard pile; the last element is the top card.
    pub discard_pile: Vec<Card>,
    /// The melds on the table, in the order laid out.
    pub melds: Vec<TableMeld>,
    /// Where the hand stands.
    pub phase: RummyPhase,
    /// How often the stock has run out.
    pub stock_passes: u32,
    /// Per seat: has melded or laid off in an earlier turn (no hand rummy then).
    pub played_before: Vec<bool>,
    /// Per seat: has laid out a meld of its own.
    pub has_melded: Vec<bool>,
    /// Cards each player took from the discard pile and still holds: public knowledge.
    pub known: Vec<CardSet>,
    /// Every accepted action, in order.
    pub actions: Vec<(Seat, RummyAction)>,
    /// How the hand ended, once it has.
    pub end: Option<RummyEnd>,
}

impl RummyHand {
    /// Deals from `seed` to `players` (2 to 6): one card at a time from the dealer's left, then
    /// the upcard; the rest is the stock. Play starts left of the dealer.
    pub fn deal(rules: &RummyRules, seed: Seed, players: u8, dealer: Seat) -> RummyHand {
        let n = usize::from(players);
        let deck = shuffled_deck(&seed);
        let dealt = n * cards_per_player(n);
        let mut hands = vec![CardSet::EMPTY; n];
        for (i, card) in deck[..dealt].iter().enumerate() {
            hands[(usize::from(dealer) + 1 + i) % n].insert(*card);
        }
        let mut stock = deck[dealt + 1..].to_vec();
        stock.reverse();
        RummyHand {
            rules: rules.clone(),
            seed,
            players,
            dealer,
            hands,
            stock,
            discard_pile: vec![deck[dealt]],
            melds: Vec::new(),
            phase: RummyPhase::Draw {
                seat: (dealer + 1) % players,
            },
            stock_passes: 0,
            played_before: vec![false; n],
            has_melded: vec![false; n],
            known: vec![CardSet::EMPTY; n],
            actions: Vec::new(),
            end: None,
        }
    }

    /// A hand with chosen cards, for rule tests: `pile` bottom first, `stock` top card first.
    /// Play starts left of the dealer.
    pub fn with_cards(
        rules: &RummyRules,
        dealer: Seat,
        hands: Vec<CardSet>,
        pile: &[Card],
        stock: &[Card],
    ) -> RummyHand {
        let players = hands.len() as u8;
        let mut hand = RummyHand::deal(rules, [0; 32], players, dealer);
        hand.hands = hands;
        hand.discard_pile = pile.to_vec();
        hand.stock = stock.iter().rev().copied().collect();
        hand
    }

    /// The seat to move, if the hand is on.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            RummyPhase::Draw { seat } | RummyPhase::Play { seat, .. } => Some(seat),
            RummyPhase::Over => None,
        }
    }

    /// Whether the hand has ended.
    pub fn is_over(&self) -> bool {
        self.phase == RummyPhase::Over
    }

    /// Every action `seat` may take now, in a stable order: draws; then every meld its hand
    /// holds, every layoff, every discard.
    pub fn legal_actions(&self, seat: Seat) -> Vec<RummyAction> {
        if self.to_act() != Some(seat) {
            return Vec::new();
        }
        let candidates: Vec<RummyAction> = match self.phase {
            RummyPhase::Draw { .. } => vec![RummyAction::DrawStock, RummyAction::DrawDiscard],
            RummyPhase::Play { .. } => {
                let hand = self.hands[usize::from(seat)];
                let aces = self.rules.aces_high_low;
                let mut v: Vec<RummyAction> = melds_in(hand, aces)
                    .into_iter()
                    .map(|cards| RummyAction::Meld { cards })
                    .collect();
                for card in hand.iter() {
                    for meld in 0..self.melds.len() {
                        v.push(RummyAction::LayOff { card, meld });
                    }
                }
                v.extend(hand.iter().map(|card| RummyAction::Discard { card }));
                v
            }
            RummyPhase::Over => Vec::new(),
        };
        candidates
            .into_iter()
            .filter(|&a| self.clone().apply(seat, a).is_ok())
            .collect()
    }

    /// Applies `action` by `seat`. On error nothing has changed.
    pub fn apply(&mut self, seat: Seat, action: RummyAction) -> Result<(), RummyError> {
        if seat >= self.players {
            return Err(RummyError::NotInHand);
        }
        if self.is_over() {
            return Err(RummyError::HandOver);
        }
        if self.to_act() != Some(seat) {
            return Err(RummyError::NotYourTurn);
        }
        let me = usize::from(seat);
        match (self.phase.clone(), action) {
            (RummyPhase::Draw { .. }, RummyAction::DrawDiscard) => {
                let card = self
                    .discard_pile
                    .pop()
                    .ok_or(RummyError::EmptyDiscardPile)?;
                self.hands[me].insert(card);
                self.known[me].insert(card);
                self.phase = RummyPhase::Play {
                    seat,
                    taken: Some(card),
                    melded: false,
                };
            }
            (RummyPhase::Draw { .. }, RummyAction::DrawStock) => {
                if self.stock.is_empty() {
                    // The stock ran out and the player did not take the discard.
                    self.stock_passes += 1;
                    if self.stock_passes >= self.rules.max_stock_passes
                        || self.discard_pile.len() < 2
                    {
                        self.end = Some(RummyEnd::StockExhausted);
                        self.phase = RummyPhase::Over;
                        self.actions.push((seat, action));
                        return Ok(());
                    }
                    self.turn_discard_pile();
                }
                let card = self.stock.pop().expect("the stock was refilled");
                self.hands[me].insert(card);
                self.phase = RummyPhase::Play {
                    seat,
                    taken: None,
                    melded: false,
                };
            }
            (RummyPhase::Draw { .. }, _) => return Err(RummyError::MustDraw),
            (RummyPhase::Play { .. }, RummyAction::DrawStock | RummyAction::DrawDiscard) => {
                return Err(RummyError::AlreadyDrawn)
            }
            (RummyPhase::Play { taken, melded, .. }, RummyAction::Meld { cards }) => {
                let hand = self.hands[me];
                if cards.0 & !hand.0 != 0 || cards.is_empty() {
                    return Err(RummyError::CardNotInHand);
                }
                if !is_meld(cards, self.rules.aces_high_low) {
                    return Err(RummyError::NotAMeld);
                }
                if melded && !self.rules.multiple_melds {
                    return Err(RummyError::OneMeldPerTurn);
                }
                let rest = CardSet(hand.0 & !cards.0);
                self.check_left(rest, taken)?;
                self.hands[me] = rest;
                self.known[me] = CardSet(self.known[me].0 & !cards.0);
                self.melds.push(TableMeld { owner: seat, cards });
                self.has_melded[me] = true;
                self.phase = RummyPhase::Play {
                    seat,
                    taken,
                    melded: true,
                };
                self.went_out_or_on(seat, action);
                return Ok(());
            }
            (RummyPhase::Play { taken, melded, .. }, RummyAction::LayOff { card, meld }) => {
                if !self.hands[me].contains(card) {
                    return Err(RummyError::CardNotInHand);
                }
                if self.rules.layoff_after_first_meld && !self.has_melded[me] {
                    return Err(RummyError::LayOffBeforeFirstMeld);
                }
                let target = self.melds.get(meld).ok_or(RummyError::NoSuchMeld)?;
                let grown = CardSet(target.cards.0 | CardSet::from_cards(&[card]).0);
                if !is_meld(grown, self.rules.aces_high_low) {
                    return Err(RummyError::DoesNotExtend);
                }
                let mut rest = self.hands[me];
                rest.remove(card);
                self.check_left(rest, taken)?;
                self.hands[me] = rest;
                self.known[me].remove(card);
                self.melds[meld].cards = grown;
                // A layoff is no meld: the one meld of the turn is still to be made.
                self.phase = RummyPhase::Play {
                    seat,
                    taken,
                    melded,
                };
                self.went_out_or_on(seat, action);
                return Ok(());
            }
            (RummyPhase::Play { taken, .. }, RummyAction::Discard { card }) => {
                if !self.hands[me].contains(card) {
                    return Err(RummyError::CardNotInHand);
                }
                if taken == Some(card) {
                    return Err(RummyError::CannotRediscard);
                }
                self.hands[me].remove(card);
                self.known[me].remove(card);
                self.discard_pile.push(card);
                if self.hands[me].is_empty() {
                    self.go_out(seat);
                } else {
                    self.end_turn(seat);
                }
            }
            (RummyPhase::Over, _) => return Err(RummyError::HandOver),
        }
        self.actions.push((seat, action));
        Ok(())
    }

    /// A meld or layoff must leave a card that can be discarded, or (unless the last card must
    /// be a discard) no card at all.
    fn check_left(&self, rest: CardSet, taken: Option<Card>) -> Result<(), RummyError> {
        if rest.is_empty() {
            return if self.rules.discard_to_go_out {
                Err(RummyError::MustGoOutByDiscard)
            } else {
                Ok(())
            };
        }
        if rest.len() == 1 && taken.is_some_and(|t| rest.contains(t)) {
            return Err(RummyError::WouldStrandTakenCard);
        }
        Ok(())
    }

    /// Logs a meld or layoff; the hand ends if it was the player's last card.
    fn went_out_or_on(&mut self, seat: Seat, action: RummyAction) {
        self.actions.push((seat, action));
        if self.hands[usize::from(seat)].is_empty() {
            self.go_out(seat);
        }
    }

    fn end_turn(&mut self, seat: Seat) {
        let me = usize::from(seat);
        let this_turn = self
            .actions
            .iter()
            .rev()
            .take_while(|(s, a)| {
                *s == seat && !matches!(a, RummyAction::DrawStock | RummyAction::DrawDiscard)
            })
            .any(|(_, a)| matches!(a, RummyAction::Meld { .. } | RummyAction::LayOff { .. }));
        self.played_before[me] |= this_turn;
        self.phase = RummyPhase::Draw {
            seat: (seat + 1) % self.players,
        };
    }

    /// `seat` has no card left: it scores what the others hold.
    fn go_out(&mut self, seat: Seat) {
        let aces = self.rules.aces_high_low;
        let mut points: u32 = self.hands.iter().map(|&h| hand_points(h, aces)).sum();
        let hand_rummy = !self.played_before[usize::from(seat)];
        if hand_rummy {
            points = match self.rules.hand_rummy {
                HandRummy::Double => points * 2,
                HandRummy::Bonus10 => points + 10,
                HandRummy::Off => points,
            };
        }
        self.end = Some(RummyEnd::Out {
            winner: seat,
            points,
            hand_rummy: hand_rummy && self.rules.hand_rummy != HandRummy::Off,
            left: self.hands.clone(),
        });
        self.phase = RummyPhase::Over;
    }

    /// The discard pile but its top card becomes the stock, face down: unshuffled (the
    /// pile's bottom card on top), or shuffled from the hand's seed.
    fn turn_discard_pile(&mut self) {
        let top = self.discard_pile.pop().expect("checked: two cards or more");
        let mut cards: Vec<Card> = std::mem::take(&mut self.discard_pile);
        if self.rules.reshuffle_stock {
            let mut h = Sha256::new();
            h.update(b"gin/rummy-restock/v1");
            h.update(self.seed);
            h.update(self.stock_passes.to_le_bytes());
            let order = shuffled_deck(&h.finalize().into());
            cards.sort_by_key(|c| order.iter().position(|o| o == c));
        }
        cards.reverse();
        self.stock = cards;
        self.discard_pile = vec![top];
    }
}
