//! What a seat knows about the hand, read from its view alone: its own cards, the unseen cards
//! (the stock and the opponent's hidden cards together), and what the opponent's choices say
//! about the cards it holds.
//!
//! The view's action log does not name the card of a take, so the log is replayed against a
//! rebuilt discard pile: every card the opponent took, passed over or threw is then known by
//! name, exactly as a human watching the table knows it.
//!
//! A guess at the opponent's hidden cards is judged against all its moves this hand, not only
//! its latest: undone one by one from the last, they rebuild the hand each move was made with.
//! What hard knows of the opponent's hand is what limits it, so each of these choices was kept
//! for the share of the hidden cards the sampled worlds get right (`cargo test --release --lib
//! inference_overlap -- --ignored --nocapture`; figures in the README). A contradiction weighs
//! 0.1, loose enough to read `marjj`'s off-pattern discards without ruling its hand out.
//!
//! A passed knock is counted apart from the other moves ([`Fit`]), so that the opponent may
//! be one that plays on for gin (MARJJ after its third turn) without being told whom it is.

use super::eval::{
    completes_meld, discards_by_kind, least_deadwood_discards, relation, with, without, Relation,
};
use super::Random;
use crate::card::{Card, CardSet, FULL_DECK};
use crate::hand::{Action, Phase};
use crate::seat::Seat;
use crate::solver::min_deadwood;
use crate::view::{PlayerView, ShownHand};

/// Multipliers of the chance that the opponent holds an unseen card, for a card of the same
/// rank, the next rank in suit, and two ranks away in suit from a card it took from the pile
/// and still holds: it took that card to meld it.
const HELD_PICK: [f64; 3] = [2.5, 2.5, 1.4];
/// ... from a card it discarded: it was not building around that card.
const DISCARDED: [f64; 3] = [0.6, 0.6, 0.85];
/// ... from a card it left on the pile (passed upcard, or a discard it drew past): the card
/// did not meld with its hand.
const DECLINED: [f64; 3] = [0.7, 0.7, 0.9];

/// One of the opponent's moves this hand, as the seat saw it: the likelihood of a guessed hand
/// replays them (see [`Knowledge::likelihood`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OppMove {
    /// Passed this upcard.
    Passed(Card),
    /// Took this card from the pile.
    Took(Card),
    /// Drew from the stock, leaving this card on the pile (none on an empty pile).
    Drew(Option<Card>),
    /// Threw the first card without knocking, in a turn where it took the second from the pile
    /// (if it did).
    Discarded(Card, Option<Card>),
}

/// Everything one seat knows at its decision.
#[derive(Clone, Debug)]
pub(super) struct Knowledge {
    /// This seat's index (0 or 1) among the hand's two players; the opponent is `1 - me`.
    pub me: usize,
    pub hand: CardSet,
    /// The top of the discard pile (the upcard during the offer).
    pub top: Option<Card>,
    /// How many cards the opponent holds.
    pub opp_count: usize,
    /// Cards the opponent took from the pile and still holds.
    pub opp_known: CardSet,
    /// Cards this seat has not seen: the stock and the opponent's hidden cards.
    pub unseen: CardSet,
    pub stock_count: usize,
    pub knock_limit: u32,
    /// Cards the opponent discarded this hand.
    pub opp_discarded: CardSet,
    /// Cards the opponent passed or drew past.
    pub opp_declined: CardSet,
    /// How often the opponent took from the pile this hand.
    pub opp_pickups: u32,
    /// Every card the opponent took from the pile this hand, kept or thrown again.
    pub opp_taken: CardSet,
    /// Discards that would repeat a (card taken, card discarded) pair of this seat in this hand:
    /// avoided, so that two players cannot trade the same cards back and forth forever.
    pub repeat_barred: CardSet,
    /// The opponent's moves this hand, first to last.
    pub opp_moves: Vec<OppMove>,
    /// How the opponent's earlier showdowns this match ended, the evidence of whether it plays
    /// on for gin ([`Showdowns`]).
    pub opp_showdowns: Showdowns,
}

