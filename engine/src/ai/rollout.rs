//! The hard player's imagination: sampled worlds and fast playouts of the rest of a hand.
//!
//! A world is one guess at what the seat cannot see: the opponent's hidden cards and the order
//! of the stock. A playout plays the hand on from a candidate move to its end, the opponent
//! playing like `simple` (a pile card only to meld, least-deadwood discards, knock at once)
//! and this seat the same but for one better habit: it also takes a pile card that lowers its
//! deadwood. A playout's value is that of the player who follows the move, and a seat that
//! plays on like `simple` undervalues every move that builds its hand. Measured under the EAAI
//! protocol against `simple`, when worlds were tested against the opponent's last moves only:
//! 73.7% of 4,000 mirrored matches with the habit, 73.2% without (within the noise).
//! Playouts use nothing but bit masks and the deadwood solver, and score the hand in match
//! points from this seat's side. Playouts mirror the engine's rules (`hand.rs`) for the upcard
//! offer, the no-rediscard rule, the dead hand and the fiftieth card.

use super::eval::{completes_meld, least_deadwood_discards, lowers_deadwood, pick, with};
use super::knowledge::{Fit, GinWaiter, Knowledge};
use super::{Random, SplitMix};
use crate::card::{Card, CardSet};
use crate::hand::{Action, Phase};
use crate::rules::Rules;
use crate::scoring::score_showdown;
use crate::showdown::solve_showdown;
use crate::solver::{knock_deadwood, min_deadwood};
use crate::view::PlayerView;

/// Sides in a playout: this seat and its opponent.
pub(super) const ME: usize = 0;
pub(super) const OPP: usize = 1;

/// A playout still going after this many actions is scored as a dead hand: two players who keep
/// trading discards would otherwise never finish it.
const MAX_STEPS: usize = 200;

/// Guesses at the opponent's hand drawn per world wanted; the worlds are then drawn among
/// them in proportion to their likelihood.
const GUESSES_PER_WORLD: usize = 4;

/// One guess at the hidden cards.
#[derive(Clone, Debug)]
pub(super) struct World {
    /// The opponent's whole hand: the cards it was seen taking plus guessed ones.
    pub opp: CardSet,
    /// The stock, top card last.
    pub stock: Vec<Card>,
    /// Seeds the playouts' tie-breaks: every candidate move meets the same luck in this world.
    pub seed: u64,
    /// The opponent here plays on for gin instead of knocking as soon as it can (drawn by how
    /// well that explains its moves, [`crate::ai::knowledge::Fit::waiter_chance`]).
    pub waiter: bool,
}

/// Draws `count` worlds: guesses at the opponent's hidden cards, drawn by the knowledge's
/// weights without replacement, are kept in proportion to how likely the opponent's moves
/// this hand make them ([`Knowledge::likelihood`], `accept` per move a guess contradicts, the
/// opponent a gin-waiter with prior chance `waiter`, see [`crate::ai::knowledge::Fit`], its
/// guesses weighted by `exp(-tilt x deadwood)`); the remaining unseen cards are shuffled into
/// the stock.
#[cfg(test)]
pub(super) fn sample_worlds(
    know: &Knowledge,
    count: usize,
    accept: f64,
    waiter: f64,
    tilt: f64,
    rng: &mut impl Random,
) -> Vec<World> {
    sample_worlds_melded(
        know,
        count,
        accept,
        waiter,
        tilt,
        0.0,
        None,
        GinWaiter::default(),
        rng,
    )
}

