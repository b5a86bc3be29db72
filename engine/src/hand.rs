//! One hand between two players as a state machine (RULES.md sections 3 and 4).
//!
//! `players[0]` acts first (the non-dealer; in a three-player match the seat after the dealer)
//! and `players[1]` second. Every action is checked completely before anything changes, so an
//! illegal action returns an error and leaves the hand exactly as it was.

use super::card::{Card, CardSet};
use super::deck::{shuffled_deck, Seed};
use super::rules::Rules;
use super::scoring::{knock_limit, score_showdown, HandScore};
use super::seat::Seat;
use super::showdown::{solve_showdown, Showdown};
use super::solver::min_deadwood;
use serde::{Deserialize, Serialize};

/// The other of a hand's two players.
pub fn opponent_of(players: [Seat; 2], seat: Seat) -> Seat {
    if players[0] == seat {
        players[1]
    } else {
        players[0]
    }
}

/// Everything a player can do in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", content = "card", rename_all = "snake_case")]
pub enum Action {
    /// Take the upcard on the first turn (upcard offer).
    TakeUpcard,
    /// Decline the upcard, or decline the fiftieth card.
    Pass,
    /// Draw the top card of the stock.
    DrawStock,
    /// Draw the top card of the discard pile.
    DrawDiscard,
    /// Discard this card, ending the turn.
    Discard(Card),
    /// Discard face down and end the hand; gin when no deadwood is left.
    Knock(Card),
}

/// Where the hand stands; `player` is an index into [`Hand::players`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The first turn: the upcard is offered to `player` (first the non-dealer, then the dealer).
    UpcardOffer {
        /// Index of the player offered the upcard.
        player: usize,
    },
    /// `player` draws; after both passed the upcard the non-dealer must draw from the stock.
    Draw {
        /// Index of the player to draw.
        player: usize,
        /// Both passed the upcard: only the stock may be drawn from.
        stock_only: bool,
    },
    /// `player` holds eleven cards and discards (or knocks). `taken` is the card just taken
    /// from the discard pile, which may not go straight back unless `allow_rediscard`.
    Discard {
        /// Index of the player to discard.
        player: usize,
        /// The card just taken from the discard pile, if one was.
        taken: Option<Card>,
        /// The last discard was taken under `fiftieth_card`: only a knock may follow.
        must_knock: bool,
    },
    /// Option `fiftieth_card`: the stock is down to two, `player` may take the last discard
    /// to knock, or pass and let the hand die.
    FiftiethCard {
        /// Index of the player who may take the last discard.
        player: usize,
    },
    /// The hand is over.
    Over,
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum HandEnd {
    /// A player knocked (or went gin) and the hands were shown.
    Knocked {
        /// Who knocked.
        knocker: Seat,
        /// The card discarded face down with the knock.
        discard: Card,
        /// Both hands as laid out.
        showdown: Showdown,
        /// What the hand is worth.
        score: HandScore,
    },
    /// Two stock cards left and no knock: nobody scores, the same dealer deals again.
    Dead,
}

impl HandEnd {
    /// The seat that scored the hand and by how much (`None` for a dead hand).
    pub fn winner(&self, players: [Seat; 2]) -> Option<(Seat, HandScore)> {
        match self {
            HandEnd::Knocked { knocker, score, .. } => {
                let defender = if players[0] == *knocker {
                    players[1]
                } else {
                    players[0]
                };
                Some((
                    if score.knocker_won {
                        *knocker
                    } else {
                        defender
                    },
                    *score,
                ))
            }
            HandEnd::Dead => None,
        }
    }
}