impl Knowledge {
    /// The knock among `legal` that leaves no deadwood (gin), if there is one.
    pub fn gin_knock(&self, legal: &[Action]) -> Option<Action> {
        legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Knock(c) if min_deadwood(without(self.hand, *c)) == 0))
    }

    /// `None` for a seat that is not playing this hand.
    pub fn from_view(view: &PlayerView) -> Option<Knowledge> {
        let me = view.index()?;
        let opp = 1 - me;
        let t = &view.table;
        let hand = CardSet::from_cards(view.hand.as_ref()?);
        let opp_known = CardSet::from_cards(&t.known[opp]);
        let pile = CardSet::from_cards(&t.discard_pile);
        let mut k = Knowledge {
            me,
            hand,
            top: t.discard_pile.last().copied(),
            opp_count: t.card_counts[opp],
            opp_known,
            unseen: CardSet(FULL_DECK & !hand.0 & !pile.0 & !opp_known.0),
            stock_count: t.stock_count,
            knock_limit: t.knock_limit,
            opp_discarded: CardSet::EMPTY,
            opp_declined: CardSet::EMPTY,
            opp_pickups: 0,
            opp_taken: CardSet::EMPTY,
            repeat_barred: CardSet::EMPTY,
            opp_moves: Vec::new(),
            opp_showdowns: view.opponent().map_or(Showdowns::default(), |opp| {
                Showdowns::of(&t.shown, opp, t.knock_limit)
            }),
        };
        let taken_now = match t.phase {
            Phase::Discard { taken, .. } => taken,
            _ => None,
        };

        // Replay the log against the pile as it was: the upcard (if any) starts it.
        let mut replayed: Vec<Card> = t.upcard.into_iter().collect();
        let mut taken_this_turn: [Option<Card>; 2] = [None, None];
        let mut my_pairs: Vec<(Card, Card)> = Vec::new();
        for &(seat, action) in &t.actions {
            let mine = seat == view.seat;
            let who = if mine { me } else { opp };
            match action {
                Action::TakeUpcard | Action::DrawDiscard => {
                    let card = replayed.pop();
                    taken_this_turn[who] = card;
                    if let (false, Some(card)) = (mine, card) {
                        k.opp_pickups += 1;
                        k.opp_taken.insert(card);
                        k.opp_moves.push(OppMove::Took(card));
                    }
                }
                Action::Pass => {
                    // An upcard pass (a fiftieth-card pass ends the hand).
                    if !mine {
                        if let Some(&card) = replayed.last() {
                            k.opp_declined.insert(card);
                            k.opp_moves.push(OppMove::Passed(card));
                        }
                    }
                }
                Action::DrawStock => {
                    taken_this_turn[who] = None;
                    if !mine {
                        // Also after both passed the upcard: it passed that card already, and
                        // the fact about its hand is counted twice, which only sharpens it.
                        let left = replayed.last().copied();
                        if let Some(card) = left {
                            k.opp_declined.insert(card);
                        }
                        k.opp_moves.push(OppMove::Drew(left));
                    }
                }
                Action::Discard(card) => {
                    replayed.push(card);
                    let taken = taken_this_turn[who].take();
                    if mine {
                        if let Some(took) = taken {
                            my_pairs.push((took, card));
                        }
                    } else {
                        k.opp_discarded.insert(card);
                        k.opp_moves.push(OppMove::Discarded(card, taken));
                    }
                }
                Action::Knock(_) => {}
            }
        }
        k.repeat_barred = my_pairs
            .iter()
            .filter(|&&(took, _)| Some(took) == taken_now)
            .map(|&(_, d)| d)
            .collect();
        Some(k)
    }

    /// The chance that the opponent is a gin-waiter, from the chance `prior` before the match
    /// and its showdowns since, each weighed by `evidence`.
    pub fn waiter_chance(&self, prior: f64, evidence: &WaiterEvidence) -> f64 {
        let odds = prior * self.opp_showdowns.odds(evidence);
        let total = odds + (1.0 - prior);
        if total > 0.0 {
            odds / total
        } else {
            prior
        }
    }

    /// How many discards the opponent has made this hand (a knock's aside).
    pub fn opp_discards(&self) -> usize {
        self.opp_moves
            .iter()
            .filter(|m| matches!(m, OppMove::Discarded(..)))
            .count()
    }

    /// How many cards of its hand the opponent has not shown.
    pub fn opp_hidden(&self) -> usize {
        self.opp_count.saturating_sub(self.opp_known.len())
    }

    /// The relative chance, per card bit, that the opponent holds each unseen card, from what it
    /// took, threw and passed this hand. A proposal for sampling, refined by
    /// [`Knowledge::likelihood`].
    pub fn hidden_weights(&self) -> [f64; 64] {
        let mut weights = [0.0; 64];
        for u in self.unseen.iter() {
            let mut w = 1.0;
            for p in self.opp_known.iter() {
                w *= factor(relation(p, u), HELD_PICK);
            }
            for q in self.opp_discarded.iter() {
                w *= factor(relation(q, u), DISCARDED);
            }
            for d in self.opp_declined.iter() {
                w *= factor(relation(d, u), DECLINED);
            }
            weights[u.bit() as usize] = w.clamp(0.05, 50.0);
        }
        weights
    }

    /// How likely, up to a constant, an opponent playing like `simple` (take a pile card only to
    /// meld it, throw one of the least-deadwood cards at random) was to make every move of this
    /// hand had it held `opp` (its full hand) now. Against other players these rules are
    /// tendencies, not laws: each move that breaks one multiplies the likelihood by `accept`
    /// instead of ruling the hand out. Whether it would have knocked is counted apart
    /// ([`Fit::passed_knocks`]): that is where players differ most (`simple` knocks at once,
    /// MARJJ plays for gin after its third turn), so [`Fit::weight`] weighs it by a mixture.
    ///
    /// The moves are undone from the last to the first, rebuilding the hand each was made
    /// with. The card a stock draw brought is unknown: it is one of the hand's cards not taken
    /// from the pile, drawn at random, each weighted by how well the hand without it fits the
    /// card the opponent left on the pile, and the likelihood takes that fit's mean.
    #[cfg(test)]
    pub fn likelihood(&self, opp: CardSet, accept: f64, rng: &mut impl Random) -> Fit {
        self.likelihood_split(opp, accept, false, GinWaiter::default(), rng)
    }

    /// [`Knowledge::likelihood`]; with `split`, a discard outside the least-deadwood ones is
    /// not weighed by `accept` but counted ([`Fit::misses`]), so that each kind of player
    /// may weigh it apart ([`Fit::weight_split`]). `waiter` says how a gin-waiter's own moves
    /// are read: a knock it passed up in the turns where it still knocks is counted apart
    /// ([`Fit::early_passes`]), and its discards may be judged by its own rule
    /// ([`Fit::waiter_moves`]).
    pub fn likelihood_split(
        &self,
        opp: CardSet,
        accept: f64,
        split: bool,
        waiter: GinWaiter,
        rng: &mut impl Random,
    ) -> Fit {
        let mut hand = opp;
        // The moves' likelihood for a knocker, and for a gin-waiter (the same unless its
        // discards are read by their own rule).
        let mut likelihood = 1.0;
        let mut waits = 1.0;
        let mut passed_knocks = 0;
        let mut early_passes = 0;
        let (mut misses, mut waiter_misses) = (0, 0);
        // The opponent's turn of the discard being undone, from 1.
        let mut turn = self.opp_discards() as u32;
        for &step in self.opp_moves.iter().rev() {
            match step {
                OppMove::Discarded(card, taken) => {
                    let kept = min_deadwood(hand);
                    // It could have knocked.
                    if kept <= self.knock_limit {
                        passed_knocks += 1;
                        if turn <= waiter.knock_turns {
                            early_passes += 1;
                        }
                    }
                    turn = turn.saturating_sub(1);
                    // `simple` throws one of the cards that leave the least deadwood (never the
                    // card just taken), each as likely: a guess with more such ties explains
                    // the discard less well. A gin-waiter read by its own rule throws one of
                    // its candidates, each as likely.
                    let eleven = with(hand, card);
                    let barred = taken.map_or(CardSet::EMPTY, |t| with(CardSet::EMPTY, t));
                    let (least, own) = if waiter.reads_discards {
                        match discards_by_kind(eleven, barred) {
                            Some((least, _, own)) => (Some(least), Some(own)),
                            None => (None, None),
                        }
                    } else {
                        let least = least_deadwood_discards(eleven, barred).map(|l| l.0);
                        (least, least)
                    };
                    match least {
                        Some(ties) if ties.contains(card) => likelihood /= ties.len() as f64,
                        _ if split => misses += 1,
                        _ => likelihood *= accept,
                    }
                    match own {
                        Some(ties) if ties.contains(card) => waits /= ties.len() as f64,
                        _ if split => waiter_misses += 1,
                        _ => waits *= accept,
                    }
                    hand = eleven;
                }
                OppMove::Took(card) => {
                    hand.remove(card);
                    if !completes_meld(hand, card) {
                        likelihood *= accept;
                        waits *= accept;
                    }
                }
                OppMove::Passed(card) => {
                    if completes_meld(hand, card) {
                        likelihood *= accept;
                        waits *= accept;
                    }
                }
                OppMove::Drew(left) => {
                    let drawable = CardSet(hand.0 & !self.opp_taken.0);
                    let fit = |drawn: Card| match left {
                        Some(c) if completes_meld(without(hand, drawn), c) => accept,
                        _ => 1.0,
                    };
                    let total: f64 = drawable.iter().map(fit).sum();
                    if total <= 0.0 {
                        return Fit {
                            moves: 0.0,
                            waiter_moves: 0.0,
                            passed_knocks,
                            early_passes,
                            misses,
                            waiter_misses,
                        };
                    }
                    likelihood *= total / drawable.len() as f64;
                    waits *= total / drawable.len() as f64;
                    let mut r = rng.unit() * total;
                    let mut drawn = None;
                    for c in drawable.iter() {
                        drawn = Some(c);
                        r -= fit(c);
                        if r < 0.0 {
                            break;
                        }
                    }
                    if let Some(c) = drawn {
                        hand.remove(c);
                    }
                }
            }
        }
        Fit {
            moves: likelihood,
            waiter_moves: waits,
            passed_knocks,
            early_passes,
            misses,
            waiter_misses,
        }
    }
}

