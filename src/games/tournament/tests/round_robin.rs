//! Round robin by the circle method.

use super::super::{circle, Finish, Pairing, TournamentFormat};
use super::{decide, event, favourites, id};

#[test]
fn four_entrants_play_three_rounds_by_the_circle() {
    let rounds: Vec<_> = (0..3).map(|r| circle(4, r)).collect();
    assert_eq!(
        rounds,
        [
            vec![(0, 3), (1, 2)],
            vec![(0, 1), (2, 3)],
            vec![(0, 2), (3, 1)]
        ]
    );
}

#[test]
fn five_entrants_play_five_rounds_each_with_one_bye() {
    let mut t = event(TournamentFormat::RoundRobin, 5);
    let mut byes = Vec::new();
    let mut met = std::collections::BTreeSet::new();
    while !t.is_finished() {
        let round = t.pair_next_round().unwrap();
        for p in &round.pairings {
            match *p {
                Pairing::Bye { entrant } => byes.push(entrant),
                Pairing::Match { first, second, .. } => {
                    assert!(met.insert((first.min(second), first.max(second))));
                }
            }
        }
        assert!(matches!(round.pairings.last(), Some(Pairing::Bye { .. })));
        decide(&mut t, favourites);
    }
    assert_eq!(t.rounds().len(), 5);
    assert_eq!(met.len(), 10);
    byes.sort();
    assert_eq!(byes, (0..5).map(id).collect::<Vec<_>>());
}

/// Every match left for a disqualified entrant is a walkover, decided when paired.
#[test]
fn a_disqualified_entrant_gives_walkovers() {
    let mut t = event(TournamentFormat::RoundRobin, 4);
    t.pair_next_round().unwrap();
    t.disqualify(id(2)).unwrap();
    decide(&mut t, favourites);
    let mut walkovers = 0;
    while !t.is_finished() {
        let round = t.pair_next_round().unwrap();
        for p in &round.pairings {
            if let Pairing::Match {
                first,
                second,
                decision: Some(d),
            } = *p
            {
                assert!(first == id(2) || second == id(2));
                assert_ne!(d.winner, id(2));
                assert_eq!(d.finish, Finish::Disqualified);
                walkovers += 1;
            }
        }
        decide(&mut t, favourites);
    }
    assert_eq!(walkovers, 2);
    assert_eq!(t.standings()[3].entrant, id(2));
}