/// [`sample_worlds`], a share `melded` of the guesses built around melds ([`melded_pick`])
/// when the tilt is on: a player that has kept its best cards for many turns holds melds,
/// which guesses drawn card by card almost never do, so no tilt can find such hands among
/// them. With `waiter_accept`, a gin-waiter's discards are judged by it rather than by
/// `accept` ([`Fit::weight_split`]). `gin_waiter` says how a gin-waiter's moves are read.
#[allow(clippy::too_many_arguments)]
pub(super) fn sample_worlds_melded(
    know: &Knowledge,
    count: usize,
    accept: f64,
    waiter: f64,
    tilt: f64,
    melded: f64,
    waiter_accept: Option<f64>,
    gin_waiter: GinWaiter,
    rng: &mut impl Random,
) -> Vec<World> {
    let split = waiter_accept.is_some() && waiter > 0.0;
    let waiter_accept = waiter_accept.unwrap_or(accept);
    let weights = know.hidden_weights();
    let pool: Vec<Card> = know.unseen.iter().collect();
    let hidden = know.opp_hidden();
    // Before the opponent's first move every guess is as likely as any other.
    let tries = if know.opp_moves.is_empty() {
        count
    } else {
        count * GUESSES_PER_WORLD
    };
    let fits: Vec<(CardSet, Fit, f64)> = (0..tries)
        .map(|_| {
            let guessed = if melded > 0.0 && tilt > 0.0 && waiter > 0.0 && rng.unit() < melded {
                melded_pick(&pool, &weights, know.opp_known, hidden, rng)
            } else {
                weighted_pick(&pool, &weights, hidden, rng)
            };
            let opp = CardSet(know.opp_known.0 | guessed.0);
            let fit = know.likelihood_split(opp, accept, split, gin_waiter, rng);
            let tilt = if tilt > 0.0 && waiter > 0.0 {
                (-tilt * min_deadwood(opp) as f64).exp()
            } else {
                1.0
            };
            (guessed, fit, tilt)
        })
        .collect();
    // The tilt moves weight among a gin-waiter's guesses, not between the kinds of player.
    let mean_tilt = fits.iter().map(|f| f.2).sum::<f64>() / fits.len().max(1) as f64;
    let guesses: Vec<(CardSet, f64, f64)> = fits
        .iter()
        .map(|&(guessed, fit, tilt)| {
            let tilt = if mean_tilt > 0.0 {
                tilt / mean_tilt
            } else {
                1.0
            };
            (
                guessed,
                fit.weight_split(accept, waiter_accept, waiter, tilt),
                fit.waiter_chance_split(accept, waiter_accept, waiter, tilt),
            )
        })
        .collect();
    let total: f64 = guesses.iter().map(|g| g.1).sum();
    // Systematic resampling: `count` evenly spaced points over the guesses' summed likelihood
    // (all guesses alike if none fits at all).
    let (total, flat) = if total > 0.0 {
        (total, false)
    } else {
        (guesses.len() as f64, true)
    };
    let step = total / count as f64;
    let mut point = rng.unit() * step;
    let mut reached = 0.0;
    let mut at = 0;
    let mut worlds = Vec::with_capacity(count);
    while worlds.len() < count {
        let (guessed, likelihood, waits) = guesses[at];
        let weight = if flat { 1.0 } else { likelihood };
        // Rounding may leave the last points just past the end: they take the last guess.
        if point >= reached + weight && at + 1 < guesses.len() {
            reached += weight;
            at += 1;
            continue;
        }
        point += step;
        let mut stock: Vec<Card> = pool
            .iter()
            .copied()
            .filter(|&c| !guessed.contains(c))
            .collect();
        shuffle(&mut stock, rng);
        stock.truncate(know.stock_count);
        worlds.push(World {
            opp: CardSet(know.opp_known.0 | guessed.0),
            stock,
            seed: rng.bits(),
            waiter: rng.unit() < waits,
        });
    }
    worlds
}

/// `k` distinct cards of `pool` built around one to three melds: each a three-card run or set
/// of `pool` and `known` cards (drawn by the product of its pool cards' weights) whose pool
/// cards still fit; the rest drawn as [`weighted_pick`] draws them.
fn melded_pick(
    pool: &[Card],
    weights: &[f64; 64],
    known: CardSet,
    k: usize,
    rng: &mut impl Random,
) -> CardSet {
    let free: u64 = pool.iter().fold(0, |m, c| m | 1 << c.bit());
    let mut out = CardSet::EMPTY;
    for _ in 0..1 + rng.below(3) {
        let room = k - out.len();
        let open = free & !out.0;
        let melds: Vec<(u64, f64)> = three_card_melds()
            .filter(|&m| m & !(open | known.0 | out.0) == 0)
            .filter(|&m| ((m & open).count_ones() as usize) <= room && m & open != 0)
            .map(|m| {
                let w = CardSet(m & open)
                    .iter()
                    .map(|c| weights[c.bit() as usize])
                    .product::<f64>();
                (m, w)
            })
            .collect();
        let total: f64 = melds.iter().map(|m| m.1).sum();
        if total <= 0.0 {
            break;
        }
        let mut r = rng.unit() * total;
        let mut chosen = melds[melds.len() - 1].0;
        for &(m, w) in &melds {
            if r < w {
                chosen = m;
                break;
            }
            r -= w;
        }
        out.0 |= chosen & open;
    }
    let rest: Vec<Card> = pool.iter().copied().filter(|c| !out.contains(*c)).collect();
    let more = weighted_pick(&rest, weights, k - out.len(), rng);
    CardSet(out.0 | more.0)
}

/// Every run of three cards in a suit and every set of three of a rank, as bit masks.
fn three_card_melds() -> impl Iterator<Item = u64> {
    let runs = (0..4u64).flat_map(|s| (0..11u64).map(move |r| 0b111 << (s * 16 + r)));
    let sets = (0..13u64).flat_map(|r| {
        let all = (0..4u64).fold(0, |m, s| m | 1 << (s * 16 + r));
        (0..4u64).map(move |s| all & !(1 << (s * 16 + r)))
    });
    runs.chain(sets)
}