/// How a gin-waiter's moves are read ([`Knowledge::likelihood_split`]); the default reads
/// them as `simple`'s but for its knocks, which it makes only with gin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct GinWaiter {
    /// Its turns of a hand (from 1) in which it still knocks with deadwood (MARJJ: three).
    pub knock_turns: u32,
    /// Whether its discards are read by its own rule (MARJJ's candidates: loose cards near
    /// its highest, [`discards_by_kind`]) rather than as a deadwood counter's.
    pub reads_discards: bool,
}

/// How well a guessed opponent hand explains the opponent's moves this hand
/// ([`Knowledge::likelihood`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Fit {
    /// The likelihood of its draws, takes, passes and discards, for a player that knocks as
    /// soon as it can.
    pub moves: f64,
    /// The same for a gin-waiter (its discards perhaps read by its own rule, [`GinWaiter`]).
    pub waiter_moves: f64,
    /// Its discards made while the hand left could have knocked.
    pub passed_knocks: u32,
    /// Of those, the ones in the turns where even a gin-waiter knocks (MARJJ: its first
    /// three), counted only when asked ([`Knowledge::likelihood_split`]).
    pub early_passes: u32,
    /// Its discards outside the least-deadwood ones, when counted apart
    /// ([`Knowledge::likelihood_split`]; else in `moves`).
    pub misses: u32,
    /// The same outside a gin-waiter's own choices (else in `waiter_moves`).
    pub waiter_misses: u32,
}

