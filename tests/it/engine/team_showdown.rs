//! The Team Gin showdown solver (RULES.md section 11b) against a brute-force search written
//! independently of it, on random showdowns. Seeded: every run checks the same cases.
//!
//! The brute force works on plain lists of cards: every way to split a hand into melds and
//! deadwood (each card either deadwood or in one meld, a meld checked by its definition), and
//! every order of laying off cards one at a time onto a meld that stays a meld.

use gin::engine::*;
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::collections::HashMap;

fn config(cases: u32) -> Config {
    super::fixed_cases(cases, 0x7465_616d)
}

/// RULES.md section 2, from the definition: three or four of a rank, or three or more
/// consecutive cards of a suit (ace low).
fn is_meld(cards: &[Card]) -> bool {
    if cards.len() < 3 {
        return false;
    }
    let rank = cards[0].rank();
    if cards.iter().all(|c| c.rank() == rank) {
        return cards.len() <= 4;
    }
    let suit = cards[0].suit();
    if !cards.iter().all(|c| c.suit() == suit) {
        return false;
    }
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort();
    ranks.windows(2).all(|w| w[1] == w[0] + 1)
}

fn value(cards: &[Card]) -> u32 {
    cards.iter().map(|c| c.value() as u32).sum()
}

/// Every split of `cards` into melds and deadwood: (melds, deadwood).
fn splits(cards: &[Card]) -> Vec<(Vec<Vec<Card>>, Vec<Card>)> {
    let Some((&first, rest)) = cards.split_first() else {
        return vec![(Vec::new(), Vec::new())];
    };
    let mut out = Vec::new();
    for (melds, mut dead) in splits(rest) {
        dead.push(first);
        out.push((melds, dead));
    }
    // `first` in a meld with some of the others.
    for mask in 1u32..(1 << rest.len()) {
        let mut meld = vec![first];
        meld.extend(
            (0..rest.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| rest[i]),
        );
        if !is_meld(&meld) {
            continue;
        }
        let left: Vec<Card> = (0..rest.len())
            .filter(|i| mask >> i & 1 == 0)
            .map(|i| rest[i])
            .collect();
        for (mut melds, dead) in splits(&left) {
            melds.push(meld.clone());
            out.push((melds, dead));
        }
    }
    out
}

/// The most value the `pool` can lay off onto `melds`, trying every card on every meld in
/// every order (`seen`: the best from each state of the melds reached so far).
fn most_laid_off(
    melds: &mut Vec<Vec<Card>>,
    pool: &mut Vec<Card>,
    seen: &mut HashMap<Vec<u64>, u32>,
) -> u32 {
    let state: Vec<u64> = melds.iter().map(|m| CardSet::from_cards(m).0).collect();
    if let Some(&v) = seen.get(&state) {
        return v;
    }
    let mut best = 0;
    for i in 0..pool.len() {
        for m in 0..melds.len() {
            let card = pool[i];
            melds[m].push(card);
            if is_meld(&melds[m]) {
                pool.remove(i);
                best = best.max(card.value() as u32 + most_laid_off(melds, pool, seen));
                pool.insert(i, card);
            }
            melds[m].pop();
        }
    }
    seen.insert(state, best);
    best
}

/// (K, D) of the showdown, or None when the knocker cannot knock within `limit`.
fn brute_force(hands: &[Vec<Card>; 4], limit: u32) -> Option<(u32, u32)> {
    let all: Vec<_> = hands.iter().map(|h| splits(h)).collect();
    let mut best: Option<((i64, i64), u32, u32)> = None;
    for (km, kd) in &all[0] {
        let k1 = value(kd);
        if k1 > limit {
            continue;
        }
        for (pm, pd) in &all[1] {
            let k2 = value(pd);
            let mut open: Vec<Vec<Card>> = Vec::new();
            if k1 > 0 {
                open.extend(km.iter().cloned());
            }
            if k2 > 0 {
                open.extend(pm.iter().cloned());
            }
            let mut d = u32::MAX;
            for (_, d1) in &all[2] {
                for (_, d2) in &all[3] {
                    let mut pool: Vec<Card> = d1.iter().chain(d2).copied().collect();
                    let total = value(&pool);
                    let off = most_laid_off(&mut open.clone(), &mut pool, &mut HashMap::new());
                    d = d.min(total - off);
                }
            }
            let k = k1 + k2;
            let key = (d as i64 - k as i64, -(k as i64));
            if best.is_none_or(|b| key > b.0) {
                best = Some((key, k, d));
            }
        }
    }
    best.map(|(_, k, d)| (k, d))
}

/// Four hands of seven from `deck` (shuffled by the strategy).
fn deal(deck: &[Card]) -> [Vec<Card>; 4] {
    std::array::from_fn(|i| deck[i * 7..i * 7 + 7].to_vec())
}

fn check(hands: [Vec<Card>; 4], limit: u32) -> Result<(), TestCaseError> {
    let set = |h: &Vec<Card>| CardSet::from_cards(h);
    let engine = solve_team_showdown(
        set(&hands[0]),
        set(&hands[1]),
        [set(&hands[2]), set(&hands[3])],
        limit,
    );
    let expected = brute_force(&hands, limit);
    match (engine, expected) {
        (Ok(s), Some((k, d))) => {
            prop_assert_eq!((s.knocking_deadwood, s.defending_deadwood), (k, d));
            // The layout the engine shows adds up to what it counts.
            let shown: u32 = s.defending.iter().map(|side| side.deadwood).sum();
            prop_assert_eq!(shown, d);
            let laid: u32 = s.layoffs.iter().map(|l| l.card.value() as u32).sum();
            let before: u32 = s
                .defending
                .iter()
                .map(|side| side.deadwood_cards.value())
                .sum::<u32>()
                + laid;
            prop_assert!(before >= d);
        }
        (Err(ShowdownError::AboveKnockLimit { .. }), None) => {}
        (engine, expected) => {
            prop_assert!(false, "engine {:?}, brute force {:?}", engine, expected)
        }
    }
    Ok(())
}

/// A deck of `ranks` consecutive ranks from `low`, all suits: fewer ranks, more melds.
fn narrow_deck(low: u8, ranks: u8) -> Vec<Card> {
    (low..low + ranks)
        .flat_map(|r| Suit::ALL.map(|s| Card::new(r, s)))
        .collect()
}

proptest! {
    #![proptest_config(config(160))]

    /// Random deals from the whole deck, with limits from the rule's 10 to "any hand".
    #[test]
    fn the_team_solver_agrees_with_brute_force(
        deck in Just(Card::all().collect::<Vec<_>>()).prop_shuffle(),
        limit in prop::sample::select(vec![10u32, 25, 60, 100]),
    ) {
        check(deal(&deck), limit)?;
    }

    /// Meld-rich deals: 28 cards from seven or eight ranks, so sets, runs and layoffs abound.
    #[test]
    fn the_team_solver_agrees_with_brute_force_on_meld_rich_hands(
        low in 0u8..5,
        ranks in 7u8..9,
        order in Just((0..32usize).collect::<Vec<_>>()).prop_shuffle(),
        limit in prop::sample::select(vec![10u32, 30, 100]),
    ) {
        let deck = narrow_deck(low, ranks);
        let shuffled: Vec<Card> = order.iter().filter(|&&i| i < deck.len()).map(|&i| deck[i]).collect();
        check(deal(&shuffled), limit)?;
    }
}