/// `k` distinct cards of `pool`, each draw proportional to the card's weight.
fn weighted_pick(pool: &[Card], weights: &[f64; 64], k: usize, rng: &mut impl Random) -> CardSet {
    let n = pool.len().min(52);
    let mut w = [0.0f64; 52];
    for (slot, card) in w.iter_mut().zip(&pool[..n]) {
        *slot = weights[card.bit() as usize];
    }
    let mut out = CardSet::EMPTY;
    for _ in 0..k.min(n) {
        let total: f64 = w[..n].iter().sum();
        if total <= 0.0 {
            break;
        }
        let mut r = rng.unit() * total;
        let mut chosen = None;
        for (i, &wi) in w[..n].iter().enumerate() {
            if wi <= 0.0 {
                continue;
            }
            // The last positive weight catches rounding at the very end.
            chosen = Some(i);
            if r < wi {
                break;
            }
            r -= wi;
        }
        let Some(i) = chosen else { break };
        out.insert(pool[i]);
        w[i] = 0.0;
    }
    out
}

fn shuffle(cards: &mut [Card], rng: &mut impl Random) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i + 1);
        cards.swap(i, j);
    }
}

/// What stays fixed during a playout: the hand's rules and the match score.
#[derive(Clone, Debug)]
pub(super) struct Table {
    rules: Rules,
    knock_limit: u32,
    upcard: Option<Card>,
    /// The side that acts first in the hand (gets the upcard offer first).
    first: usize,
    /// Running totals of ME and OPP.
    totals: [u32; 2],
    /// Points ME's team already made (negative: lost) at the other table of a Partnership
    /// deal that has ended there; the deal scores their sum with this table's (0 elsewhere).
    pub other_table: i64,
    match_bonus: f64,
    /// ME knocks in a playout only when its deadwood is below the opponent's (gin always):
    /// a seat that would wait for a safe knock, not one that knocks into undercuts. Seen from
    /// the world, so the value of playing on is an upper bound.
    pub me_knocks_when_ahead: bool,
    /// The same, only in worlds where the opponent is a gin-waiter.
    pub me_ahead_against_waiter: bool,
    /// The opponent's turns of the hand (from 1) in which a gin-waiter still knocks with
    /// deadwood; 0: only ever with gin.
    pub waiter_knock_turns: u32,
}

impl Table {
    pub fn new(view: &PlayerView, know: &Knowledge, match_bonus: f64) -> Option<Table> {
        let t = &view.table;
        let opp_seat = view.opponent()?;
        let total = |seat: u8| t.totals.get(seat as usize).copied().unwrap_or(0);
        Some(Table {
            rules: t.rules.clone(),
            knock_limit: t.knock_limit,
            upcard: t.upcard,
            first: if know.me == 0 { ME } else { OPP },
            totals: [total(view.seat), total(opp_seat)],
            match_bonus,
            other_table: 0,
            me_knocks_when_ahead: false,
            me_ahead_against_waiter: false,
            waiter_knock_turns: 0,
        })
    }

    /// The value to ME of `winner` scoring `points` at this table.
    fn value(&self, winner: usize, points: u32) -> f64 {
        let points = i64::from(points);
        self.deal_value(if winner == ME { points } else { -points })
    }

    /// The value to ME of a dead hand at this table.
    fn dead(&self) -> f64 {
        self.deal_value(0)
    }

    /// The value to ME of ME's side making `own` points here (negative: losing them), with
    /// the other table's: points beyond the target count for nothing, and reaching the target
    /// is worth `match_bonus` more.
    fn deal_value(&self, own: i64) -> f64 {
        let net = own + self.other_table;
        let winner = if net >= 0 { ME } else { OPP };
        let points = u32::try_from(net.unsigned_abs()).unwrap_or(u32::MAX);
        let need = self.rules.target.saturating_sub(self.totals[winner]);
        let mut v = f64::from(points.min(need));
        if points > 0 && points >= need {
            v += self.match_bonus;
        }
        if winner == ME {
            v
        } else {
            -v
        }
    }
}

/// Whose move it is and what kind, as in the engine's [`Phase`] but by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Offer(usize),
    Draw {
        who: usize,
        stock_only: bool,
    },
    Discard {
        who: usize,
        taken: Option<Card>,
        must_knock: bool,
    },
    Fiftieth(usize),
}

impl Step {
    fn who(self) -> usize {
        match self {
            Step::Offer(who) | Step::Fiftieth(who) => who,
            Step::Draw { who, .. } | Step::Discard { who, .. } => who,
        }
    }