impl Fit {
    /// The likelihood of all its moves if the opponent is, with chance `waiter`, a player that
    /// plays on for gin (to whom a passed knock says nothing) and otherwise one that knocks as
    /// soon as it can (each passed knock costs `accept`, as any contradicted move). The seat is
    /// never told whom it plays: with `waiter` 0, an opponent holding a knockable hand it did
    /// not knock with is all but ruled out, and against a gin-waiter every guess then holds more
    /// deadwood than the truth, which sends knocks into undercuts.
    /// The gin-waiter's part is multiplied by `tilt`: how much likelier than the average guess
    /// a player building for gin is to hold this one (1: no likelier).
    #[cfg(test)]
    pub fn weight(self, accept: f64, waiter: f64, tilt: f64) -> f64 {
        self.weight_split(accept, accept, waiter, tilt)
    }

    /// [`Fit::weight`], the discards counted apart ([`Fit::misses`]) weighed by `accept` for
    /// the knocker and by `waiter_accept` for the gin-waiter: a player building for gin throws
    /// cards a deadwood counter would keep (`marjj`: 13% of its discards, 29% from its tenth
    /// turn), and judged like `simple` its true hand is all but ruled out late in a hand.
    pub fn weight_split(self, accept: f64, waiter_accept: f64, waiter: f64, tilt: f64) -> f64 {
        let mut knocker = (1.0 - waiter) * accept.powi(self.passed_knocks as i32);
        if self.misses > 0 {
            knocker *= accept.powi(self.misses as i32);
        }
        let waits = self.waiter_part(accept, waiter_accept, waiter, tilt);
        // One product when both kinds of player read the moves alike.
        if self.waiter_moves == self.moves {
            self.moves * (knocker + waits)
        } else {
            self.moves * knocker + self.waiter_moves * waits
        }
    }

