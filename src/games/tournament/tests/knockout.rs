//! Single elimination: seeding, byes, advancing, walkovers, the bracket as data.

use super::super::{bracket_order, Finish, Pairing, Slot, TournamentFormat};
use super::{decide, event, favourites, id, won};

#[test]
fn the_bracket_order_is_the_standard_one() {
    assert_eq!(bracket_order(1), [1]);
    assert_eq!(bracket_order(2), [1, 2]);
    assert_eq!(bracket_order(4), [1, 4, 2, 3]);
    assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(
        bracket_order(16),
        [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    );
}

#[test]
fn five_entrants_give_byes_to_the_top_three_seeds() {
    let mut t = event(TournamentFormat::Knockout, 5);
    let round = t.pair_next_round().unwrap();
    assert_eq!(
        round.pairings,
        [
            Pairing::Bye { entrant: id(0) },
            Pairing::Match {
                first: id(3),
                second: id(4),
                decision: None
            },
            Pairing::Bye { entrant: id(1) },
            Pairing::Bye { entrant: id(2) },
        ]
    );
}

#[test]
fn the_favourites_meet_in_the_final_after_n_minus_one_matches() {
    let mut t = event(TournamentFormat::Knockout, 12);
    let mut matches = 0;
    while !t.is_finished() {
        let round = t.pair_next_round().unwrap();
        matches += round
            .pairings
            .iter()
            .filter(|p| matches!(p, Pairing::Match { .. }))
            .count();
        decide(&mut t, favourites);
    }
    assert_eq!(matches, 11);
    assert_eq!(t.rounds().len(), 4);
    let last = &t.rounds()[3].pairings;
    assert_eq!(last.len(), 1);
    assert_eq!(last[0].entrants().collect::<Vec<_>>(), [id(0), id(1)]);
    assert_eq!(t.standings()[0].entrant, id(0));
    assert_eq!(t.standings()[1].entrant, id(1));
}

#[test]
fn an_upset_advances_the_winner() {
    let mut t = event(TournamentFormat::Knockout, 4);
    t.pair_next_round().unwrap();
    // Seed 4 beats seed 1; seed 2 beats seed 3.
    t.record(0, 0, won(id(3), 20)).unwrap();
    t.record(0, 1, won(id(1), 5)).unwrap();
    let final_ = t.pair_next_round().unwrap();
    assert_eq!(
        final_.pairings[0].entrants().collect::<Vec<_>>(),
        [id(3), id(1)]
    );
}

/// A winner disqualified before the next round loses it by walkover.
#[test]
fn a_disqualified_winner_gives_a_walkover_in_the_next_round() {
    let mut t = event(TournamentFormat::Knockout, 4);
    t.pair_next_round().unwrap();
    t.record(0, 0, won(id(0), 20)).unwrap();
    t.disqualify(id(0)).unwrap();
    t.record(0, 1, won(id(1), 5)).unwrap();
    let final_ = t.pair_next_round().unwrap().clone();
    let Pairing::Match {
        decision: Some(d), ..
    } = final_.pairings[0]
    else {
        panic!("a decided final: {final_:?}")
    };
    assert_eq!(
        (d.winner, d.finish, d.margin),
        (id(1), Finish::Disqualified, 50)
    );
    assert!(t.is_finished());
}

#[test]
fn the_bracket_shows_byes_open_slots_and_results() {
    let mut t = event(TournamentFormat::Knockout, 5);
    let b = t.bracket().unwrap();
    let sizes: Vec<usize> = b.rounds.iter().map(Vec::len).collect();
    assert_eq!(sizes, [4, 2, 1]);
    let seed = |n: usize| Slot::Entrant {
        id: id(n - 1),
        seed: n as u32,
    };
    assert_eq!(
        (b.rounds[0][0].top, b.rounds[0][0].bottom),
        (seed(1), Slot::Bye)
    );
    assert_eq!(b.rounds[0][0].winner, Some(id(0)));
    assert_eq!(
        (b.rounds[0][1].top, b.rounds[0][1].bottom),
        (seed(4), seed(5))
    );
    assert_eq!(
        (b.rounds[1][0].top, b.rounds[1][0].bottom),
        (seed(1), Slot::Open)
    );
    assert_eq!(
        (b.rounds[1][1].top, b.rounds[1][1].bottom),
        (seed(2), seed(3))
    );
    t.pair_next_round().unwrap();
    t.record(0, 1, won(id(4), 7)).unwrap();
    let b = t.bracket().unwrap();
    assert_eq!(b.rounds[0][1].winner, Some(id(4)));
    assert_eq!(b.rounds[1][0].bottom, seed(5));
    assert_eq!(b.rounds[2][0].top, Slot::Open);
    assert!(event(TournamentFormat::RoundRobin, 4).bracket().is_none());
}
