//! Swiss pairing rules, one by one, on small fields.

use super::super::matching::Bits;
use super::super::swiss::{pair, pair_within, Field, Pairs};
use super::super::{Pairing, TournamentFormat};
use super::{decide, event, favourites, id};

/// A field of `points.len()` by position, no byes yet, with the pairs in `met` played.
fn field(points: &[u32], met: &[(usize, usize)]) -> Field {
    let mut bits = Bits::new(points.len());
    for &(a, b) in met {
        bits.set(a, b);
    }
    Field {
        points: points.to_vec(),
        byes: vec![0; points.len()],
        met: bits,
    }
}

fn repeats(pairs: &Pairs, f: &Field) -> usize {
    pairs
        .tables
        .iter()
        .filter(|&&(a, b)| f.met.get(a, b))
        .count()
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_by_rating() {
    let mut t = event(TournamentFormat::Swiss { rounds: 3 }, 8);
    let round = t.pair_next_round().unwrap().clone();
    let expected: Vec<Pairing> = [(0, 4), (1, 5), (2, 6), (3, 7)]
        .iter()
        .map(|&(a, b)| Pairing::Match {
            first: id(a),
            second: id(b),
            decision: None,
        })
        .collect();
    assert_eq!(round.pairings, expected);
}

#[test]
fn round_one_of_an_odd_field_gives_the_bye_to_the_lowest_rated() {
    let mut t = event(TournamentFormat::Swiss { rounds: 3 }, 7);
    let round = t.pair_next_round().unwrap();
    assert_eq!(
        round.pairings.last(),
        Some(&Pairing::Bye { entrant: id(6) })
    );
    assert_eq!(
        round.pairings[0].entrants().collect::<Vec<_>>(),
        [id(0), id(3)]
    );
}

#[test]
fn an_odd_score_group_floats_its_lowest_to_the_top_of_the_next() {
    let f = field(&[2, 2, 2, 1, 1, 1], &[]);
    assert_eq!(pair(&f).tables, [(0, 1), (2, 3), (4, 5)]);
}

#[test]
fn a_group_whose_players_met_floats_them_both() {
    let f = field(&[1, 1, 0, 0], &[(0, 1)]);
    assert_eq!(pair(&f).tables, [(0, 2), (1, 3)]);
}

/// The fold would pair 0-2 and leave 1 and 3, who met, to float; the group keeps both pairs.
#[test]
fn a_group_keeps_all_its_pairs_inside_when_it_can() {
    let f = field(&[1, 1, 1, 1, 0, 0], &[(1, 3)]);
    assert_eq!(pair(&f).tables, [(0, 3), (1, 2), (4, 5)]);
}

/// The fold's first choice 0-3 leaves 1, 2, 4, 5, where 1 must take 2 and 4-5 met: a greedy
/// pass repeats a pair; the search sees it ahead and pairs 0-4 instead.
#[test]
fn the_search_avoids_the_dead_end_a_greedy_pass_walks_into() {
    let f = field(&[0; 6], &[(1, 4), (1, 5), (4, 5)]);
    let pairs = pair(&f);
    assert_eq!(repeats(&pairs, &f), 0);
    assert_eq!(pairs.tables, [(0, 4), (1, 3), (2, 5)]);
}

/// Two triangles that have met across: one pair must meet again, and only one does.
#[test]
fn an_unavoidable_repeat_is_made_once() {
    let across: Vec<(usize, usize)> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
    let f = field(&[0; 6], &across);
    let pairs = pair(&f);
    assert_eq!(pairs.tables.len(), 3);
    assert_eq!(repeats(&pairs, &f), 1);
}

#[test]
fn everyone_met_everyone_still_gets_a_pairing() {
    let all: Vec<(usize, usize)> = (0..4)
        .flat_map(|a| (a + 1..4).map(move |b| (a, b)))
        .collect();
    let f = field(&[3, 2, 1, 0], &all);
    assert_eq!(pair(&f).tables, [(0, 1), (2, 3)]);
}

#[test]
fn the_bye_goes_to_the_lowest_placed_who_has_not_had_one() {
    let mut f = field(&[2, 1, 1, 0, 0], &[]);
    assert_eq!(pair(&f).bye, Some(4));
    f.byes = vec![0, 0, 0, 0, 1];
    assert_eq!(pair(&f).bye, Some(3));
}

/// With the bye at 4, player 0 (who met 1, 2 and 3) could only repeat: the bye moves up.
#[test]
fn the_bye_moves_up_when_the_lowest_would_force_a_repeat() {
    let f = field(&[1, 1, 1, 0, 0], &[(0, 1), (0, 2), (0, 3)]);
    let pairs = pair(&f);
    assert_eq!(pairs.bye, Some(3));
    assert_eq!(repeats(&pairs, &f), 0);
}

#[test]
fn no_one_has_the_bye_twice_in_a_three_player_event() {
    let mut t = event(TournamentFormat::Swiss { rounds: 2 }, 3);
    let mut byes = Vec::new();
    while !t.is_finished() {
        let round = t.pair_next_round().unwrap();
        byes.extend(round.pairings.iter().filter_map(|p| match p {
            Pairing::Bye { entrant } => Some(*entrant),
            _ => None,
        }));
        decide(&mut t, favourites);
    }
    assert_eq!(byes, [id(2), id(1)]);
}

/// The favourites win everything: after round 1 the winners meet the winners.
#[test]
fn round_two_pairs_winners_with_winners() {
    let mut t = event(TournamentFormat::Swiss { rounds: 3 }, 8);
    t.pair_next_round().unwrap();
    decide(&mut t, favourites);
    let round = t.pair_next_round().unwrap();
    let tables: Vec<Vec<_>> = round
        .pairings
        .iter()
        .map(|p| p.entrants().collect())
        .collect();
    assert_eq!(
        tables,
        [
            [id(0), id(2)],
            [id(1), id(3)],
            [id(4), id(6)],
            [id(5), id(7)]
        ]
    );
}

/// The fewest repeats over every way to pair `f` (the bye among those with fewest byes).
fn fewest_repeats(f: &Field) -> usize {
    fn best(left: &[usize], f: &Field) -> usize {
        let Some((&a, rest)) = left.split_first() else {
            return 0;
        };
        (0..rest.len())
            .map(|k| {
                let mut others = rest.to_vec();
                let b = others.remove(k);
                usize::from(f.met.get(a, b)) + best(&others, f)
            })
            .min()
            .unwrap_or(0)
    }
    let m = f.points.len();
    let everyone: Vec<usize> = (0..m).collect();
    if m % 2 == 0 {
        return best(&everyone, f);
    }
    let fewest = f.byes.iter().min().copied().unwrap_or(0);
    (0..m)
        .filter(|&c| f.byes[c] == fewest)
        .map(|c| {
            let rest: Vec<usize> = everyone.iter().copied().filter(|&v| v != c).collect();
            best(&rest, f)
        })
        .min()
        .unwrap_or(0)
}

/// The dead end above, with no budget for the score-group search: the top-down pass that
/// takes over still sees it ahead.
#[test]
fn the_top_down_pass_also_avoids_the_dead_end() {
    let f = field(&[0; 6], &[(1, 4), (1, 5), (4, 5)]);
    let pairs = pair_within(&f, 0);
    assert_eq!(repeats(&pairs, &f), 0);
    assert_eq!(pairs.tables, [(0, 4), (1, 3), (2, 5)]);
}

proptest::proptest! {
    #![proptest_config(super::fixed_cases(300, 0x6661_6c6c_6261_636b))]

    /// Random histories (not only those a Swiss produces), with and without the budget for
    /// the score-group search: always the fewest repeats, everyone once, a fair bye.
    #[test]
    fn any_history_gets_the_fewest_repeats(
        m in 2usize..=10,
        density in 0u64..100,
        seed in proptest::prelude::any::<u64>(),
        budget in proptest::prelude::prop_oneof![
            proptest::prelude::Just(0usize),
            proptest::prelude::Just(4_096usize),
        ],
    ) {
        let mut dice = super::Dice(seed);
        let mut points: Vec<u32> = (0..m).map(|_| dice.below(4) as u32).collect();
        points.sort_unstable_by(|a, b| b.cmp(a));
        let met: Vec<(usize, usize)> = (0..m)
            .flat_map(|a| (a + 1..m).map(move |b| (a, b)))
            .filter(|_| dice.below(100) < density)
            .collect();
        let mut f = field(&points, &met);
        f.byes = (0..m).map(|_| dice.below(2) as u32).collect();
        let pairs = pair_within(&f, budget);
        proptest::prop_assert_eq!(repeats(&pairs, &f), fewest_repeats(&f));
        let mut seen: Vec<usize> =
            pairs.tables.iter().flat_map(|&(a, b)| [a, b]).chain(pairs.bye).collect();
        seen.sort_unstable();
        proptest::prop_assert_eq!(seen, (0..m).collect::<Vec<_>>());
        if let Some(b) = pairs.bye {
            proptest::prop_assert_eq!(Some(&f.byes[b]), f.byes.iter().min());
        }
    }
}