    /// The gin-waiter's share of [`Fit::weight_split`] before its moves' likelihood: its
    /// misses weighed by `waiter_accept`, and a knock it passed up in the turns where it still
    /// knocks ([`Fit::early_passes`]) by `accept`, as for the knocker.
    fn waiter_part(self, accept: f64, waiter_accept: f64, waiter: f64, tilt: f64) -> f64 {
        waiter
            * tilt
            * waiter_accept.powi(self.waiter_misses as i32)
            * accept.powi(self.early_passes as i32)
    }

    /// The chance, given this guess, that the opponent is the gin-waiter of [`Fit::weight`].
    #[cfg(test)]
    pub fn waiter_chance(self, accept: f64, waiter: f64, tilt: f64) -> f64 {
        self.waiter_chance_split(accept, accept, waiter, tilt)
    }

    /// [`Fit::waiter_chance`] with the misses weighed apart, as in [`Fit::weight_split`].
    pub fn waiter_chance_split(
        self,
        accept: f64,
        waiter_accept: f64,
        waiter: f64,
        tilt: f64,
    ) -> f64 {
        let total = self.weight_split(accept, waiter_accept, waiter, tilt);
        if total > 0.0 {
            self.waiter_moves
                * waiter
                * tilt
                * waiter_accept.powi(self.waiter_misses as i32)
                * accept.powi(self.early_passes as i32)
                / total
        } else {
            waiter
        }
    }
}

/// How the opponent's showdowns of this match ended, counted by what they say about it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Showdowns {
    /// Knocked against, it held a knockable hand: it had passed up a knock.
    pub waited: u32,
    /// Knocked against, it held more deadwood than a knock allows.
    pub defended: u32,
    /// It knocked with deadwood.
    pub knocked: u32,
}

impl Showdowns {
    /// The opponent `opp`'s hands in `shown`; its gin and the hands it was not in say nothing.
    fn of(shown: &[ShownHand], opp: Seat, limit: u32) -> Showdowns {
        let mut counts = Showdowns::default();
        for s in shown {
            if s.defender == opp && s.defender_held <= limit {
                counts.waited += 1;
            } else if s.defender == opp {
                counts.defended += 1;
            } else if s.knocker == opp && s.knocker_deadwood > 0 {
                counts.knocked += 1;
            }
        }
        counts
    }

    /// The likelihood ratio, gin-waiter to knocker, of these showdowns.
    fn odds(self, evidence: &WaiterEvidence) -> f64 {
        evidence.waited.powi(self.waited as i32)
            * evidence.defended.powi(self.defended as i32)
            * evidence.knocked.powi(self.knocked as i32)
    }
}

/// How much likelier each kind of showdown ([`Showdowns`]) is if the opponent plays on for gin
/// than if it knocks as soon as it can. A knocker never defends holding a knockable hand once
/// it has discarded (it would have knocked) and knocks in about half the hands; a gin-waiter
/// (MARJJ) is often caught holding one and rarely knocks short of gin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WaiterEvidence {
    /// Caught holding a knockable hand.
    pub waited: f64,
    /// Holding more than a knock allows.
    pub defended: f64,
    /// Knocking with deadwood.
    pub knocked: f64,
}

