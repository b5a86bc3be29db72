//! The event's life: validation, refusals that change nothing, disqualification, JSON.

use super::super::{
    Decision, Entrant, Finish, Pairing, Settings, Tournament, TournamentError, TournamentFormat,
};
use super::{decide, event, favourites, field, id, won};

fn settings(format: TournamentFormat) -> Settings {
    Settings {
        format,
        bye_points: 50,
    }
}

#[test]
fn the_field_and_the_swiss_rounds_are_validated() {
    let swiss = |rounds| settings(TournamentFormat::Swiss { rounds });
    let err = |s, f| Tournament::new(s, f).unwrap_err();
    assert_eq!(err(swiss(1), field(1)), TournamentError::FieldSize(1));
    assert_eq!(err(swiss(1), field(257)), TournamentError::FieldSize(257));
    assert!(Tournament::new(swiss(30), field(256)).is_ok());
    let long = TournamentError::SwissRounds {
        rounds: 31,
        field: 256,
        max: 30,
    };
    assert_eq!(err(swiss(31), field(256)), long);
    let mut twice = field(4);
    twice[3].id = twice[1].id;
    assert_eq!(
        err(swiss(1), twice),
        TournamentError::DuplicateEntrant(id(1))
    );
    let mut nan = field(4);
    nan[2].rating = f64::NAN;
    assert_eq!(err(swiss(1), nan), TournamentError::Rating(id(2)));
    let rounds = |r| TournamentError::SwissRounds {
        rounds: r,
        field: 4,
        max: 3,
    };
    assert_eq!(err(swiss(0), field(4)), rounds(0));
    assert_eq!(err(swiss(4), field(4)), rounds(4));
    assert!(Tournament::new(settings(TournamentFormat::Knockout), field(2)).is_ok());
}

/// Each refusal names its reason and leaves the state exactly as it was.
#[test]
fn refused_operations_change_nothing() {
    let mut t = event(TournamentFormat::Swiss { rounds: 2 }, 5);
    t.pair_next_round().unwrap();
    let before = t.clone();
    let refused = |t: &mut Tournament, r: Result<(), TournamentError>, e| {
        assert_eq!(r, Err(e));
        assert_eq!(*t, before);
    };
    let r = t.pair_next_round().map(|_| ());
    refused(&mut t, r, TournamentError::RoundInProgress);
    let r = t.record(0, 9, won(id(0), 1));
    refused(
        &mut t,
        r,
        TournamentError::NoSuchPairing { round: 0, table: 9 },
    );
    let r = t.record(1, 0, won(id(0), 1));
    refused(
        &mut t,
        r,
        TournamentError::NoSuchPairing { round: 1, table: 0 },
    );
    let r = t.record(0, 2, won(id(4), 1));
    refused(&mut t, r, TournamentError::NotAMatch);
    let r = t.record(0, 0, won(id(1), 1));
    refused(&mut t, r, TournamentError::NotAtTable(id(1)));
    let dq = Decision {
        winner: id(0),
        margin: 0,
        finish: Finish::Disqualified,
    };
    let r = t.record(0, 0, dq);
    refused(&mut t, r, TournamentError::DisqualifyInstead);
    let r = t.disqualify(id(77));
    refused(&mut t, r, TournamentError::UnknownEntrant(id(77)));

    let mut t = before.clone();
    t.record(0, 0, won(id(0), 1)).unwrap();
    let decided = t.clone();
    assert_eq!(
        t.record(0, 0, won(id(2), 1)),
        Err(TournamentError::AlreadyDecided)
    );
    assert_eq!(t, decided);
    t.disqualify(id(3)).unwrap();
    let dq = t.clone();
    assert_eq!(
        t.disqualify(id(3)),
        Err(TournamentError::AlreadyWithdrawn(id(3)))
    );
    assert_eq!(t, dq);
    t.pair_next_round().unwrap();
    assert_eq!(
        t.record(0, 0, won(id(0), 1)),
        Err(TournamentError::NotCurrentRound(0))
    );
}

#[test]
fn a_finished_event_refuses_more() {
    let mut t = event(TournamentFormat::Knockout, 2);
    t.pair_next_round().unwrap();
    decide(&mut t, favourites);
    assert!(t.is_finished());
    let done = t.clone();
    assert_eq!(
        t.pair_next_round().map(|_| ()),
        Err(TournamentError::Finished)
    );
    assert_eq!(t.disqualify(id(1)), Err(TournamentError::Finished));
    assert_eq!(t, done);
}

/// A disqualification mid-round loses the open match; the Swiss never pairs the entrant
/// again, and ends early once fewer than two are left.
#[test]
fn a_disqualified_entrant_is_never_paired_again() {
    let mut t = event(TournamentFormat::Swiss { rounds: 3 }, 4);
    t.pair_next_round().unwrap();
    t.disqualify(id(0)).unwrap();
    let Pairing::Match { decision, .. } = t.rounds()[0].pairings[0] else {
        panic!("a match")
    };
    assert_eq!(
        decision,
        Some(Decision {
            winner: id(2),
            margin: 50,
            finish: Finish::Disqualified
        })
    );
    decide(&mut t, favourites);
    let round = t.pair_next_round().unwrap();
    assert!(round
        .pairings
        .iter()
        .all(|p| p.entrants().all(|e| e != id(0))));
    assert_eq!(round.pairings.len(), 2, "one match and a bye");
    decide(&mut t, favourites);
    t.disqualify(id(1)).unwrap();
    t.disqualify(id(2)).unwrap();
    assert!(t.is_finished(), "one entrant left");
}

/// The stored JSON: its field names are the format.
#[test]
fn the_json_keeps_its_field_names() {
    let entrants = vec![
        Entrant {
            id: id(0),
            rating: 1500.0,
        },
        Entrant {
            id: id(1),
            rating: 1400.5,
        },
        Entrant {
            id: id(2),
            rating: 1300.0,
        },
    ];
    let mut t = Tournament::new(settings(TournamentFormat::Swiss { rounds: 2 }), entrants).unwrap();
    t.pair_next_round().unwrap();
    t.record(0, 0, won(id(1), 87)).unwrap();
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(
        json,
        r#"{"settings":{"format":{"kind":"swiss","rounds":2},"bye_points":50},"entrants":[{"id":100,"rating":1500.0},{"id":101,"rating":1400.5},{"id":102,"rating":1300.0}],"rounds":[{"pairings":[{"kind":"match","first":100,"second":101,"decision":{"winner":101,"margin":87,"finish":"played"}},{"kind":"bye","entrant":102}]}],"withdrawn":[]}"#
    );
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    for (format, text) in [
        (TournamentFormat::Knockout, r#"{"kind":"knockout"}"#),
        (TournamentFormat::RoundRobin, r#"{"kind":"round_robin"}"#),
    ] {
        assert_eq!(serde_json::to_string(&format).unwrap(), text);
    }
    assert_eq!(
        serde_json::to_string(&Finish::Forfeit).unwrap(),
        r#""forfeit""#
    );
}
