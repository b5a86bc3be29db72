//! The ledger of a match played to its end at a [`Table`] agrees with the engine.

use super::Table;
use crate::games::{each_tested, hand_rows, results};
use gin::engine::{Event, Variant};
use gin::games::Game;
use gin::store::Format;

/// The match ended by play, and the database says so: each seat's result is the
/// settlement's (at Partnership and Team Gin its team's), the history filters by the
/// match's format, a row per hand (per table) was written, and the action log replays to
/// the stored state.
pub async fn assert_ledger(t: &Table<'_>, game: &Game) {
    let format = game.format();
    let row = t.row().await;
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
    // The ledger's key: the server, or outside servers the DM's channel.
    let guild = t.fake.place_of(t.channel).guild().unwrap_or(t.channel);
    let rows =
        t.db.ledger()
            .history(guild, t.users[0].id, Some(format.as_str()), 10)
            .await
            .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].format, format);
    for other in Format::all().filter(|&f| f != format) {
        let none =
            t.db.ledger()
                .history(guild, t.users[0].id, Some(other.as_str()), 10)
                .await
                .unwrap();
        assert!(none.is_empty(), "not a match of {}", other.as_str());
    }
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

/// The match the action log replays to (its log cleared, as stored), and how many rows of
/// hands it wrote.
fn replay(game: &Game, log: &[String]) -> (Game, usize) {
    fn replayed<V: Variant + Into<Game>>(m: &V, log: &[String]) -> Game {
        let events: Vec<Event<V::Action>> = log
            .iter()
            .map(|e| serde_json::from_str(e).unwrap())
            .collect();
        V::replay(m.setup(), m.seed(), &events)
            .expect("the log replays")
            .into()
    }
    let mut replayed = each_tested!(game, m, K => replayed(m, log));
    replayed.clear_log();
    (replayed, hand_rows(game))
}