/// What went wrong with an action; the hand is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("you are not playing this hand")]
    /// The seat does not play this hand.
    NotInHand,
    #[error("it is not your turn")]
    /// Another player is to move.
    NotYourTurn,
    #[error("the hand is over")]
    /// The hand has ended.
    HandOver,
    #[error("first take the upcard or pass")]
    /// The upcard must be taken or passed first.
    UpcardPending,
    #[error("both passed the upcard: draw from the stock")]
    /// Both passed the upcard: only the stock may be drawn from.
    StockOnly,
    #[error("draw a card first")]
    /// The player must draw first.
    MustDraw,
    #[error("you have drawn already: discard a card, or knock")]
    /// The player has drawn and must discard or knock.
    MustDiscard,
    #[error("you took the last card to knock: knock or go gin")]
    /// The last discard was taken to knock: only a knock may follow.
    MustKnock,
    #[error("the discard pile is empty")]
    /// There is no discard to draw.
    EmptyDiscardPile,
    #[error("that card is not in your hand")]
    /// The card is not in the player's hand.
    CardNotInHand,
    #[error("the card just taken from the discard pile cannot be discarded this turn")]
    /// The card just taken from the pile may not go straight back (`allow_rediscard` off).
    CannotRediscard,
    #[error(
        "a knock needs deadwood of at most {limit}; after that discard you would have {deadwood}"
    )]
    /// The deadwood after that discard is above the knock limit.
    AboveKnockLimit {
        /// The deadwood the knock would show.
        deadwood: u32,
        /// The highest deadwood that may knock in this hand.
        limit: u32,
    },
    #[error("take or pass the last discard")]
    /// The last discard must be taken or passed first.
    FiftiethCardPending,
    #[error("that card would not let you knock")]
    /// The last discard may be taken only to knock, and this one would not allow it.
    FiftiethCardUseless,
}

/// A hand in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hand {
    /// The match's rules.
    pub rules: Rules,
    /// The seed this hand was dealt from.
    pub seed: Seed,
    /// The two players, the one to act first first.
    pub players: [Seat; 2],
    /// The dealer.
    pub dealer: Seat,
    /// The cards each of the two players holds (indexed like `players`).
    pub hands: [CardSet; 2],
    /// Face-down stock; the last element is the top card.
    pub stock: Vec<Card>,
    /// Face-up discard pile; the last element is the top card.
    pub discard_pile: Vec<Card>,
    /// The card turned at the deal (none with the eleven-card deal).
    pub upcard: Option<Card>,
    /// The highest deadwood that may knock in this hand (Oklahoma: from the upcard).
    pub knock_limit: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// Cards each player took from the discard pile and still holds: public knowledge.
    pub known: [CardSet; 2],
    /// Every accepted action, in order.
    pub actions: Vec<(Seat, Action)>,
    /// How the hand ended, once it has.
    pub end: Option<HandEnd>,
}

impl Hand {
    /// Deals from `seed`: one card at a time, `players[0]` first, ten each (eleven to
    /// `players[0]` under `eleven_card_deal`), then the upcard; the rest is the stock.
    pub fn deal(rules: &Rules, seed: Seed, players: [Seat; 2], dealer: Seat) -> Hand {
        let deck = shuffled_deck(&seed);
        let dealt = 21;
        let mut hands = [CardSet::EMPTY; 2];
        for (i, card) in deck[..if rules.eleven_card_deal { dealt } else { 20 }]
            .iter()
            .enumerate()
        {
            hands[i % 2].insert(*card);
        }
        let upcard = (!rules.eleven_card_deal).then_some(deck[20]);
        let mut stock: Vec<Card> = deck[dealt..].to_vec();
        stock.reverse();
        let phase = if rules.eleven_card_deal {
            Phase::Discard {
                player: 0,
                taken: None,
                must_knock: false,
            }
        } else {
            Phase::UpcardOffer { player: 0 }
        };
        Hand {
            rules: rules.clone(),
            seed,
            players,
            dealer,
            hands,
            stock,
            discard_pile: upcard.into_iter().collect(),
            upcard,
            knock_limit: knock_limit(rules, upcard),
            phase,
            known: [CardSet::EMPTY; 2],
            actions: Vec::new(),
            end: None,
        }
    }

