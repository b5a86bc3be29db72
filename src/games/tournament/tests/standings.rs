//! Standings and their tie-breaks.

use super::super::{EntrantId, Pairing, Round, Settings, Tournament, TournamentFormat};
use super::{field, id, won};

fn play(a: usize, b: usize, winner: usize, margin: u32) -> Pairing {
    Pairing::Match {
        first: id(a),
        second: id(b),
        decision: Some(won(id(winner), margin)),
    }
}

fn swiss_with(n: usize, rounds: Vec<Vec<Pairing>>) -> Tournament {
    Tournament {
        settings: Settings {
            format: TournamentFormat::Swiss { rounds: 3 },
            bye_points: 50,
        },
        entrants: field(n),
        rounds: rounds
            .into_iter()
            .map(|pairings| Round { pairings })
            .collect(),
        withdrawn: Vec::new(),
    }
}

fn order(t: &Tournament) -> Vec<EntrantId> {
    t.standings().iter().map(|s| s.entrant).collect()
}

/// Buchholz sums the opponents' points; the bye adds a point and `bye_points` of net but
/// nothing to Buchholz.
#[test]
fn buchholz_sums_opponents_points_and_a_bye_adds_none() {
    let t = swiss_with(
        3,
        vec![
            vec![play(0, 1, 0, 30), Pairing::Bye { entrant: id(2) }],
            vec![play(2, 0, 2, 20), Pairing::Bye { entrant: id(1) }],
        ],
    );
    let s = t.standings();
    let line = |i: usize| s.iter().find(|l| l.entrant == id(i)).unwrap().clone();
    assert_eq!((line(2).points, line(2).buchholz, line(2).net), (2, 1, 70));
    assert_eq!((line(0).points, line(0).buchholz, line(0).net), (1, 3, 10));
    assert_eq!((line(1).points, line(1).buchholz, line(1).net), (1, 1, 20));
    assert_eq!((line(2).byes, line(2).wins, line(2).losses), (1, 1, 0));
    assert_eq!(order(&t), [id(2), id(0), id(1)]);
    assert_eq!(s.iter().map(|l| l.place).collect::<Vec<_>>(), [1, 2, 3]);
}

/// Equal points: the higher Buchholz first, then the higher net.
#[test]
fn points_then_buchholz_then_net() {
    // 0 wins twice; 1, 2 and everyone's Buchholz come out equal but for the net points.
    let t = swiss_with(
        4,
        vec![
            vec![play(0, 1, 0, 10), play(2, 3, 2, 90)],
            vec![play(1, 3, 1, 10), play(0, 2, 0, 10)],
        ],
    );
    assert_eq!(order(&t)[0], id(0));
    // Net decides between equal Buchholz: 2 won by 90 and lost by 10; 1 lost by 10, won by 10.
    let s = t.standings();
    let (one, two) = (
        s.iter().find(|l| l.entrant == id(1)).unwrap(),
        s.iter().find(|l| l.entrant == id(2)).unwrap(),
    );
    assert_eq!((one.points, two.points), (1, 1));
    assert_eq!((one.buchholz, two.buchholz), (2, 2));
    assert!(two.net > one.net);
    assert_eq!(order(&t), [id(0), id(2), id(1), id(3)]);
}

/// Tied on points, Buchholz and net: the winner of their own match is placed first, even
/// against the seed order.
#[test]
fn the_direct_encounter_breaks_a_full_tie() {
    let t = swiss_with(
        4,
        vec![
            vec![play(0, 1, 1, 10), play(2, 3, 2, 10)],
            vec![play(0, 3, 0, 10), play(1, 2, 2, 10)],
            vec![play(0, 2, 0, 10), play(1, 3, 3, 10)],
        ],
    );
    let s = t.standings();
    // 0: beat 3 and 2, lost to 1. 2: beat 3 and 1, lost to 0. 1 and 3: one win each.
    let tied: Vec<_> = s.iter().filter(|l| l.points == 1).collect();
    assert_eq!(tied.len(), 2);
    assert_eq!(
        (tied[0].buchholz, tied[0].net),
        (tied[1].buchholz, tied[1].net)
    );
    // 3 beat 1 directly, so 3 is above 1 although seeded below.
    assert_eq!(tied[0].entrant, id(3));
    assert_eq!(tied[1].entrant, id(1));
}

/// Nothing played: the seed order (rating, then registration).
#[test]
fn with_nothing_played_the_seed_order_stands() {
    let mut t = swiss_with(3, Vec::new());
    t.entrants[0].rating = 1000.0;
    t.entrants[2].rating = t.entrants[1].rating;
    assert_eq!(order(&t), [id(1), id(2), id(0)]);
}

#[test]
fn a_knockout_ranks_by_round_reached_then_seed() {
    let mut t = swiss_with(4, vec![vec![play(0, 3, 3, 5), play(1, 2, 1, 5)]]);
    t.settings.format = TournamentFormat::Knockout;
    assert_eq!(order(&t), [id(1), id(3), id(0), id(2)]);
}
