//! `mc:N`: a determinized Monte Carlo player, the arena's yardstick of another kind than the
//! rule-based ones.
//!
//! Each decision draws N worlds consistent with the seat's own view alone: the opponent holds
//! every card it was seen taking and keeps, its other cards are drawn uniformly from the unseen
//! ones, and the rest of them, shuffled, is the stock. Every legal move is played out to the
//! end of the hand in every world with the fast `simple`-like policy of `rollout.rs`, and the
//! move with the best mean value in points is played. Unlike `hard` it reads nothing into the
//! opponent's choices and does not prune the discards; all moves meet the same worlds.

use super::knowledge::Knowledge;
use super::rollout::{Sim, Step, Table, World, ME};
use super::{Random, SplitMix};
use crate::card::Card;
use crate::hand::Action;
use crate::view::PlayerView;

/// N worlds as described above.
pub(super) fn uniform_worlds(know: &Knowledge, count: usize, rng: &mut impl Random) -> Vec<World> {
    let hidden = know.opp_hidden();
    (0..count)
        .map(|_| {
            let mut pool: Vec<Card> = know.unseen.iter().collect();
            // A partial Fisher-Yates shuffle: the first `hidden` cards go to the opponent.
            for i in 0..pool.len() {
                let j = i + rng.below(pool.len() - i);
                pool.swap(i, j);
            }
            let split = hidden.min(pool.len());
            let mut opp = know.opp_known;
            for &c in &pool[..split] {
                opp.insert(c);
            }
            World {
                opp,
                stock: pool[split..].to_vec(),
                seed: rng.bits(),
                waiter: false,
            }
        })
        .collect()
}

/// The move with the best mean over `samples` worlds; gin at once.
pub(super) fn decide(
    samples: usize,
    know: &Knowledge,
    view: &PlayerView,
    rng: &mut impl Random,
) -> Action {
    let legal = &view.legal_actions;
    let fallback = legal.first().copied().unwrap_or(Action::Pass);
    if let Some(gin) = know.gin_knock(legal) {
        return gin;
    }
    // A repeated (taken, discarded) pair could let two players trade cards forever.
    let fresh: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Discard(c) if know.repeat_barred.contains(*c)))
        .collect();
    let moves = if fresh.is_empty() { legal } else { &fresh };
    let (Some(table), Some(step)) = (Table::new(view, know, 0.0), Step::from_view(view, know))
    else {
        return fallback;
    };
    let worlds = uniform_worlds(know, samples.max(1), rng);
    let mut best = (f64::NEG_INFINITY, fallback);
    for &action in moves {
        let total: f64 = worlds
            .iter()
            .map(|world| {
                let mut sim = Sim::new(step, know, world);
                match sim.apply(ME, action, world, &table) {
                    Some(value) => value,
                    None => sim.run(world, &table, &mut SplitMix(world.seed)),
                }
            })
            .sum();
        if total > best.0 {
            best = (total, action);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardSet;
    use crate::{Match, Rules};

    #[test]
    fn worlds_hold_what_the_opponent_was_seen_taking_and_only_unseen_cards_besides() {
        let mut m = Match::new(Rules::default(), 2, [6; 32]).unwrap();
        // The first player takes the upcard and throws; the second decides.
        let first = m.to_act().unwrap();
        let upcard = m.view_for(first).table.upcard.unwrap();
        m.apply(first, Action::TakeUpcard).unwrap();
        let view = m.view_for(first);
        let throw = view
            .legal_actions
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Discard(_)))
            .unwrap();
        m.apply(first, throw).unwrap();
        let seat = m.to_act().unwrap();
        let know = Knowledge::from_view(&m.view_for(seat)).unwrap();
        let worlds = uniform_worlds(&know, 20, &mut SplitMix(3));
        for w in &worlds {
            assert!(w.opp.contains(upcard));
            assert_eq!(w.opp.len(), know.opp_count);
            let hidden = CardSet(w.opp.0 & !know.opp_known.0);
            assert_eq!(hidden.0 & !know.unseen.0, 0);
            let stock: CardSet = w.stock.iter().copied().collect();
            assert_eq!(stock.0 | hidden.0, know.unseen.0);
            assert_eq!(stock.0 & hidden.0, 0);
        }
        // Worlds differ.
        assert!(worlds.iter().any(|w| w.opp != worlds[0].opp));
    }

    /// A short match of `mc:16` against `simple`: every move legal, and the same seeds play
    /// the same match again.
    #[test]
    fn plays_legal_moves_and_replays_from_its_seed() {
        use crate::ai::{decide_with, Strategy};
        let play = || {
            let rules =
                Rules::from_preset_and_overrides(crate::Preset::Classic, "target=40").unwrap();
            let mut m = Match::new(rules, 2, [2; 32]).unwrap();
            let players = [Strategy::MonteCarlo(16), Strategy::Simple];
            let mut moves = Vec::new();
            while let Some(seat) = m.to_act() {
                let view = m.view_for(seat);
                let a = decide_with(&players[seat as usize], &[seat; 32], &view);
                assert!(view.legal_actions.contains(&a), "{a:?}");
                m.apply(seat, a).unwrap();
                moves.push(a);
                assert!(moves.len() < 5_000, "a match that never ends");
            }
            moves
        };
        assert_eq!(play(), play());
    }
}