    /// A hand with chosen cards instead of a shuffle, for rule tests and puzzles. `stock` is
    /// listed top card first; the upcard starts the discard pile (none: eleven-card start).
    pub fn with_cards(
        rules: &Rules,
        players: [Seat; 2],
        dealer: Seat,
        hands: [CardSet; 2],
        upcard: Option<Card>,
        stock: &[Card],
    ) -> Hand {
        let mut hand = Hand::deal(rules, [0; 32], players, dealer);
        hand.hands = hands;
        hand.upcard = upcard;
        hand.discard_pile = upcard.into_iter().collect();
        hand.stock = stock.iter().rev().copied().collect();
        hand.knock_limit = knock_limit(rules, upcard);
        hand.phase = if upcard.is_some() {
            Phase::UpcardOffer { player: 0 }
        } else {
            Phase::Discard {
                player: 0,
                taken: None,
                must_knock: false,
            }
        };
        hand
    }

    /// The index (0 or 1) of a seat in this hand.
    pub fn index_of(&self, seat: Seat) -> Option<usize> {
        self.players.iter().position(|&p| p == seat)
    }

    /// The seat whose move it is, if the hand is still on.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::UpcardOffer { player }
            | Phase::Draw { player, .. }
            | Phase::Discard { player, .. }
            | Phase::FiftiethCard { player } => Some(self.players[player]),
            Phase::Over => None,
        }
    }

    /// Whether the hand has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// A player's cards.
    pub fn hand_of(&self, seat: Seat) -> Option<CardSet> {
        self.index_of(seat).map(|i| self.hands[i])
    }

    /// The card on top of the discard pile.
    pub fn top_discard(&self) -> Option<Card> {
        self.discard_pile.last().copied()
    }

    /// Every action `seat` may take now, in a stable order (the bot draws its buttons from it).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(me) = self.index_of(seat) else {
            return Vec::new();
        };
        if self.to_act() != Some(seat) {
            return Vec::new();
        }
        match self.phase {
            Phase::UpcardOffer { .. } => vec![Action::TakeUpcard, Action::Pass],
            Phase::Draw { stock_only, .. } => {
                let mut v = vec![Action::DrawStock];
                if !stock_only && !self.discard_pile.is_empty() {
                    v.push(Action::DrawDiscard);
                }
                v
            }
            Phase::Discard {
                taken, must_knock, ..
            } => {
                let mut v = Vec::new();
                for card in self.hands[me].iter() {
                    if taken == Some(card) && !self.rules.allow_rediscard {
                        continue;
                    }
                    if !must_knock {
                        v.push(Action::Discard(card));
                    }
                    let mut rest = self.hands[me];
                    rest.remove(card);
                    if min_deadwood(rest) <= self.knock_limit {
                        v.push(Action::Knock(card));
                    }
                }
                v
            }
            Phase::FiftiethCard { .. } => {
                let mut v = Vec::new();
                if self.fiftieth_card_lets_knock(me) {
                    v.push(Action::DrawDiscard);
                }
                v.push(Action::Pass);
                v
            }
            Phase::Over => Vec::new(),
        }
    }

    fn fiftieth_card_lets_knock(&self, me: usize) -> bool {
        let Some(top) = self.top_discard() else {
            return false;
        };
        let mut eleven = self.hands[me];
        eleven.insert(top);
        super::solver::knock_deadwood(eleven) <= self.knock_limit
    }

    /// Applies `action` by `seat`. On error nothing has changed.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), ActionError> {
        let me = self.index_of(seat).ok_or(ActionError::NotInHand)?;
        if self.phase == Phase::Over {
            return Err(ActionError::HandOver);
        }
        if self.to_act() != Some(seat) {
            return Err(ActionError::NotYourTurn);
        }
        let other = 1 - me;
        match (self.phase.clone(), action) {
            (Phase::UpcardOffer { .. }, Action::TakeUpcard) => {
                let card = self.take_discard(me);
                self.phase = Phase::Discard {
                    player: me,
                    taken: Some(card),
                    must_knock: false,
                };
            }
            (Phase::UpcardOffer { player }, Action::Pass) => {
                self.phase = if player == 0 {
                    Phase::UpcardOffer { player: 1 }
                } else {
                    Phase::Draw {
                        player: 0,
                        stock_only: true,
                    }
                };
            }
            (Phase::UpcardOffer { .. }, _) => return Err(ActionError::UpcardPending),
            (Phase::Draw { .. }, Action::DrawStock) => {
                let card = self
                    .stock
                    .pop()
                    .expect("a hand ends before the stock runs out");
                self.hands[me].insert(card);
                self.phase = Phase::Discard {
                    player: me,
                    taken: None,
                    must_knock: false,
                };
            }
            (
                Phase::Draw {
                    stock_only: true, ..
                },
                Action::DrawDiscard,
            ) => return Err(ActionError::StockOnly),
            (Phase::Draw { .. }, Action::DrawDiscard) => {
                if self.discard_pile.is_empty() {
                    return Err(ActionError::EmptyDiscardPile);
                }
                let card = self.take_discard(me);
                self.phase = Phase::Discard {
                    player: me,
                    taken: Some(card),
                    must_knock: false,
                };
            }
            (Phase::Draw { .. }, _) => return Err(ActionError::MustDraw),
            (
                Phase::Discard {
                    taken, must_knock, ..
                },
                Action::Discard(card) | Action::Knock(card),
            ) => {
                if !self.hands[me].contains(card) {
                    return Err(ActionError::CardNotInHand);
                }
                if taken == Some(card) && !self.rules.allow_rediscard {
                    return Err(ActionError::CannotRediscard);
                }
                let mut rest = self.hands[me];
                rest.remove(card);
                if let Action::Knock(_) = action {
                    let showdown = solve_showdown(rest, self.hands[other], self.knock_limit)
                        .map_err(|_| ActionError::AboveKnockLimit {
                            deadwood: min_deadwood(rest),
                            limit: self.knock_limit,
                        })?;
                    let score = score_showdown(&showdown, &self.rules, self.upcard);
                    self.hands[me] = rest;
                    self.known[me].remove(card);
                    self.end = Some(HandEnd::Knocked {
                        knocker: seat,
                        discard: card,
                        showdown,
                        score,
                    });
                    self.phase = Phase::Over;
                } else {
                    if must_knock {
                        return Err(ActionError::MustKnock);
                    }
                    self.hands[me] = rest;
                    self.known[me].remove(card);
                    self.discard_pile.push(card);
                    self.phase = if self.stock.len() > 2 {
                        Phase::Draw {
                            player: other,
                            stock_only: false,
                        }
                    } else if self.rules.fiftieth_card {
                        Phase::FiftiethCard { player: other }
                    } else {
                        self.end = Some(HandEnd::Dead);
                        Phase::Over
                    };
                }
            }
            (Phase::Discard { .. }, _) => return Err(ActionError::MustDiscard),
            (Phase::FiftiethCard { .. }, Action::Pass) => {
                self.end = Some(HandEnd::Dead);
                self.phase = Phase::Over;
            }
            (Phase::FiftiethCard { .. }, Action::DrawDiscard) => {
                if !self.fiftieth_card_lets_knock(me) {
                    return Err(ActionError::FiftiethCardUseless);
                }
                self.take_discard(me);
                self.phase = Phase::Discard {
                    player: me,
                    taken: None,
                    must_knock: true,
                };
            }
            (Phase::FiftiethCard { .. }, _) => return Err(ActionError::FiftiethCardPending),
            (Phase::Over, _) => return Err(ActionError::HandOver),
        }
        self.actions.push((seat, action));
        Ok(())
    }

    fn take_discard(&mut self, me: usize) -> Card {
        let card = self.discard_pile.pop().expect("checked non-empty");
        self.hands[me].insert(card);
        self.known[me].insert(card);
        card
    }

    /// The final result, once the hand is over.
    pub fn result(&self) -> Option<&HandEnd> {
        self.end.as_ref()
    }

    /// Total cards in play: both hands, stock, discard pile and a knock's face-down discard.
    pub fn card_count(&self) -> usize {
        let knocked = matches!(self.end, Some(HandEnd::Knocked { .. })) as usize;
        self.hands[0].len()
            + self.hands[1].len()
            + self.stock.len()
            + self.discard_pile.len()
            + knocked
    }
}
