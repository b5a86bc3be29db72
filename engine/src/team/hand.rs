//! One Team Gin hand (RULES.md section 11b): four players in two teams.
//!
//! Seats 0 and 2 are one team, 1 and 3 the other; play runs clockwise (seat + 1). Every action
//! is checked completely before anything changes, as in the two-player [`crate::Hand`].

use super::showdown::{solve_team_showdown, TeamScore, TeamShowdown};
use super::view::TeamView;
use crate::card::{Card, CardSet};
use crate::deck::{shuffled_deck, Seed};
use crate::hand::{Action, ActionError};
use crate::rules::Rules;
use crate::scoring::knock_limit;
use crate::seat::Seat;
use crate::solver::min_deadwood;
use serde::{Deserialize, Serialize};

/// Cards dealt to each player.
pub const TEAM_HAND_SIZE: usize = 7;

/// The partner sitting opposite.
pub fn partner_of(seat: Seat) -> Seat {
    (seat + 2) % 4
}

/// The team (0 or 1) a seat plays for.
pub fn team_of(seat: Seat) -> usize {
    usize::from(seat % 2)
}

/// The next seat clockwise.
pub fn left_of(seat: Seat) -> Seat {
    (seat + 1) % 4
}

/// What a player can do in a Team Gin hand: the moves of the two-player game, and the swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "team_action", content = "action", rename_all = "snake_case")]
pub enum TeamAction {
    /// A move of the two-player game.
    Play(Action),
    /// After the draw, once a turn: give this card face down to the partner.
    Swap(Card),
    /// The partner's answer to a swap: give back this card (possibly the one received).
    Return(Card),
}

/// Where the hand stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum TeamPhase {
    /// The upcard is offered to `seat`; `passes` players have declined it so far.
    UpcardOffer {
        /// Who is offered the upcard.
        seat: Seat,
        /// How many passed it so far.
        passes: u8,
    },
    /// `seat` draws; after four passes the first player must draw from the stock.
    Draw {
        /// Who draws.
        seat: Seat,
        /// All four passed the upcard: only the stock may be drawn from.
        stock_only: bool,
    },
    /// `seat` holds eight cards: it may swap (once), then knock or discard. `taken` is the card
    /// taken from the discard pile this turn.
    Turn {
        /// Whose turn it is.
        seat: Seat,
        /// The card taken from the discard pile this turn.
        taken: Option<Card>,
        /// Whether the turn's swap is done.
        swapped: bool,
    },
    /// `seat` gave `given` to its partner, who now chooses the card to give back.
    SwapBack {
        /// Who swapped.
        seat: Seat,
        /// The card given to the partner.
        given: Card,
        /// The card taken from the discard pile this turn.
        taken: Option<Card>,
    },
    /// The hand is over.
    Over,
}

/// How a Team Gin hand ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum TeamHandEnd {
    /// A player knocked (or went gin) and the four hands were shown.
    Knocked {
        /// Who knocked.
        knocker: Seat,
        /// The card discarded with the knock.
        discard: Card,
        /// The four hands as laid out.
        showdown: Box<TeamShowdown>,
        /// What the hand is worth.
        score: TeamScore,
    },
    /// Two stock cards left and no knock: nobody scores.
    Dead,
}

impl TeamHandEnd {
    /// The team that scored and its points (`None` for a dead hand).
    pub fn winner(&self) -> Option<(usize, u32)> {
        match self {
            TeamHandEnd::Knocked { knocker, score, .. } => {
                let team = team_of(*knocker);
                Some((
                    if score.knocking_team_won {
                        team
                    } else {
                        1 - team
                    },
                    score.points,
                ))
            }
            TeamHandEnd::Dead => None,
        }
    }
}

/// Why a Team Gin action was refused; the hand is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    #[error(transparent)]
    /// The two-player game's rules refuse the move.
    Play(#[from] ActionError),
    #[error("you have swapped once this turn already")]
    /// One swap per turn.
    AlreadySwapped,
    #[error("your partner is choosing the card to give back")]
    /// The partner is choosing the card to give back.
    SwapPending,
    #[error("a swap comes after the draw and before the discard")]
    /// A swap comes after the draw and before the discard.
    NoSwapNow,
    #[error("nothing to give back: no swap is waiting for you")]
    /// No swap waits for an answer.
    NoSwapToAnswer,
}