fn factor(relation: Relation, table: [f64; 3]) -> f64 {
    match relation {
        Relation::SameRank => table[0],
        Relation::Adjacent => table[1],
        Relation::Gap => table[2],
        Relation::Unrelated => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::SplitMix;
    use crate::{Hand, Match, Rules};

    use crate::card::testing::{card, hand};

    #[test]
    fn the_replay_names_the_cards_the_opponent_took_and_threw() {
        let (first_cards, second_cards, upcard) = (
            hand("2C 3C 4C 7H 7D KS KH 5D 9S QC"),
            hand("9H 9D JC 8C 5S TC 3D 4D 6S KD"),
            card("9C"),
        );
        let stock: Vec<Card> = Card::all()
            .filter(|&c| !first_cards.contains(c) && !second_cards.contains(c) && c != upcard)
            .collect();
        let mut m = Match::new(Rules::default(), 2, [2; 32]).unwrap();
        m.hand = Hand::with_cards(
            &m.rules,
            m.hand.players,
            m.hand.dealer,
            [first_cards, second_cards],
            Some(upcard),
            &stock,
        );
        let [first, second] = m.hand.players;
        m.apply(first, Action::Pass).unwrap();
        // The second player takes 9C (it melds with 8C TC JC and with 9H 9D) and throws its
        // highest deadwood card, as `simple` would.
        m.apply(second, Action::TakeUpcard).unwrap();
        m.apply(second, Action::Discard(card("KD"))).unwrap();

        let k = Knowledge::from_view(&m.view_for(first)).unwrap();
        assert_eq!(k.me, 0);
        assert_eq!(k.opp_known, hand("9C"));
        assert_eq!(k.opp_discarded, hand("KD"));
        assert_eq!(k.opp_pickups, 1);
        assert_eq!(k.top, Some(card("KD")));
        assert_eq!(
            k.opp_moves,
            [
                OppMove::Took(card("9C")),
                OppMove::Discarded(card("KD"), Some(card("9C")))
            ]
        );
        // The unseen cards are exactly the stock and the opponent's nine hidden cards.
        assert_eq!((k.stock_count, k.opp_hidden()), (31, 9));
        assert_eq!(k.unseen.len(), 40);

        // Its true hand is consistent with what it did.
        let mut rng = SplitMix(1);
        assert_eq!(
            k.likelihood(m.hand.hands[1], 0.2, &mut rng)
                .weight(0.2, 0.0, 1.0),
            1.0
        );
        // A hand in which 9C melds with nothing contradicts the take.
        let unmelded = hand("9C 2H 4H 6H 8H TH QH AD JD 7D");
        assert!(k.likelihood(unmelded, 0.2, &mut rng).moves <= 0.2);
        // One in which KD made a run with QD JD contradicts its discard: throwing 6S instead
        // would have left less deadwood.
        let melded = hand("9C 8C TC JC QD JD 5S 3D 4D 6S");
        assert_eq!(k.likelihood(melded, 0.2, &mut rng).moves, 0.2);
        // One in which QS would have left as little deadwood as KD explains the discard half
        // as well: `simple` would have thrown either.
        let tied = hand("9C 8C TC JC 9H 9D 5S 3D 4D QS");
        assert_eq!(k.likelihood(tied, 0.2, &mut rng).moves, 0.5);
        // Read by MARJJ's rule, a gin-waiter weighs every loose card within 5 points of its
        // highest (9H 9D 5S QS KD): the discard is one of five.
        let own = GinWaiter {
            knock_turns: 0,
            reads_discards: true,
        };
        let fit = k.likelihood_split(tied, 0.2, false, own, &mut rng);
        assert_eq!((fit.moves, fit.waiter_moves), (0.5, 0.2));
        assert!((fit.weight(0.2, 0.5, 1.0) - (0.5 * 0.5 + 0.5 * 0.2)).abs() < 1e-12);
        // One left with 4 deadwood after throwing KD contradicts its not knocking.
        let knockable = hand("9C 8C TC JC 6H 6D 6S 2H AH AS");
        let fit = k.likelihood(knockable, 0.2, &mut rng);
        assert_eq!((fit.moves, fit.passed_knocks), (1.0, 1));
        assert_eq!(fit.weight(0.2, 0.0, 1.0), 0.2);
        // Unless the opponent may be one that plays on for gin: then it is such a player.
        assert!((fit.weight(0.2, 0.5, 1.0) - 0.6).abs() < 1e-12);
        assert!((fit.waiter_chance(0.2, 0.5, 1.0) - 0.5 / 0.6).abs() < 1e-12);
        // A guess that passed up no knock says nothing about the kind of player.
        let fit = k.likelihood(m.hand.hands[1], 0.2, &mut rng);
        assert_eq!(fit.waiter_chance(0.2, 0.3, 1.0), 0.3);
        // Counted apart, a discard a deadwood counter would not make costs each kind of player
        // its own weight: here the knocker 0.2, the gin-waiter 0.5.
        // Unless it passed the knock in a turn where even a gin-waiter knocks (its first).
        let marjj = GinWaiter {
            knock_turns: 3,
            reads_discards: false,
        };
        let fit = k.likelihood_split(knockable, 0.2, false, marjj, &mut rng);
        assert_eq!((fit.passed_knocks, fit.early_passes), (1, 1));
        assert!((fit.weight(0.2, 0.5, 1.0) - 0.2).abs() < 1e-12);
        assert!((fit.waiter_chance(0.2, 0.5, 1.0) - 0.5).abs() < 1e-12);
        let fit = k.likelihood_split(knockable, 0.2, false, GinWaiter::default(), &mut rng);
        assert_eq!((fit.passed_knocks, fit.early_passes), (1, 0));
        let fit = k.likelihood_split(melded, 0.2, true, GinWaiter::default(), &mut rng);
        assert_eq!((fit.moves, fit.misses), (1.0, 1));
        assert!((fit.weight_split(0.2, 0.5, 0.5, 1.0) - (0.5 * 0.2 + 0.5 * 0.5)).abs() < 1e-12);
        let chance = fit.waiter_chance_split(0.2, 0.5, 0.5, 1.0);
        assert!((chance - 0.25 / 0.35).abs() < 1e-12, "{chance}");
        // With one weight for both, it is the plain likelihood.
        let plain = k.likelihood(melded, 0.2, &mut rng).weight(0.2, 0.5, 1.0);
        assert!((fit.weight_split(0.2, 0.2, 0.5, 1.0) - plain).abs() < 1e-12);
        // A card next to the one it took is likelier in its hand than an unrelated one.
        let w = k.hidden_weights();
        assert!(w[card("8C").bit() as usize] > w[card("2H").bit() as usize]);
        assert_eq!(w[card("9S").bit() as usize], 0.0, "9S is in our own hand");
    }

    #[test]
    fn earlier_showdowns_say_whether_the_opponent_waits_for_gin() {
        let (me, opp): (Seat, Seat) = (0, 1);
        let shown = |knocker, defender, knocker_deadwood, defender_held| ShownHand {
            knocker,
            defender,
            knocker_deadwood,
            defender_held,
        };
        let evidence = WaiterEvidence {
            waited: 20.0,
            defended: 0.6,
            knocked: 0.2,
        };
        // Knocked against holding 6: it could have knocked and did not.
        let waited = Showdowns::of(&[shown(me, opp, 3, 6)], opp, 10);
        assert_eq!(waited.odds(&evidence), 20.0);
        // Knocking with deadwood, or holding too much to knock, points the other way; its gin
        // and our showdowns say nothing.
        let knocker = [
            shown(opp, me, 7, 30),
            shown(me, opp, 2, 25),
            shown(opp, me, 0, 20),
        ];
        let odds = Showdowns::of(&knocker, opp, 10).odds(&evidence);
        assert!((odds - 0.2 * 0.6).abs() < 1e-12);
        // The prior moves with the odds, and stays put without showdowns.
        let m = Match::new(Rules::default(), 2, [4; 32]).unwrap();
        let mut k = Knowledge::from_view(&m.view_for(m.to_act().unwrap())).unwrap();
        assert_eq!(k.waiter_chance(0.5, &evidence), 0.5);
        k.opp_showdowns = waited;
        assert!((k.waiter_chance(0.5, &evidence) - 20.0 / 21.0).abs() < 1e-12);
    }

    #[test]
    fn a_finished_hand_reaches_the_next_views_but_not_their_json() {
        let mut m = Match::new(Rules::default(), 2, [6; 32]).unwrap();
        while m.deal_no == 0 || m.history.is_empty() {
            let seat = m.to_act().unwrap();
            let view = m.view_for(seat);
            let action = crate::ai::decide_with(&crate::ai::Strategy::Simple, &[1; 32], &view);
            m.apply(seat, action).unwrap();
        }
        let view = m.view_for(m.to_act().unwrap());
        let want: Vec<ShownHand> = m
            .history
            .iter()
            .filter_map(|r| ShownHand::of(r.players, &r.end))
            .collect();
        assert_eq!(view.table.shown, want);
        let json = serde_json::to_string(&view.table).unwrap();
        assert!(!json.contains("shown"), "{json}");
    }
}