    /// The view's phase by side; `None` once the hand is over.
    pub fn from_view(view: &PlayerView, know: &Knowledge) -> Option<Step> {
        let side = |player: usize| if player == know.me { ME } else { OPP };
        Some(match view.table.phase {
            Phase::UpcardOffer { player } => Step::Offer(side(player)),
            Phase::Draw { player, stock_only } => Step::Draw {
                who: side(player),
                stock_only,
            },
            Phase::Discard {
                player,
                taken,
                must_knock,
            } => Step::Discard {
                who: side(player),
                taken,
                must_knock,
            },
            Phase::FiftiethCard { player } => Step::Fiftieth(side(player)),
            Phase::Over => return None,
        })
    }
}

/// A hand in play inside one world. Small and `Copy`: every candidate starts from a copy.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sim {
    hands: [CardSet; 2],
    /// Cards left in the world's stock; the top one is `stock[stock_len - 1]`.
    stock_len: usize,
    top: Option<Card>,
    step: Step,
    /// OPP plays on for gin ([`World::waiter`]).
    opp_waits: bool,
    /// OPP's turn in the hand, from 1: one more than the discards it has made.
    opp_turn: u32,
}

impl Sim {
    /// The hand as the seat sees it, completed by `world`.
    pub fn new(step: Step, know: &Knowledge, world: &World) -> Sim {
        Sim {
            hands: [know.hand, world.opp],
            stock_len: world.stock.len(),
            top: know.top,
            step,
            opp_waits: world.waiter,
            opp_turn: know.opp_discards() as u32 + 1,
        }
    }

    /// Plays `action` for `who`, as the engine would; returns the hand's value to ME once it
    /// ends (a dead hand scores nothing here; 0 for an action out of place, which a playout
    /// never makes).
    pub fn apply(
        &mut self,
        who: usize,
        action: Action,
        world: &World,
        table: &Table,
    ) -> Option<f64> {
        let other = 1 - who;
        match (self.step, action) {
            (Step::Offer(_), Action::TakeUpcard) | (Step::Draw { .. }, Action::DrawDiscard) => {
                let Some(card) = self.top.take() else {
                    return Some(0.0);
                };
                self.hands[who].insert(card);
                self.step = Step::Discard {
                    who,
                    taken: Some(card),
                    must_knock: false,
                };
            }
            (Step::Offer(_), Action::Pass) => {
                // First the first player is offered the upcard, then the other; after two
                // passes the first player draws from the stock.
                self.step = if who == table.first {
                    Step::Offer(other)
                } else {
                    Step::Draw {
                        who: table.first,
                        stock_only: true,
                    }
                };
            }
            (Step::Draw { .. }, Action::DrawStock) => {
                if self.stock_len == 0 {
                    return Some(table.dead());
                }
                self.stock_len -= 1;
                self.hands[who].insert(world.stock[self.stock_len]);
                self.step = Step::Discard {
                    who,
                    taken: None,
                    must_knock: false,
                };
            }
            (Step::Discard { .. }, Action::Discard(card)) => {
                self.hands[who].remove(card);
                if who == OPP {
                    self.opp_turn += 1;
                }
                self.top = Some(card);
                if self.stock_len > 2 {
                    self.step = Step::Draw {
                        who: other,
                        stock_only: false,
                    };
                } else if table.rules.fiftieth_card {
                    self.step = Step::Fiftieth(other);
                } else {
                    return Some(table.dead());
                }
            }
            (Step::Discard { .. }, Action::Knock(card)) => {
                self.hands[who].remove(card);
                return Some(self.showdown(who, table));
            }
            (Step::Fiftieth(_), Action::DrawDiscard) => {
                let Some(card) = self.top.take() else {
                    return Some(0.0);
                };
                self.hands[who].insert(card);
                self.step = Step::Discard {
                    who,
                    taken: None,
                    must_knock: true,
                };
            }
            // A fiftieth card passed kills the hand; anything else cannot happen.
            _ => return Some(table.dead()),
        }
        None
    }

    /// Plays the hand to its end (see the module's doc for how each side plays); its value to
    /// ME.
    pub fn run(mut self, world: &World, table: &Table, rng: &mut SplitMix) -> f64 {
        for _ in 0..MAX_STEPS {
            let who = self.step.who();
            let action = self.policy(who, table, rng);
            if let Some(value) = self.apply(who, action, world, table) {
                return value;
            }
        }
        table.dead()
    }

