//! Property tests: whole events on random fields of 2 to 256 with random results (and, in
//! some, random disqualifications), each round checked as it is paired.

use super::super::{Entrant, EntrantId, Pairing, Round, Settings, Tournament, TournamentFormat};
use super::brute::check_swiss_round;
use super::{decide, fixed_cases, Dice};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::collections::{BTreeMap, BTreeSet};

fn config(cases: u32) -> Config {
    fixed_cases(cases, 0x7061_6972_696e_6721)
}

/// `n` entrants with scattered ids and coarse ratings (so equal ratings happen).
fn random_field(n: usize, dice: &mut Dice) -> Vec<Entrant> {
    (0..n)
        .map(|i| Entrant {
            id: EntrantId(1_000 + 7 * i as u64 + dice.below(7)),
            rating: (1_200 + 25 * dice.below(40)) as f64,
        })
        .collect()
}

/// Plays `t` to its end with random results; before each round's results, `check` sees the
/// state it was paired from and the round. Now and then (1 in `dq_odds` rounds, 0 never)
/// someone still in is disqualified mid-round.
fn play_out(
    t: &mut Tournament,
    dice: &mut Dice,
    dq_odds: u64,
    mut check: impl FnMut(&Tournament, &Round),
) {
    while !t.is_finished() {
        let before = t.clone();
        let round = t.pair_next_round().expect("a round to pair").clone();
        check(&before, &round);
        if dq_odds > 0 && dice.below(dq_odds) == 0 {
            let active: Vec<EntrantId> = t
                .entrants()
                .iter()
                .map(|e| e.id)
                .filter(|e| !t.withdrawn().contains(e))
                .collect();
            let who = active[dice.below(active.len() as u64) as usize];
            t.disqualify(who).expect("an active entrant");
        }
        decide(t, |a, b| dice.result(a, b));
    }
}

fn byes_of(rounds: &[Round]) -> BTreeMap<EntrantId, u32> {
    let mut byes = BTreeMap::new();
    for p in rounds.iter().flat_map(|r| &r.pairings) {
        if let Pairing::Bye { entrant } = *p {
            *byes.entry(entrant).or_default() += 1;
        }
    }
    byes
}

fn met_of(rounds: &[Round]) -> BTreeSet<(EntrantId, EntrantId)> {
    let mut met = BTreeSet::new();
    for p in rounds.iter().flat_map(|r| &r.pairings) {
        if let Pairing::Match { first, second, .. } = *p {
            met.insert((first.min(second), first.max(second)));
        }
    }
    met
}

fn swiss(n: usize, rounds: u32, dice: &mut Dice) -> Tournament {
    let settings = Settings {
        format: TournamentFormat::Swiss { rounds },
        bye_points: 40,
    };
    Tournament::new(settings, random_field(n, dice)).expect("valid")
}

/// Checks what holds of every Swiss round: the active field paired once each, withdrawn
/// entrants left out, a bye only for an odd field and to someone with the fewest byes.
fn check_swiss_basics(before: &Tournament, round: &Round) {
    let active: Vec<EntrantId> = before
        .entrants()
        .iter()
        .map(|e| e.id)
        .filter(|e| !before.withdrawn().contains(e))
        .collect();
    let mut seen: Vec<EntrantId> = round.pairings.iter().flat_map(Pairing::entrants).collect();
    seen.sort();
    let mut expected = active.clone();
    expected.sort();
    assert_eq!(seen, expected, "everyone still in, once");
    let byes = byes_of(before.rounds());
    let bye: Vec<EntrantId> = round
        .pairings
        .iter()
        .filter_map(|p| match p {
            Pairing::Bye { entrant } => Some(*entrant),
            _ => None,
        })
        .collect();
    assert_eq!(bye.len(), active.len() % 2, "a bye only for an odd field");
    let fewest = active
        .iter()
        .map(|e| byes.get(e).copied().unwrap_or(0))
        .min();
    for b in bye {
        assert_eq!(Some(byes.get(&b).copied().unwrap_or(0)), fewest);
    }
}

