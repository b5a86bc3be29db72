//! The least a durable SQLite write of one move can cost with the crates the bot is built on:
//! sqlx's native SQLite driver (not the `Any` driver the store uses), statements of fixed
//! text prepared once and bound, `synchronous = FULL` in WAL mode, and nothing else on the
//! connection. It bounds the store's part of the floor from below: the bot's own store does
//! more (the `Any` driver, the outbox, the match row), and no arrangement of it can do less
//! than write a move and commit.
//!
//! Two records of a move are measured, each committed alone and ten to a commit:
//! - `log`: one row of the move (match, version, the action's JSON), the least a restart
//!   needs to replay the match from its seed;
//! - `state`: that row plus the match's serialized state updated in place, so that a restart
//!   need not replay (what the bot stores, less the outbox).
//!
//! Every figure is the process's CPU per move, sqlx's worker thread included.

use super::process_cpu;
use gin::engine::{deck, Match, Preset};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};

/// A new database at `path` in WAL mode, each commit synced, with a table of moves and
/// one of matches.
pub async fn open(path: &std::path::Path) -> sqlx::SqliteConnection {
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .connect()
        .await
        .expect("a SQLite connection");
    sqlx::raw_sql(
        "CREATE TABLE moves (match_id INTEGER NOT NULL, version INTEGER NOT NULL, \
         action TEXT NOT NULL, PRIMARY KEY (match_id, version)) WITHOUT ROWID; \
         CREATE TABLE matches (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, \
         state TEXT NOT NULL);",
    )
    .execute(&mut conn)
    .await
    .expect("the tables");
    conn
}

/// What storing moves cost, per move.
pub struct LeastWrite {
    /// Microseconds of process CPU, the engine's move and serialization left out.
    pub us: f64,
    /// Commits per move.
    pub commits: f64,
}

/// Stores `moves` moves of ten matches, `together` moves to a commit; `state` also updates
/// each match's stored state.
pub async fn least_write(
    dir: &std::path::Path,
    moves: usize,
    together: usize,
    state: bool,
) -> LeastWrite {
    let mut conn = open(&dir.join(format!("least{together}{state}.db"))).await;
    let rules = Preset::Classic.rules();
    let mut games: Vec<(i64, i64, Match)> = (0..10)
        .map(|i| {
            let seed = deck::hand_seed(&[11u8; 32], i as u32);
            (i, 0, Match::new(rules.clone(), 2, seed).expect("a match"))
        })
        .collect();
    for (id, _, game) in &games {
        sqlx::query("INSERT INTO matches (id, version, state) VALUES (?1, 0, ?2)")
            .bind(id)
            .bind(serde_json::to_string(game).expect("a state"))
            .execute(&mut conn)
            .await
            .expect("a match row");
    }
    let (mut cpu, mut done, mut commits) = (0.0, 0usize, 0usize);
    // The first round of every match only warms up (statements prepared, pages cached).
    let mut round = 0;
    while done < moves {
        let mut rows = Vec::with_capacity(games.len());
        for (id, version, game) in games.iter_mut() {
            if game.to_act().is_none() {
                let seed = deck::hand_seed(&[12u8; 32], *version as u32 * 16 + *id as u32);
                *game = Match::new(rules.clone(), 2, seed).expect("a match");
            }
            let seat = game.to_act().expect("someone to move");
            let action = game.legal_actions(seat)[0];
            game.apply(seat, action).expect("a legal move");
            *version += 1;
            let state = state.then(|| serde_json::to_string(&*game).expect("a state"));
            let action = serde_json::to_string(&action).expect("an action");
            rows.push((*id, *version, action, state));
        }
        // The engine's move and its serialization above are the move's, not the store's.
        let t = process_cpu();
        for chunk in rows.chunks(together) {
            let mut tx = conn.begin().await.expect("a transaction");
            for (id, version, action, state) in chunk {
                sqlx::query("INSERT INTO moves (match_id, version, action) VALUES (?1, ?2, ?3)")
                    .bind(id)
                    .bind(version)
                    .bind(action)
                    .execute(&mut *tx)
                    .await
                    .expect("a move row");
                if let Some(state) = state {
                    sqlx::query("UPDATE matches SET version = ?2, state = ?3 WHERE id = ?1")
                        .bind(id)
                        .bind(version)
                        .bind(state)
                        .execute(&mut *tx)
                        .await
                        .expect("a state row");
                }
            }
            tx.commit().await.expect("a commit");
            if round > 0 {
                commits += 1;
            }
        }
        if round > 0 {
            cpu += process_cpu() - t;
            done += rows.len();
        }
        round += 1;
    }
    conn.close().await.expect("closed");
    LeastWrite {
        us: cpu * 1e6 / done as f64,
        commits: commits as f64 / done as f64,
    }
}