    /// The move of `who`: the `simple` player's (see `simple.rs`), but for ME's pile cards
    /// ([`Sim::takes_top`]).
    fn policy(&self, who: usize, table: &Table, rng: &mut SplitMix) -> Action {
        let hand = self.hands[who];
        match self.step {
            Step::Offer(_) if self.takes_top(who) => Action::TakeUpcard,
            Step::Offer(_) => Action::Pass,
            Step::Draw { stock_only, .. } if !stock_only && self.takes_top(who) => {
                Action::DrawDiscard
            }
            Step::Draw { .. } => Action::DrawStock,
            Step::Discard {
                taken, must_knock, ..
            } => {
                let mut barred = CardSet::EMPTY;
                if let Some(card) = taken {
                    barred.insert(card);
                }
                let choice = match least_deadwood_discards(hand, barred) {
                    Some((ties, deadwood)) => pick(ties, rng).map(|card| (card, deadwood)),
                    None => None,
                };
                // A gin-waiter knocks only with gin, or when it must.
                let waits = !must_knock
                    && match who {
                        OPP => self.opp_waits && self.opp_turn > table.waiter_knock_turns,
                        _ => {
                            (table.me_knocks_when_ahead
                                || (self.opp_waits && table.me_ahead_against_waiter))
                                && choice.is_some_and(|(_, d)| d >= min_deadwood(self.hands[OPP]))
                        }
                    };
                match choice {
                    Some((card, deadwood)) if deadwood <= table.knock_limit && !waits => {
                        Action::Knock(card)
                    }
                    Some((card, 0)) => Action::Knock(card),
                    Some((card, _)) if !must_knock => Action::Discard(card),
                    // Cannot happen (a fiftieth card is only taken to knock): ends as dead.
                    _ => Action::Pass,
                }
            }
            Step::Fiftieth(_) => match self.top {
                Some(card) if knock_deadwood(with(hand, card)) <= table.knock_limit => {
                    Action::DrawDiscard
                }
                _ => Action::Pass,
            },
        }
    }

    /// Whether `who` takes the pile's top card: `simple` only when it completes a meld; ME also
    /// when, after its best discard, the hand keeps less deadwood than it has now.
    fn takes_top(&self, who: usize) -> bool {
        let hand = self.hands[who];
        let Some(top) = self.top else {
            return false;
        };
        completes_meld(hand, top) || (who == ME && lowers_deadwood(hand, top))
    }