/// Large fields: with so few rounds played that everyone has met fewer than half the field,
/// a repeat-free pairing exists (Dirac: a graph whose every vertex reaches half the others
/// has a Hamiltonian cycle, hence a perfect matching), even after the lowest-placed bye-free
/// player takes the bye; so none may repeat and that player must have the bye. And no two
/// floaters of one score group may be swapped back into it: if f1 and f2 floated out of the
/// same group without having met, while their partners below had not met each other either,
/// the group could have kept one more pair.
fn check_swiss_large(before: &Tournament, round: &Round) {
    let standings: Vec<_> = before
        .standings()
        .into_iter()
        .filter(|s| !s.withdrawn)
        .collect();
    let m = standings.len();
    let r = before.rounds().len() + 1;
    let met = met_of(before.rounds());
    let has_met = |a: EntrantId, b: EntrantId| met.contains(&(a.min(b), a.max(b)));
    let repeats = met_of(std::slice::from_ref(round))
        .iter()
        .filter(|&&(a, b)| has_met(a, b))
        .count();
    if m - m % 2 >= 2 * r {
        assert_eq!(repeats, 0, "a repeat-free pairing existed");
        if m % 2 == 1 {
            let byes = byes_of(before.rounds());
            let fewest = standings
                .iter()
                .map(|s| byes.get(&s.entrant).copied().unwrap_or(0))
                .min();
            let lowest = standings
                .iter()
                .rev()
                .find(|s| Some(byes.get(&s.entrant).copied().unwrap_or(0)) == fewest)
                .expect("someone");
            assert!(round.pairings.contains(&Pairing::Bye {
                entrant: lowest.entrant
            }));
        }
    }
    if repeats > 0 {
        return;
    }
    let partner: BTreeMap<EntrantId, EntrantId> = round
        .pairings
        .iter()
        .filter_map(|p| match *p {
            Pairing::Match { first, second, .. } => Some([(first, second), (second, first)]),
            _ => None,
        })
        .flatten()
        .collect();
    let mut floaters: Vec<EntrantId> = Vec::new();
    let mut start = 0;
    while start < m {
        let end = (start..m)
            .find(|&k| standings[k].points != standings[start].points)
            .unwrap_or(m);
        let mut pool: BTreeSet<EntrantId> = floaters.drain(..).collect();
        pool.extend(
            standings[start..end]
                .iter()
                .map(|s| s.entrant)
                .filter(|e| partner.contains_key(e)),
        );
        start = end;
        floaters = pool
            .iter()
            .copied()
            .filter(|e| !pool.contains(&partner[e]))
            .collect();
        for (i, &f1) in floaters.iter().enumerate() {
            for &f2 in &floaters[i + 1..] {
                let swappable = !has_met(f1, f2) && !has_met(partner[&f1], partner[&f2]);
                assert!(
                    !swappable,
                    "{f1:?} and {f2:?} could have stayed in their group"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config(160))]

    /// Fields of 2 to 10, up to the most rounds allowed: each round is the best by brute force.
    #[test]
    fn swiss_small_fields_pair_as_the_brute_force_allows(
        n in 2usize..=10,
        rounds in 0u32..9,
        seed in any::<u64>(),
        dq in prop_oneof![Just(0u64), Just(4u64)],
    ) {
        let mut dice = Dice(seed);
        let rounds = 1 + rounds % (n as u32 - 1);
        let mut t = swiss(n, rounds, &mut dice);
        play_out(&mut t, &mut dice, dq, |before, round| {
            check_swiss_basics(before, round);
            check_swiss_round(before, round);
        });
        if dq == 0 {
            prop_assert!(byes_of(t.rounds()).values().all(|&b| b <= 1), "one bye at most");
        }
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// Fields of 11 to 256 over up to 9 rounds.
    #[test]
    fn swiss_large_fields_avoid_repeats_and_keep_score_groups(
        n in 11usize..=256,
        rounds in 1u32..=9,
        seed in any::<u64>(),
        dq in prop_oneof![Just(0u64), Just(3u64)],
    ) {
        let mut dice = Dice(seed);
        let mut t = swiss(n, rounds, &mut dice);
        play_out(&mut t, &mut dice, dq, |before, round| {
            check_swiss_basics(before, round);
            check_swiss_large(before, round);
        });
        prop_assert_eq!(t.rounds().len(), rounds as usize);
        if dq == 0 {
            prop_assert!(byes_of(t.rounds()).values().all(|&b| b <= 1), "one bye at most");
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Seeds 1 and 2 in opposite halves, byes to the top seeds, winners advancing, N-1 matches.
    #[test]
    fn knockout_is_seeded_and_plays_n_minus_one_matches(
        n in 2usize..=256,
        seed in any::<u64>(),
        dq in prop_oneof![Just(0u64), Just(2u64)],
    ) {
        let mut dice = Dice(seed);
        let settings = Settings { format: TournamentFormat::Knockout, bye_points: 40 };
        let mut t = Tournament::new(settings, random_field(n, &mut dice)).expect("valid");
        let seeds = t.seeds();
        let size = n.next_power_of_two();
        play_out(&mut t, &mut dice, dq, |before, round| {
            if !before.rounds().is_empty() {
                return;
            }
            assert_eq!(round.pairings.len(), size / 2);
            let byes: BTreeSet<EntrantId> = round.pairings.iter().filter_map(|p| match p {
                Pairing::Bye { entrant } => Some(*entrant),
                _ => None,
            }).collect();
            let top: BTreeSet<EntrantId> = seeds[..size - n].iter().copied().collect();
            assert_eq!(byes, top, "byes to the top seeds");
            if size >= 4 {
                let table = |e: EntrantId| round.pairings.iter()
                    .position(|p| p.entrants().any(|x| x == e)).expect("seeded");
                assert!(table(seeds[0]) < size / 4 && table(seeds[1]) >= size / 4);
            }
        });
        // Each round after the first: the winners of the one before, two by two, in order.
        for (k, round) in t.rounds().iter().enumerate().skip(1) {
            let before: Vec<EntrantId> =
                t.rounds()[k - 1].pairings.iter().filter_map(Pairing::winner).collect();
            let pairs: Vec<EntrantId> = round.pairings.iter().flat_map(Pairing::entrants).collect();
            prop_assert_eq!(pairs, before);
        }
        let matches = t.rounds().iter().flat_map(|r| &r.pairings)
            .filter(|p| matches!(p, Pairing::Match { .. })).count();
        prop_assert_eq!(matches, n - 1);
        prop_assert_eq!(t.rounds().len(), size.trailing_zeros() as usize);
        let champion = t.rounds().last().and_then(|r| r.pairings[0].winner());
        prop_assert_eq!(champion, Some(t.standings()[0].entrant));
        let bracket = t.bracket().expect("a knockout");
        prop_assert_eq!(bracket.rounds.last().and_then(|r| r[0].winner), champion);
    }
}

proptest! {
    #![proptest_config(config(16))]

    /// Every pair exactly once; nobody twice in a round; one bye each for an odd field.
    #[test]
    fn round_robin_meets_every_pair_once(n in 2usize..=256, seed in any::<u64>()) {
        let mut dice = Dice(seed);
        let settings = Settings { format: TournamentFormat::RoundRobin, bye_points: 40 };
        let mut t = Tournament::new(settings, random_field(n, &mut dice)).expect("valid");
        let mut met = BTreeSet::new();
        play_out(&mut t, &mut dice, 0, |_, round| {
            let mut seen = BTreeSet::new();
            for p in &round.pairings {
                for e in p.entrants() {
                    assert!(seen.insert(e), "{e:?} twice in a round");
                }
                if let Pairing::Match { first, second, .. } = *p {
                    assert!(met.insert((first.min(second), first.max(second))), "a pair twice");
                }
            }
            assert_eq!(seen.len(), n);
        });
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        let byes = byes_of(t.rounds());
        if n % 2 == 1 {
            prop_assert!(byes.len() == n && byes.values().all(|&b| b == 1));
        } else {
            prop_assert!(byes.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(config(32))]

    /// The same state pairs the same round, also after a trip through JSON.
    #[test]
    fn pairing_is_deterministic_and_survives_storage(
        n in 2usize..=64,
        stop in 0usize..6,
        seed in any::<u64>(),
        format in prop_oneof![
            Just(TournamentFormat::Swiss { rounds: 6 }),
            Just(TournamentFormat::Knockout),
            Just(TournamentFormat::RoundRobin),
        ],
    ) {
        let mut dice = Dice(seed);
        let format = match format {
            TournamentFormat::Swiss { rounds } => TournamentFormat::Swiss { rounds: rounds.min(n as u32 - 1) },
            other => other,
        };
        let settings = Settings { format, bye_points: 40 };
        let mut t = Tournament::new(settings, random_field(n, &mut dice)).expect("valid");
        for _ in 0..stop {
            if t.is_finished() {
                break;
            }
            t.pair_next_round().expect("a round");
            decide(&mut t, |a, b| dice.result(a, b));
        }
        let json = serde_json::to_string(&t).expect("serializes");
        let mut stored: Tournament = serde_json::from_str(&json).expect("deserializes");
        prop_assert_eq!(&stored, &t);
        if !t.is_finished() {
            let again = t.clone().pair_next_round().expect("a round").clone();
            let first = t.pair_next_round().expect("a round").clone();
            let restored = stored.pair_next_round().expect("a round").clone();
            prop_assert_eq!(&first, &again);
            prop_assert_eq!(&first, &restored);
        }
    }
}