/// A Team Gin hand in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamHand {
    /// The match's rules.
    pub rules: Rules,
    /// The seed this hand was dealt from.
    pub seed: Seed,
    /// The dealer.
    pub dealer: Seat,
    /// The cards each seat holds.
    pub hands: [CardSet; 4],
    /// Face-down stock; the last element is the top card.
    pub stock: Vec<Card>,
    /// Face-up discard pile; the last element is the top card.
    pub discard_pile: Vec<Card>,
    /// The card turned at the deal.
    pub upcard: Card,
    /// The highest deadwood that may knock in this hand.
    pub knock_limit: u32,
    /// Where the hand stands.
    pub phase: TeamPhase,
    /// Cards each player took from the discard pile that its team still holds: public
    /// knowledge. A swap leaves them listed under the taker, so it tells nobody which card
    /// moved; a discard takes a card off every list.
    pub known: [CardSet; 4],
    /// Every accepted action, in order.
    pub actions: Vec<(Seat, TeamAction)>,
    /// How the hand ended, once it has.
    pub end: Option<TeamHandEnd>,
}

impl TeamHand {
    /// Deals from `seed`: seven cards each, one at a time clockwise from the dealer's left,
    /// then the upcard; the other 23 cards are the stock.
    pub fn deal(rules: &Rules, seed: Seed, dealer: Seat) -> TeamHand {
        let deck = shuffled_deck(&seed);
        let dealt = 4 * TEAM_HAND_SIZE;
        let mut hands = [CardSet::EMPTY; 4];
        for (i, card) in deck[..dealt].iter().enumerate() {
            hands[usize::from((dealer + 1 + (i % 4) as Seat) % 4)].insert(*card);
        }
        let upcard = deck[dealt];
        let mut stock = deck[dealt + 1..].to_vec();
        stock.reverse();
        TeamHand {
            rules: rules.clone(),
            seed,
            dealer,
            hands,
            stock,
            discard_pile: vec![upcard],
            upcard,
            knock_limit: knock_limit(rules, Some(upcard)),
            phase: TeamPhase::UpcardOffer {
                seat: left_of(dealer),
                passes: 0,
            },
            known: [CardSet::EMPTY; 4],
            actions: Vec::new(),
            end: None,
        }
    }

    /// A hand with chosen cards, for rule tests. `stock` is listed top card first.
    pub fn with_cards(
        rules: &Rules,
        dealer: Seat,
        hands: [CardSet; 4],
        upcard: Card,
        stock: &[Card],
    ) -> TeamHand {
        let mut hand = TeamHand::deal(rules, [0; 32], dealer);
        hand.hands = hands;
        hand.upcard = upcard;
        hand.discard_pile = vec![upcard];
        hand.stock = stock.iter().rev().copied().collect();
        hand.knock_limit = knock_limit(rules, Some(upcard));
        hand
    }