    /// The showdown of `knocker`'s ten cards against the other hand, scored by the rules.
    fn showdown(&self, knocker: usize, table: &Table) -> f64 {
        let defender = 1 - knocker;
        let Ok(showdown) =
            solve_showdown(self.hands[knocker], self.hands[defender], table.knock_limit)
        else {
            return 0.0;
        };
        let score = score_showdown(&showdown, &table.rules, table.upcard);
        let winner = if score.knocker_won { knocker } else { defender };
        table.value(winner, score.points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{decide_with, HardConfig, Strategy};
    use crate::card::testing::{card, hand};
    use crate::solver::min_deadwood;
    use crate::Match;
    use rand_chacha::ChaCha20Rng;
    use rand_core::SeedableRng;

    #[test]
    fn a_partnership_table_is_valued_with_the_other_tables_result() {
        let m = Match::new(Rules::default(), 2, [4; 32]).unwrap();
        let view = m.view_for(m.to_act().unwrap());
        let know = Knowledge::from_view(&view).unwrap();
        let mut table = Table::new(&view, &know, 30.0).unwrap();
        table.rules.target = 125;
        table.totals = [100, 0];
        // Alone, a table's points are the deal's; a dead hand is worth nothing.
        assert_eq!((table.value(ME, 20), table.dead()), (20.0, 0.0));
        assert_eq!(table.value(OPP, 20), -20.0);
        // The partner made 30: a dead hand here wins the match (25 to go, plus the bonus),
        // and losing 10 here still leaves the deal's 20 to the team.
        table.other_table = 30;
        assert_eq!(table.dead(), 55.0);
        assert_eq!(table.value(OPP, 10), 20.0);
        assert_eq!(table.value(OPP, 30), 0.0);
        // The partner lost 30: winning 20 here only trims the other team's deal to 10.
        table.other_table = -30;
        assert_eq!(table.value(ME, 20), -10.0);
    }

    #[test]
    fn worlds_deal_exactly_the_unseen_cards_and_every_playout_ends() {
        let m = Match::new(Rules::default(), 2, [4; 32]).unwrap();
        let view = m.view_for(m.to_act().unwrap());
        let know = Knowledge::from_view(&view).unwrap();
        let table = Table::new(&view, &know, 30.0).unwrap();
        let step = Step::from_view(&view, &know).unwrap();
        let mut rng = ChaCha20Rng::from_seed([5; 32]);
        let worlds = sample_worlds(&know, 50, 0.2, 0.3, 0.1, &mut rng);
        assert_eq!(worlds.len(), 50);
        for world in &worlds {
            let stock: CardSet = world.stock.iter().copied().collect();
            assert_eq!(world.opp.len(), know.opp_count);
            assert_eq!(stock.len(), know.stock_count);
            assert_eq!(world.opp.0 & stock.0, 0);
            assert_eq!(world.opp.0 | stock.0, know.unseen.0 | know.opp_known.0);
            for &action in &view.legal_actions {
                let mut sim = Sim::new(step, &know, world);
                let value = match sim.apply(ME, action, world, &table) {
                    Some(value) => value,
                    None => sim.run(world, &table, &mut SplitMix(world.seed)),
                };
                // Points are capped at the target, plus the match bonus.
                assert!(value.abs() <= 130.0, "{value}");
            }
        }
    }

    /// The share of the opponent's hidden cards that worlds sampled against `simple` get
    /// right, and what a uniform guess would get, over the decisions of `matches` matches
    /// (their first `deals` hands) of `simple` against itself.
    fn overlap(matches: u8, deals: u32, worlds: usize, accept: f64) -> (f64, f64) {
        let (mut sampled, mut uniform, mut n) = (0.0, 0.0, 0usize);
        let mut rng = ChaCha20Rng::from_seed([9; 32]);
        for j in 0..matches {
            let mut m = Match::new(Rules::default(), 2, [j; 32]).unwrap();
            while let Some(seat) = m.to_act().filter(|_| m.deal_no <= deals) {
                let view = m.view_for(seat);
                let know = Knowledge::from_view(&view).unwrap();
                if !know.opp_discarded.is_empty() && know.opp_hidden() > 0 {
                    let me = m.hand.players.iter().position(|&s| s == seat).unwrap();
                    let truth = CardSet(m.hand.hands[1 - me].0 & !know.opp_known.0);
                    let guessed = sample_worlds(&know, worlds, accept, 0.0, 0.0, &mut rng);
                    let right: usize = guessed
                        .iter()
                        .map(|w| CardSet(w.opp.0 & truth.0).len())
                        .sum();
                    sampled += right as f64 / (guessed.len() * truth.len()) as f64;
                    uniform += know.opp_hidden() as f64 / know.unseen.len() as f64;
                    n += 1;
                }
                let action = decide_with(&Strategy::Simple, &[seat; 32], &view);
                m.apply(seat, action).unwrap();
            }
        }
        (sampled / n as f64, uniform / n as f64)
    }

    /// [`overlap`] at the shipped contradiction weight, printed.
    fn shipped_overlap(matches: u8, deals: u32, worlds: usize) -> (f64, f64) {
        let accept = HardConfig::default().contradiction_accept;
        let (sampled, uniform) = overlap(matches, deals, worlds, accept);
        eprintln!("hidden cards guessed right: {sampled:.4} (uniform: {uniform:.4})");
        (sampled, uniform)
    }

    /// The figures in `knowledge.rs`: 30 matches' first four hands, 200 worlds per decision.
    /// Ignored because it is a measurement, about 6 s in a release build and minutes in the
    /// test profile; the next test checks the same on a smaller sample.
    #[test]
    #[ignore]
    fn inference_overlap() {
        let (sampled, uniform) = shipped_overlap(30, 4, 200);
        assert!(sampled > uniform + 0.08, "{sampled} vs {uniform}");
    }

    #[test]
    fn a_gin_waiter_plays_on_with_a_knockable_hand_and_goes_gin() {
        let m = Match::new(Rules::default(), 2, [4; 32]).unwrap();
        let view = m.view_for(m.to_act().unwrap());
        let know = Knowledge::from_view(&view).unwrap();
        let mut table = Table::new(&view, &know, 30.0).unwrap();
        // OPP has drawn: 2C-4C, 7H-9H, KS KH KD, AS and 2D; throwing 2D leaves 1 deadwood.
        let mut world = World {
            opp: hand("2C 3C 4C 7H 8H 9H KS KH KD AS 2D"),
            stock: Vec::new(),
            seed: 1,
            waiter: false,
        };
        let step = Step::Discard {
            who: OPP,
            taken: None,
            must_knock: false,
        };
        let mut rng = SplitMix(1);
        let at = |world: &World, rng: &mut SplitMix| {
            let mut sim = Sim::new(step, &know, world);
            sim.hands[OPP] = world.opp;
            sim.policy(OPP, &table, rng)
        };
        assert!(matches!(at(&world, &mut rng), Action::Knock(_)));
        world.waiter = true;
        assert!(matches!(at(&world, &mut rng), Action::Discard(_)));
        world.opp = hand("2C 3C 4C 5C 7H 8H 9H KS KH KD QS");
        assert_eq!(at(&world, &mut rng), Action::Knock(card("QS")), "gin");
        // ME, knocking only when ahead, plays on against a hand with less deadwood.
        table.me_knocks_when_ahead = true;
        let mut sim = Sim::new(step, &know, &world);
        let gin = hand("5S 6S 7S 8S 9S TS JS 4D 5D 6D");
        sim.hands = [hand("2C 3C 4C 7H 8H 9H KS KH KD AS QD"), gin];
        sim.step = Step::Discard {
            who: ME,
            taken: None,
            must_knock: false,
        };
        assert_eq!(
            sim.policy(ME, &table, &mut rng),
            Action::Discard(card("QD"))
        );
        sim.hands[OPP] = hand("5S 6S 7S 8S 9S TS JS QS 2H 3D");
        assert!(matches!(sim.policy(ME, &table, &mut rng), Action::Knock(_)));
        // Waiting for a safe knock only against a gin-waiter: at once against a knocker.
        table.me_knocks_when_ahead = false;
        table.me_ahead_against_waiter = true;
        sim.hands[OPP] = gin;
        assert!(sim.opp_waits);
        assert_eq!(
            sim.policy(ME, &table, &mut rng),
            Action::Discard(card("QD"))
        );
        sim.opp_waits = false;
        assert!(matches!(sim.policy(ME, &table, &mut rng), Action::Knock(_)));
        // A gin-waiter that still knocks in its first three turns (MARJJ) knocks with 1
        // deadwood in its first, and waits from its fourth: each discard counts a turn.
        table.waiter_knock_turns = 3;
        let mut sim = Sim::new(step, &know, &world);
        sim.hands[OPP] = hand("2C 3C 4C 7H 8H 9H KS KH KD AS 2D");
        sim.stock_len = 10;
        assert_eq!(sim.opp_turn, 1);
        assert!(matches!(
            sim.policy(OPP, &table, &mut rng),
            Action::Knock(_)
        ));
        for _ in 0..3 {
            let card = sim.hands[OPP].iter().next().unwrap();
            sim.step = step;
            assert_eq!(sim.apply(OPP, Action::Discard(card), &world, &table), None);
            sim.hands[OPP].insert(card);
        }
        assert_eq!(sim.opp_turn, 4);
        sim.step = step;
        assert!(matches!(
            sim.policy(OPP, &table, &mut rng),
            Action::Discard(_)
        ));
    }

    #[test]
    fn melded_guesses_hold_melds_and_tighten_a_gin_waiters_hand() {
        let m = Match::new(Rules::default(), 2, [4; 32]).unwrap();
        let know = Knowledge::from_view(&m.view_for(m.to_act().unwrap())).unwrap();
        let pool: Vec<Card> = know.unseen.iter().collect();
        let weights = know.hidden_weights();
        let mut rng = ChaCha20Rng::from_seed([8; 32]);
        for _ in 0..50 {
            let guess = melded_pick(&pool, &weights, CardSet::EMPTY, 10, &mut rng);
            assert_eq!(guess.len(), 10);
            assert_eq!(guess.0 & !know.unseen.0, 0, "only unseen cards");
            assert!(three_card_melds().any(|m| m & !guess.0 == 0), "a meld");
        }
        // A known card is built on, not dealt again.
        let known = hand("7H");
        let pool: Vec<Card> = know.unseen.iter().filter(|&c| c != card("7H")).collect();
        let guess = melded_pick(&pool, &weights, known, 9, &mut rng);
        assert!(!guess.contains(card("7H")) && guess.len() == 9);
        // Worlds so built hold less deadwood, and only when a tilt and a gin-waiter are in play.
        let mean = |melded: f64, tilt: f64, rng: &mut ChaCha20Rng| {
            let worlds = sample_worlds_melded(
                &know,
                200,
                0.2,
                0.5,
                tilt,
                melded,
                None,
                GinWaiter::default(),
                rng,
            );
            worlds
                .iter()
                .map(|w| f64::from(min_deadwood(w.opp)))
                .sum::<f64>()
                / 200.0
        };
        let plain = mean(0.0, 0.01, &mut rng);
        let melded = mean(1.0, 0.01, &mut rng);
        assert!(melded + 8.0 < plain, "{melded} vs {plain}");
        let off = mean(1.0, 0.0, &mut rng);
        assert!(off > melded + 8.0, "{off} vs {melded}");
    }

    /// Replaying the opponent's moves must pin its hand down well beyond chance.
    #[test]
    fn sampled_worlds_know_more_of_the_hidden_hand_than_a_uniform_guess() {
        let (sampled, uniform) = shipped_overlap(2, 2, 50);
        assert!(sampled > uniform + 0.06, "{sampled} vs {uniform}");
        // Ignoring the moves (every guess kept alike) knows less.
        let (blind, _) = overlap(2, 2, 50, 1.0);
        assert!(sampled > blind + 0.02, "{sampled} vs {blind}");
    }
}

#[cfg(test)]
mod belief_probe {
    use super::*;
    use crate::ai::{decide_with, HardConfig, Strategy};
    use crate::solver::min_deadwood;
    use crate::Match;
    use rand_chacha::ChaCha20Rng;
    use rand_core::SeedableRng;

    /// At hard's decisions where it may knock against `opp`: the opponent's true deadwood
    /// against the sampled worlds' mean, and how often sampled and true hands hold no more
    /// deadwood than the knock would show.
    #[test]
    #[ignore]
    fn probe_deadwood_belief() {
        for (name, opp) in [("marjj", Strategy::Marjj), ("simple", Strategy::Simple)] {
            let waiter = std::env::var("PROBE_WAITER").map_or(0.0, |w| w.parse().unwrap());
            let config = HardConfig {
                samples: 100,
                gin_waiter: waiter,
                waiter_tilt: std::env::var("PROBE_TILT").map_or(0.0, |w| w.parse().unwrap()),
                ..HardConfig::default()
            };
            let hard = Strategy::Hard(config.clone());
            let mut rng = ChaCha20Rng::from_seed([3; 32]);
            let (mut truth, mut guess, mut under_t, mut under_g, mut n) = (0.0, 0.0, 0.0, 0.0, 0);
            for j in 0..12u8 {
                let mut m = Match::new(Rules::default(), 2, [j; 32]).unwrap();
                while let Some(seat) = m.to_act().filter(|_| m.deal_no <= 3) {
                    let view = m.view_for(seat);
                    let hard_seat = seat == m.hand.players[(j % 2) as usize];
                    let action = if hard_seat {
                        let know = Knowledge::from_view(&view).unwrap();
                        let knock = view
                            .legal_actions
                            .iter()
                            .filter_map(|a| match a {
                                Action::Knock(c) => Some(min_deadwood(know.hand.without(*c))),
                                _ => None,
                            })
                            .min();
                        if let Some(mine) = knock.filter(|&d| d > 0) {
                            let me = m.hand.players.iter().position(|&s| s == seat).unwrap();
                            let t = min_deadwood(m.hand.hands[1 - me]);
                            let ws = sample_worlds(
                                &know,
                                200,
                                config.contradiction_accept,
                                config.gin_waiter,
                                config.waiter_tilt,
                                &mut rng,
                            );
                            let g: f64 = ws.iter().map(|w| min_deadwood(w.opp) as f64).sum::<f64>()
                                / ws.len() as f64;
                            let ug = ws.iter().filter(|w| min_deadwood(w.opp) <= mine).count()
                                as f64
                                / ws.len() as f64;
                            truth += t as f64;
                            guess += g;
                            under_t += f64::from(u8::from(t <= mine));
                            under_g += ug;
                            n += 1;
                        }
                        decide_with(&hard, &[seat; 32], &view)
                    } else {
                        decide_with(&opp, &[seat; 32], &view)
                    };
                    m.apply(seat, action).unwrap();
                }
            }
            let n = f64::from(n);
            eprintln!(
                "{name}: n={n} true dw {:.1} sampled {:.1}; true undercut-able {:.3} sampled {:.3}",
                truth / n,
                guess / n,
                under_t / n,
                under_g / n
            );
        }
    }
}

#[cfg(test)]
mod style_probe {
    use super::*;
    use crate::ai::{decide_with, Strategy};
    use crate::Match;

    /// How often each opponent's discards are among the least-deadwood ones of its true hand,
    /// by its turn in the hand.
    #[test]
    #[ignore]
    fn probe_discard_style() {
        for (name, opp) in [("marjj", Strategy::Marjj), ("simple", Strategy::Simple)] {
            let mut by_turn = [(0u32, 0u32); 12];
            for j in 0..40u8 {
                let mut m = Match::new(Rules::default(), 2, [j; 32]).unwrap();
                while let Some(seat) = m.to_act().filter(|_| m.deal_no <= 3) {
                    let view = m.view_for(seat);
                    let action = decide_with(&opp, &[seat; 32], &view);
                    if let Action::Discard(card) = action {
                        let me = m.hand.players.iter().position(|&s| s == seat).unwrap();
                        let turn = view
                            .table
                            .actions
                            .iter()
                            .filter(|(s, a)| *s == seat && matches!(a, Action::Discard(_)))
                            .count()
                            .min(11);
                        let taken = match view.table.phase {
                            Phase::Discard { taken, .. } => taken,
                            _ => None,
                        };
                        let barred = taken.map_or(CardSet::EMPTY, |t| with(CardSet::EMPTY, t));
                        let hit = least_deadwood_discards(m.hand.hands[me], barred)
                            .is_some_and(|(ties, _)| ties.contains(card));
                        by_turn[turn].0 += u32::from(hit);
                        by_turn[turn].1 += 1;
                    }
                    m.apply(seat, action).unwrap();
                }
            }
            let all: (u32, u32) = by_turn.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
            eprintln!("{name}: all {}/{}; by turn {:?}", all.0, all.1, by_turn);
        }
    }
}
