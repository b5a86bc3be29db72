//! The ledger of a match played to its end at a [`Table`] agrees with the engine.

use super::Table;
use gin::engine::rummy::RummyMatch;
use gin::engine::{PartnershipMatch, TeamMatch};
use gin::games::Game;

/// The match ended by play, and the database says so: each seat's result is the
/// settlement's (at Partnership and Team Gin its team's), the history filters by the
/// match's format, a row per hand (per table) was written, and the action log replays to
/// the stored state.
pub async fn assert_ledger(t: &Table<'_>, game: &Game) {
    let format = game.format();
    let row =
        t.db.matches()
            .load_match(t.match_id)
            .await
            .unwrap()
            .unwrap();
    assert_eq!(row.format, format);
    let results = results(game);
    assert_eq!(
        results.iter().map(|r| r.1).sum::<i64>(),
        0,
        "what one wins, the others pay"
    );
    let (status, seats) =
        t.db.matches()
            .match_result(t.match_id)
            .await
            .unwrap()
            .unwrap();
    assert_eq!(status.to_string(), "finished");
    assert_eq!(seats.len(), results.len());
    for (seat, total, net, won) in seats {
        assert_eq!(
            (total, net, won),
            results[usize::from(seat)],
            "seat {seat}'s result"
        );
    }
    let guild = t.fake.guild_id();
    let rows =
        t.db.ledger()
            .history(guild, t.users[0].id, Some(format.as_str()), 10)
            .await
            .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].format, format);
    let none =
        t.db.ledger()
            .history(guild, t.users[0].id, Some("two"), 10)
            .await
            .unwrap();
    assert!(none.is_empty(), "not a two-player Gin match");
    let log: Vec<String> =
        t.db.matches()
            .match_actions(t.match_id)
            .await
            .unwrap()
            .into_iter()
            .map(|(_, e)| e)
            .collect();
    let (replayed, hands) = replay(game, &log);
    assert_eq!(&replayed, game, "the log replays to the stored state");
    let rows = t.db.matches().match_hands(t.match_id).await.unwrap();
    assert_eq!(rows.len(), hands, "a row per hand (per table)");
}

/// Per seat, as the ledger stores it: (final total, net, won). Checks that the match was
/// settled by play.
fn results(game: &Game) -> Vec<(i64, i64, bool)> {
    match game {
        Game::Rummy(m) => {
            let s = m.settlement().expect("settled by play");
            let rounds_done = m.rules.rounds.is_some_and(|r| m.history.len() as u32 >= r);
            assert!(rounds_done || s.totals.iter().any(|&x| x >= m.rules.target));
            (0..usize::from(m.players))
                .map(|i| (s.totals[i] as i64, s.net[i], s.winners.contains(&(i as u8))))
                .collect()
        }
        Game::Partnership(_) | Game::Team(_) => {
            let (s, target) = match game {
                Game::Partnership(m) => (m.settlement(), m.rules.target),
                Game::Team(m) => (m.settlement(), m.rules.target),
                _ => unreachable!(),
            };
            let s = s.expect("settled by play");
            assert!(s.totals[usize::from(s.winner)] >= target);
            (0..4)
                .map(|seat| {
                    let team = seat % 2;
                    (
                        s.finals[team] as i64,
                        s.net[team],
                        usize::from(s.winner) == team,
                    )
                })
                .collect()
        }
        Game::Gin(_) => panic!("Gin's ledger is checked by its own tests"),
    }
}

/// The match the action log replays to (its log cleared, as stored), and how many rows of
/// hands it wrote.
fn replay(game: &Game, log: &[String]) -> (Game, usize) {
    fn events<E: serde::de::DeserializeOwned>(log: &[String]) -> Vec<E> {
        log.iter()
            .map(|e| serde_json::from_str(e).unwrap())
            .collect()
    }
    let mut replayed = match game {
        Game::Rummy(m) => Game::Rummy(
            RummyMatch::replay(m.rules.clone(), m.players, m.seed, &events(log))
                .expect("the log replays"),
        ),
        Game::Partnership(m) => Game::Partnership(
            PartnershipMatch::replay(m.rules.clone(), m.seed, &events(log))
                .expect("the log replays"),
        ),
        Game::Team(m) => Game::Team(
            TeamMatch::replay(m.rules.clone(), m.seed, &events(log)).expect("the log replays"),
        ),
        Game::Gin(_) => panic!("Gin's ledger is checked by its own tests"),
    };
    replayed.clear_log();
    let hands = match game {
        Game::Partnership(m) => 2 * m.history.len(),
        other => other.deals_done(),
    };
    (replayed, hands)
}
