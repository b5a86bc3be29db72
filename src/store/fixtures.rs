//! Fixtures the store's tests share: databases with matches in them, the matches and the
//! moves they store, and a way to hold the writer so that jobs meet in one batch.

use super::{Db, Format, MatchState, NewMatch, SavedAction};
use tokio::sync::oneshot;

/// The `i`-th test match: users `10 + 2i` and `11 + 2i` in channel `100 + i`.
pub(super) fn new_match(i: u64) -> NewMatch {
    NewMatch {
        guild_id: 1,
        place_kind: Default::default(),
        place_id: 1,
        channel_id: 100 + i,
        table_message_id: None,
        format: Format::parse("two").expect("a stored format"),
        preset: "classic".into(),
        rules_json: "{}".into(),
        locale: "en-US".into(),
        state_json: "s0".into(),
        seed_hex: "00".into(),
        players: vec![
            (10 + 2 * i, "Ann".into(), false),
            (11 + 2 * i, "Ben".into(), false),
        ],
        ai_level: None,
        now: 0,
        outbox: Vec::new(),
        ai_to_act: false,
        event: None,
    }
}

/// A fresh database with `n` active matches; the players of match `i` are users
/// `10 + 2i` and `11 + 2i`.
pub(super) async fn db_with_matches(n: usize) -> (tempfile::TempDir, Db, Vec<i64>) {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::store::testing::fresh_database_url(dir.path(), "w")
        .await
        .unwrap();
    let db = Db::open(&url).await.unwrap();
    let mut ids = Vec::new();
    for i in 0..n as u64 {
        let m = new_match(i);
        ids.push(db.matches().create_match(&m).await.unwrap());
    }
    (dir, db, ids)
}

/// A plain action moving match `match_id` from `version` on.
pub(super) fn action(match_id: i64, version: i64) -> SavedAction {
    SavedAction {
        match_id,
        version,
        seat: 0,
        event_json: format!("e{version}"),
        state_json: format!("s{}", version + 1),
        status: MatchState::Active,
        now: 1,
        turn_changed: true,
        actor_changed: false,
        ai_to_act: false,
        hands: Vec::new(),
        result: None,
        rate: None,
        winner_seat: None,
        hollywood: Vec::new(),
        outbox: Vec::new(),
    }
}

/// A match's stored state, version and number of logged actions.
pub(super) async fn stored(db: &Db, match_id: i64) -> (String, i64, i64) {
    sqlx::query_as(
        "SELECT state_json, version, (SELECT COUNT(*) FROM actions WHERE match_id = id) \
         FROM matches WHERE id = $1",
    )
    .bind(match_id)
    .fetch_one(db.pool())
    .await
    .unwrap()
}

/// Holds the writer until `release` fires: whatever is sent meanwhile waits in its queue
/// and is taken as one batch.
pub(super) async fn hold(db: &Db) -> (oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let (release, wait) = oneshot::channel::<()>();
    let (started, running) = oneshot::channel::<()>();
    let db = db.clone();
    let held = tokio::spawn(async move {
        db.write(move |_| {
            Box::pin(async move {
                let _ = started.send(());
                let _ = wait.await;
                Ok(())
            })
        })
        .await
        .unwrap();
    });
    running.await.unwrap();
    (release, held)
}