    /// The seat whose move it is (the partner, while a swap waits for its answer).
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            TeamPhase::UpcardOffer { seat, .. }
            | TeamPhase::Draw { seat, .. }
            | TeamPhase::Turn { seat, .. } => Some(seat),
            TeamPhase::SwapBack { seat, .. } => Some(partner_of(seat)),
            TeamPhase::Over => None,
        }
    }

    /// The seat whose turn it is (the mover, also while its partner answers a swap).
    pub fn turn_of(&self) -> Option<Seat> {
        match self.phase {
            TeamPhase::UpcardOffer { seat, .. }
            | TeamPhase::Draw { seat, .. }
            | TeamPhase::Turn { seat, .. }
            | TeamPhase::SwapBack { seat, .. } => Some(seat),
            TeamPhase::Over => None,
        }
    }

    /// Whether the hand has ended.
    pub fn is_over(&self) -> bool {
        self.phase == TeamPhase::Over
    }

    /// The card on top of the discard pile.
    pub fn top_discard(&self) -> Option<Card> {
        self.discard_pile.last().copied()
    }

    /// How many swaps this hand has seen: all the other team learns of them.
    pub fn swaps(&self) -> usize {
        self.actions
            .iter()
            .filter(|(_, a)| matches!(a, TeamAction::Swap(_)))
            .count()
    }

    /// Every action `seat` may take now, in a stable order.
    pub fn legal_actions(&self, seat: Seat) -> Vec<TeamAction> {
        if seat > 3 || self.to_act() != Some(seat) {
            return Vec::new();
        }
        let me = usize::from(seat);
        match self.phase {
            TeamPhase::UpcardOffer { .. } => vec![
                TeamAction::Play(Action::TakeUpcard),
                TeamAction::Play(Action::Pass),
            ],
            TeamPhase::Draw { stock_only, .. } => {
                let mut v = vec![TeamAction::Play(Action::DrawStock)];
                if !stock_only && !self.discard_pile.is_empty() {
                    v.push(TeamAction::Play(Action::DrawDiscard));
                }
                v
            }
            TeamPhase::Turn { taken, swapped, .. } => {
                let mut v = Vec::new();
                for card in self.hands[me].iter() {
                    if !swapped {
                        v.push(TeamAction::Swap(card));
                    }
                    if taken == Some(card) && !self.rules.allow_rediscard {
                        continue;
                    }
                    v.push(TeamAction::Play(Action::Discard(card)));
                    if self.knock_deadwood_without(me, card) <= self.knock_limit {
                        v.push(TeamAction::Play(Action::Knock(card)));
                    }
                }
                v
            }
            TeamPhase::SwapBack { .. } => self.hands[me].iter().map(TeamAction::Return).collect(),
            TeamPhase::Over => Vec::new(),
        }
    }

    /// What `seat` may see now.
    pub fn view(&self, seat: Seat) -> TeamView {
        let me = usize::from(seat % 4);
        let partner = partner_of(seat % 4);
        let swap_given = match self.phase {
            TeamPhase::SwapBack {
                seat: mover, given, ..
            } if mover == seat || mover == partner => Some(given),
            _ => None,
        };
        TeamView {
            seat,
            hand: self.hands[me],
            partner_hand: self.hands[usize::from(partner)],
            hand_sizes: self.hands.map(|h| h.len()),
            discard_pile: self.discard_pile.clone(),
            stock_len: self.stock.len(),
            upcard: self.upcard,
            knock_limit: self.knock_limit,
            dealer: self.dealer,
            to_act: self.to_act(),
            turn_of: self.turn_of(),
            swaps: self.swaps(),
            swap_given,
            known: self.known,
            taken: match self.phase {
                TeamPhase::Turn { taken, .. } | TeamPhase::SwapBack { taken, .. } => taken,
                _ => None,
            },
            legal_actions: self.legal_actions(seat),
            end: self.end.clone(),
        }
    }

    fn knock_deadwood_without(&self, me: usize, card: Card) -> u32 {
        let mut rest = self.hands[me];
        rest.remove(card);
        min_deadwood(rest)
    }

    /// Applies `action` by `seat`. On error nothing has changed.
    pub fn apply(&mut self, seat: Seat, action: TeamAction) -> Result<(), TeamError> {
        if seat > 3 {
            return Err(ActionError::NotInHand.into());
        }
        if self.phase == TeamPhase::Over {
            return Err(ActionError::HandOver.into());
        }
        if self.to_act() != Some(seat) {
            // The mover waiting for its partner is told why.
            return Err(match self.phase {
                TeamPhase::SwapBack { seat: mover, .. } if mover == seat => TeamError::SwapPending,
                _ => ActionError::NotYourTurn.into(),
            });
        }
        let me = usize::from(seat);
        match (self.phase.clone(), action) {
            (TeamPhase::UpcardOffer { .. }, TeamAction::Play(Action::TakeUpcard)) => {
                let card = self.take_discard(me);
                self.phase = TeamPhase::Turn {
                    seat,
                    taken: Some(card),
                    swapped: false,
                };
            }
            (TeamPhase::UpcardOffer { passes, .. }, TeamAction::Play(Action::Pass)) => {
                self.phase = if passes + 1 == 4 {
                    TeamPhase::Draw {
                        seat: left_of(self.dealer),
                        stock_only: true,
                    }
                } else {
                    TeamPhase::UpcardOffer {
                        seat: left_of(seat),
                        passes: passes + 1,
                    }
                };
            }
            (TeamPhase::UpcardOffer { .. }, TeamAction::Play(_)) => {
                return Err(ActionError::UpcardPending.into())
            }
            (TeamPhase::Draw { .. }, TeamAction::Play(Action::DrawStock)) => {
                let card = self
                    .stock
                    .pop()
                    .expect("a dead hand ends before the stock does");
                self.hands[me].insert(card);
                self.phase = TeamPhase::Turn {
                    seat,
                    taken: None,
                    swapped: false,
                };
            }
            (TeamPhase::Draw { stock_only, .. }, TeamAction::Play(Action::DrawDiscard)) => {
                if stock_only {
                    return Err(ActionError::StockOnly.into());
                }
                if self.discard_pile.is_empty() {
                    return Err(ActionError::EmptyDiscardPile.into());
                }
                let card = self.take_discard(me);
                self.phase = TeamPhase::Turn {
                    seat,
                    taken: Some(card),
                    swapped: false,
                };
            }
            (TeamPhase::Draw { .. }, _) => return Err(ActionError::MustDraw.into()),
            (TeamPhase::Turn { taken, swapped, .. }, TeamAction::Swap(card)) => {
                if swapped {
                    return Err(TeamError::AlreadySwapped);
                }
                if !self.hands[me].contains(card) {
                    return Err(ActionError::CardNotInHand.into());
                }
                self.move_card(me, usize::from(partner_of(seat)), card);
                self.phase = TeamPhase::SwapBack {
                    seat,
                    given: card,
                    taken,
                };
            }
            (TeamPhase::Turn { taken, .. }, TeamAction::Play(Action::Discard(card))) => {
                self.check_discard(me, taken, card)?;
                self.discard(me, card);
                self.phase = if self.stock.len() <= 2 {
                    self.end = Some(TeamHandEnd::Dead);
                    TeamPhase::Over
                } else {
                    TeamPhase::Draw {
                        seat: left_of(seat),
                        stock_only: false,
                    }
                };
            }
            (TeamPhase::Turn { taken, .. }, TeamAction::Play(Action::Knock(card))) => {
                self.check_discard(me, taken, card)?;
                let deadwood = self.knock_deadwood_without(me, card);
                if deadwood > self.knock_limit {
                    return Err(ActionError::AboveKnockLimit {
                        deadwood,
                        limit: self.knock_limit,
                    }
                    .into());
                }
                let mut rest = self.hands[me];
                rest.remove(card);
                let showdown = solve_team_showdown(
                    rest,
                    self.hands[usize::from(partner_of(seat))],
                    [
                        self.hands[usize::from(left_of(seat))],
                        self.hands[usize::from(left_of(partner_of(seat)))],
                    ],
                    self.knock_limit,
                )
                .expect("the knock was checked against the limit");
                self.discard(me, card);
                let score = showdown.score(&self.rules);
                self.end = Some(TeamHandEnd::Knocked {
                    knocker: seat,
                    discard: card,
                    showdown: Box::new(showdown),
                    score,
                });
                self.phase = TeamPhase::Over;
            }
            (TeamPhase::Turn { .. }, TeamAction::Play(_)) => {
                return Err(ActionError::MustDiscard.into())
            }
            (
                TeamPhase::SwapBack {
                    seat: mover, taken, ..
                },
                TeamAction::Return(card),
            ) => {
                if !self.hands[me].contains(card) {
                    return Err(ActionError::CardNotInHand.into());
                }
                self.move_card(me, usize::from(mover), card);
                self.phase = TeamPhase::Turn {
                    seat: mover,
                    taken,
                    swapped: true,
                };
            }
            (TeamPhase::SwapBack { .. }, _) => return Err(TeamError::NoSwapNow),
            (_, TeamAction::Swap(_)) => return Err(TeamError::NoSwapNow),
            (_, TeamAction::Return(_)) => return Err(TeamError::NoSwapToAnswer),
            (TeamPhase::Over, _) => return Err(ActionError::HandOver.into()),
        }
        self.actions.push((seat, action));
        Ok(())
    }

    fn check_discard(&self, me: usize, taken: Option<Card>, card: Card) -> Result<(), TeamError> {
        if !self.hands[me].contains(card) {
            return Err(ActionError::CardNotInHand.into());
        }
        if taken == Some(card) && !self.rules.allow_rediscard {
            return Err(ActionError::CannotRediscard.into());
        }
        Ok(())
    }

    fn take_discard(&mut self, me: usize) -> Card {
        let card = self
            .discard_pile
            .pop()
            .expect("checked: the pile has a card");
        self.hands[me].insert(card);
        self.known[me].insert(card);
        card
    }

    fn discard(&mut self, me: usize, card: Card) {
        self.hands[me].remove(card);
        for known in &mut self.known {
            known.remove(card);
        }
        self.discard_pile.push(card);
    }

    /// A swapped card goes face down: the public lists stay as they were, so the other team
    /// learns nothing of which card moved.
    fn move_card(&mut self, from: usize, to: usize, card: Card) {
        self.hands[from].remove(card);
        self.hands[to].insert(card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::{card, hand};

    fn total(h: &TeamHand) -> usize {
        h.hands.iter().map(|c| c.len()).sum::<usize>() + h.stock.len() + h.discard_pile.len()
    }

    #[test]
    fn the_deal_gives_seven_each_clockwise_from_the_dealers_left() {
        let h = TeamHand::deal(&Rules::default(), [3; 32], 2);
        assert!(h.hands.iter().all(|c| c.len() == TEAM_HAND_SIZE));
        assert_eq!((h.stock.len(), h.discard_pile.len()), (23, 1));
        assert_eq!(total(&h), 52);
        let deck = shuffled_deck(&[3; 32]);
        assert!(
            h.hands[3].contains(deck[0]),
            "the dealer's left gets the first card"
        );
        assert_eq!(h.upcard, deck[28]);
        assert_eq!(h.stock.last(), Some(&deck[29]));
        assert_eq!(h.to_act(), Some(3));
    }

    #[test]
    fn the_upcard_goes_round_the_table_and_four_passes_start_with_the_stock() {
        let mut h = TeamHand::deal(&Rules::default(), [4; 32], 0);
        for seat in [1, 2, 3, 0] {
            assert_eq!(h.to_act(), Some(seat));
            h.apply(seat, TeamAction::Play(Action::Pass)).unwrap();
        }
        assert_eq!(
            h.phase,
            TeamPhase::Draw {
                seat: 1,
                stock_only: true
            }
        );
        let e = h
            .apply(1, TeamAction::Play(Action::DrawDiscard))
            .unwrap_err();
        assert_eq!(e, TeamError::Play(ActionError::StockOnly));
    }

    #[test]
    fn the_first_to_take_the_upcard_plays_on_and_the_next_seat_follows() {
        let mut h = TeamHand::deal(&Rules::default(), [5; 32], 0);
        h.apply(1, TeamAction::Play(Action::Pass)).unwrap();
        h.apply(2, TeamAction::Play(Action::TakeUpcard)).unwrap();
        let up = h.upcard;
        let e = h
            .apply(2, TeamAction::Play(Action::Discard(up)))
            .unwrap_err();
        assert_eq!(e, TeamError::Play(ActionError::CannotRediscard));
        let other = h.hands[2].iter().find(|&c| c != up).unwrap();
        h.apply(2, TeamAction::Play(Action::Discard(other)))
            .unwrap();
        assert_eq!(h.to_act(), Some(3));
    }

    #[test]
    fn a_swap_gives_one_card_and_the_partner_returns_any_one() {
        let mut h = TeamHand::deal(&Rules::default(), [6; 32], 3);
        h.apply(0, TeamAction::Play(Action::TakeUpcard)).unwrap();
        let give = h.hands[0].iter().next().unwrap();
        let before = (h.hands[0], h.hands[2]);
        h.apply(0, TeamAction::Swap(give)).unwrap();
        assert_eq!(h.to_act(), Some(2), "the partner answers");
        assert_eq!(h.turn_of(), Some(0), "it is still the mover's turn");
        assert_eq!(
            h.apply(0, TeamAction::Play(Action::Discard(give))),
            Err(TeamError::SwapPending)
        );
        // The same card back is allowed.
        h.apply(2, TeamAction::Return(give)).unwrap();
        assert_eq!((h.hands[0], h.hands[2]), before);
        assert_eq!(h.swaps(), 1);
        let again = h.hands[0].iter().next().unwrap();
        assert_eq!(
            h.apply(0, TeamAction::Swap(again)),
            Err(TeamError::AlreadySwapped)
        );
        assert_eq!(total(&h), 52);
    }

    /// The other team sees that a swap happened, never which card: a card taken from the pile
    /// stays on the taker's public list when it is passed, and leaves every list when it is
    /// discarded.
    #[test]
    fn a_swapped_pile_card_stays_on_the_public_list_until_discarded() {
        let mut h = TeamHand::deal(&Rules::default(), [6; 32], 3);
        h.apply(0, TeamAction::Play(Action::TakeUpcard)).unwrap();
        let up = h.upcard;
        h.apply(0, TeamAction::Swap(up)).unwrap();
        assert!(h.hands[2].contains(up) && h.known[0].contains(up));
        h.apply(
            2,
            TeamAction::Return(h.hands[2].iter().find(|&c| c != up).unwrap()),
        )
        .unwrap();
        let known_before = h.view(1).known;
        assert_eq!(known_before[0], CardSet::from_cards(&[up]));
        let other = h.hands[0].iter().next().unwrap();
        h.apply(0, TeamAction::Play(Action::Discard(other)))
            .unwrap();
        // Partner 2 holds the upcard now and discards it in time: it leaves every list.
        h.apply(1, TeamAction::Play(Action::DrawStock)).unwrap();
        let c = h.hands[1].iter().next().unwrap();
        h.apply(1, TeamAction::Play(Action::Discard(c))).unwrap();
        h.apply(2, TeamAction::Play(Action::DrawStock)).unwrap();
        h.apply(2, TeamAction::Play(Action::Discard(up))).unwrap();
        assert!(h.known.iter().all(|k| !k.contains(up)));
    }

    #[test]
    fn a_swap_only_after_the_draw() {
        let mut h = TeamHand::deal(&Rules::default(), [7; 32], 0);
        let c = h.hands[1].iter().next().unwrap();
        assert_eq!(h.apply(1, TeamAction::Swap(c)), Err(TeamError::NoSwapNow));
    }

    /// A hand with these four hands, the upcard, and `top` on top of the stock (the rest of
    /// the deck below it).
    fn arranged(hands: [CardSet; 4], upcard: Card, top: Card) -> TeamHand {
        let used = hands.iter().fold(CardSet::EMPTY, |a, h| CardSet(a.0 | h.0));
        let mut stock = vec![top];
        stock.extend(Card::all().filter(|&c| !used.contains(c) && c != upcard && c != top));
        TeamHand::with_cards(&Rules::default(), 0, hands, upcard, &stock)
    }

    #[test]
    fn a_knock_counts_only_the_knockers_own_deadwood() {
        // Seat 1 melds out but for 4S; its partner (seat 3) holds only deadwood.
        let hands = [
            hand("8H 9D JS QH KD TC 3H"),
            hand("5C 6C 7C 2H 2S 2D 4S"),
            hand("8C AD 4H 6H TD JD JH"),
            hand("KH QD 9C 9H 8D TS 7S"),
        ];
        let mut h = arranged(hands, card("QC"), card("KC"));
        for seat in [1, 2, 3, 0] {
            h.apply(seat, TeamAction::Play(Action::Pass)).unwrap();
        }
        h.apply(1, TeamAction::Play(Action::DrawStock)).unwrap();
        h.apply(1, TeamAction::Play(Action::Knock(card("KC"))))
            .unwrap();
        let Some(TeamHandEnd::Knocked { showdown, .. }) = &h.end else {
            panic!("knocked")
        };
        assert_eq!(showdown.knocking[0].deadwood, 4);
        assert_eq!(showdown.knocking[1].deadwood, 63);
        assert_eq!(showdown.knocking_deadwood, 67);
        assert!(h.is_over());
    }

    #[test]
    fn the_hand_dies_when_two_stock_cards_are_left() {
        let mut h = TeamHand::deal(&Rules::default(), [8; 32], 0);
        for seat in [1, 2, 3, 0] {
            h.apply(seat, TeamAction::Play(Action::Pass)).unwrap();
        }
        let mut seat = 1;
        while !h.is_over() {
            h.apply(seat, TeamAction::Play(Action::DrawStock)).unwrap();
            // Nobody ever knocks.
            let last = h.hands[usize::from(seat)]
                .iter()
                .max_by_key(|c| c.value())
                .unwrap();
            h.apply(seat, TeamAction::Play(Action::Discard(last)))
                .unwrap();
            seat = left_of(seat);
        }
        assert_eq!(h.end, Some(TeamHandEnd::Dead));
        assert_eq!(h.stock.len(), 2);
        assert_eq!(total(&h), 52);
    }
}
