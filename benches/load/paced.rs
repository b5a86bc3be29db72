//! The floor's pieces together, at the load benchmark's rate: what a process doing nothing
//! but one move's least work costs per move when the moves come one a millisecond, over a
//! thousand matches, as they do under `--only load`.
//!
//! The pieces measured alone (`floor.rs`) run hot: the same state, the same strings, no
//! waiting between calls. A bot at 1,000 moves a second is idle between moves, and each move
//! wakes it several times: for the frame, for the commit, for each answer from Discord. This
//! part measures those wakes and the colder caches with the work itself, and nothing else:
//! - a thread of its own sends the INTERACTION_CREATE frame of `floor.rs`, one text message
//!   per move, at `rate` a second over a websocket, as the gateway does (its TLS and zlib
//!   left out);
//! - one runtime thread (tokio's current-thread runtime) reads each message through
//!   tokio-tungstenite (serenity's websocket), parses it as
//!   serenity does, then, in a task of its own: the move of the next of `matches` matches
//!   applied and serialized, the hand and the table rendered and dressed with the card
//!   emojis, the move stored as its
//!   [`Record`] says by one writer task that commits whatever moves are waiting (after
//!   [`Store::gather`]) in one transaction (`synchronous = FULL`), then the answer, and the
//!   table edit and the hand refresh in the shares the load benchmark sends them, through
//!   serenity's HTTP client to `floor.rs`'s server;
//! - the CPU counted is that runtime thread's and sqlx's SQLite worker's (from
//!   `/proc/self/task/*/schedstat`), from the end of the first second to the last answer.
//!
//! Left out, all of which the bot must also do: the `Any` driver, the delivery bookkeeping
//! beyond the outbox rows, tracing, metrics, the pictures drawn at a hand's end. The figure
//! is a floor.

use super::{hand_msg, table_msg, thread_cpu, EDITS_PER_ACTION, TOKEN_EDITS_PER_ACTION};
use futures_util::StreamExt;
use gin::engine::{deck, Match, Preset};
use gin::games::Seats;
use gin::ui::Transport;
use serde_json::json;
use sqlx::Connection;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

/// What the paced moves cost.
pub struct Paced {
    /// Microseconds of CPU per move: the runtime thread and SQLite's worker.
    pub us: f64,
    pub runtime_us: f64,
    pub sqlite_us: f64,
    pub commits: f64,
    pub moves: usize,
    /// From the frame read to the answer sent, milliseconds.
    pub p50_ms: f64,
    pub p99_ms: f64,
}

/// How the paced moves are stored.
#[derive(Clone, Copy, Debug)]
pub struct Store {
    pub record: Record,
    /// How long the writer waits after a first move for more to share its commit.
    pub gather: Duration,
}

/// How fast the moves come, for how long, over how many matches.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    pub rate: u32,
    pub seconds: u32,
    pub matches: usize,
}

/// What is stored of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// The move's row and the match's state updated in place (the bot's record, less the
    /// outbox).
    State,
    /// The move's row only: the least a restart needs, replaying the match from its seed.
    Log,
    /// The move's row and its two outbox rows (what Discord is still owed, written with the
    /// move as the project requires), deleted with a later commit once delivered.
    Outbox,
    /// The bot's record: the move's row, the match's state updated in place (what a resume
    /// reads, not the match's history) and the two outbox rows; each kind of row written by
    /// one statement for the whole commit.
    Full,
}

impl Record {
    pub fn name(self) -> &'static str {
        match self {
            Record::State => "state",
            Record::Log => "log",
            Record::Outbox => "outbox",
            Record::Full => "full",
        }
    }
}

/// What the writer is handed.
enum Job {
    Move(ToStore),
    /// The outbox rows of this match's version are delivered.
    Delivered(i64, i64),
}

/// A move to store, and where to say it is.
struct ToStore {
    id: i64,
    version: i64,
    action: String,
    /// The match's state, serialized only when the record holds it.
    state: Option<String>,
    done: oneshot::Sender<()>,
}

/// Plays the moves `pace` says (and one second more before them, not counted), storing
/// them as `store` says and answering through the server at `base`.
pub fn paced(
    frame: String,
    seats: Seats,
    base: String,
    dir: &std::path::Path,
    pace: Pace,
    store: Store,
) -> Paced {
    let Pace {
        rate,
        seconds,
        matches,
    } = pace;
    let path = dir.join(format!(
        "paced-{}-{}.db",
        store.record.name(),
        store.gather.as_millis()
    ));
    let before = sqlite_workers();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .thread_name("floor-paced-blocking")
        .build()
        .expect("a runtime");
    rt.block_on(async move {
        let mut conn = super::least_write::open(&path).await;
        sqlx::raw_sql(
            "CREATE TABLE outbox (match_id INTEGER NOT NULL, version INTEGER NOT NULL, \
             part INTEGER NOT NULL, effects TEXT NOT NULL, \
             PRIMARY KEY (match_id, version, part)) WITHOUT ROWID;",
        )
        .execute(&mut conn)
        .await
        .expect("the tables");
        let rules = Preset::Classic.rules();
        let mut games = Vec::with_capacity(matches);
        for i in 0..matches {
            let seed = deck::hand_seed(&[13u8; 32], i as u32);
            let game = Match::new(rules.clone(), 2, seed).expect("a match");
            sqlx::query("INSERT INTO matches (id, version, state) VALUES (?1, 0, ?2)")
                .bind(i as i64)
                .bind(serde_json::to_string(&game).expect("a state"))
                .execute(&mut conn)
                .await
                .expect("a match row");
            games.push((0i64, game));
        }
        let games = Arc::new(Mutex::new(games));
        let workers: Vec<u32> = sqlite_workers()
            .into_iter()
            .filter(|t| !before.contains(t))
            .collect();

        let commits = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (to_store, stored) = mpsc::unbounded_channel::<Job>();
        let writer = tokio::spawn(write(conn, stored, commits.clone(), store));

        let (http, out) = super::client(base);
        let out = Arc::new(out);

        let warm = rate as usize;
        let total = warm + rate as usize * seconds as usize;
        let gateway = send_frames(frame, rate, total);
        let stream = tokio::net::TcpStream::connect(gateway)
            .await
            .expect("the frames");
        let (mut frames, _) = tokio_tungstenite::client_async(format!("ws://{gateway}/"), stream)
            .await
            .expect("the websocket");
        let latencies = Arc::new(Mutex::new(Vec::with_capacity(total)));
        let mut tasks = Vec::with_capacity(total);
        let (mut cpu0, mut workers0, mut commits0) = (0.0, 0.0, 0);
        let mut n = 0usize;
        while let Some(message) = frames.next().await {
            let line = match message.expect("a frame") {
                Message::Text(text) => text,
                Message::Close(_) => break,
                _ => continue,
            };
            let read = Instant::now();
            if n == warm {
                // The first second only warms up: connections made, statements prepared.
                for t in tasks.drain(..) {
                    let _: Result<(), _> = t.await;
                }
                latencies.lock().unwrap().clear();
                cpu0 = thread_cpu();
                workers0 = cpu_of(&workers);
                commits0 = commits.load(std::sync::atomic::Ordering::Relaxed);
            }
            let event: serenity::model::event::GatewayEvent =
                serde_json::from_str(&line).expect("a gateway frame");
            let k = n % matches;
            let (games, seats, out, http, to_store, latencies) = (
                games.clone(),
                seats.clone(),
                out.clone(),
                http.clone(),
                to_store.clone(),
                latencies.clone(),
            );
            // Which of the moves also edit the table and refresh a hand, in the load
            // benchmark's shares, spread evenly.
            let share = |s: f64| ((n + 1) as f64 * s).floor() > (n as f64 * s).floor();
            let (edit, token_edit) = (share(EDITS_PER_ACTION), share(TOKEN_EDITS_PER_ACTION));
            let (outbox, with_state) = (
                matches!(store.record, Record::Outbox | Record::Full),
                matches!(store.record, Record::State | Record::Full),
            );
            tasks.push(tokio::spawn(async move {
                let (id, token) = match event {
                    serenity::model::event::GatewayEvent::Dispatch(_, e) => match e {
                        serenity::model::event::Event::InteractionCreate(i) => {
                            let i = i.interaction;
                            (i.id(), i.token().to_string())
                        }
                        _ => panic!("an interaction"),
                    },
                    _ => panic!("a dispatch"),
                };
                let (version, action, state, hand, table) = {
                    let mut games = games.lock().unwrap();
                    let (version, game) = &mut games[k];
                    if game.to_act().is_none() {
                        let seed = deck::hand_seed(&[14u8; 32], *version as u32);
                        *game = Match::new(Preset::Classic.rules(), 2, seed).expect("a match");
                    }
                    let seat = game.to_act().expect("someone to move");
                    let action = game.legal_actions(seat)[0];
                    game.apply(seat, action).expect("a legal move");
                    *version += 1;
                    let hand = hand_msg(game, &seats, seat);
                    let table = table_msg(game, &seats);
                    (
                        *version,
                        serde_json::to_string(&action).expect("an action"),
                        with_state.then(|| serde_json::to_string(&*game).expect("a state")),
                        hand,
                        table,
                    )
                };
                let (done, stored) = oneshot::channel();
                to_store
                    .send(Job::Move(ToStore {
                        id: k as i64,
                        version,
                        action,
                        state,
                        done,
                    }))
                    .expect("the writer");
                stored.await.expect("stored");
                let answer = json!({"type": 7, "data": {
                    "content": hand.content, "components": super::super::rows_json(&hand),
                    "allowed_mentions": {"parse": []}}});
                http.create_interaction_response(id, &token, &answer, Vec::new())
                    .await
                    .expect("the answer");
                latencies.lock().unwrap().push(read.elapsed());
                if edit {
                    out.edit(1_200, 1_201, &table)
                        .await
                        .expect("the table edit");
                }
                if token_edit {
                    out.edit_ephemeral(&token, &hand)
                        .await
                        .expect("the hand refresh");
                }
                if outbox {
                    let _ = to_store.send(Job::Delivered(k as i64, version));
                }
            }));
            n += 1;
        }
        for t in tasks {
            t.await.expect("a move");
        }
        let runtime = thread_cpu() - cpu0;
        let sqlite = cpu_of(&workers) - workers0;
        let commits = commits.load(std::sync::atomic::Ordering::Relaxed) - commits0;
        drop(to_store);
        writer.await.expect("the writer");
        let moves = n - warm;
        let mut lat = std::mem::take(&mut *latencies.lock().unwrap());
        lat.sort();
        let at = |q: f64| lat[((lat.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
        Paced {
            us: (runtime + sqlite) * 1e6 / moves as f64,
            runtime_us: runtime * 1e6 / moves as f64,
            sqlite_us: sqlite * 1e6 / moves as f64,
            commits: commits as f64 / moves as f64,
            moves,
            p50_ms: at(0.5),
            p99_ms: at(0.99),
        }
    })
}

/// The writer: whatever moves are waiting, stored in one transaction, each told once
/// committed.
async fn write(
    mut conn: sqlx::SqliteConnection,
    mut jobs: mpsc::UnboundedReceiver<Job>,
    commits: Arc<std::sync::atomic::AtomicUsize>,
    store: Store,
) {
    // The outbox's effects as the bot writes them: the table, and one hand.
    let effects = r#"[{"Table":null},{"Hand":{"seat":1,"handle":null}}]"#;
    let (mut batch, mut delivered) = (Vec::new(), Vec::new());
    let take = |job: Job, batch: &mut Vec<ToStore>, delivered: &mut Vec<(i64, i64)>| match job {
        Job::Move(m) => batch.push(m),
        Job::Delivered(id, version) => delivered.push((id, version)),
    };
    while let Some(first) = jobs.recv().await {
        take(first, &mut batch, &mut delivered);
        // Delivery notes alone wait for a commit of moves.
        if batch.is_empty() {
            continue;
        }
        if !store.gather.is_zero() {
            tokio::time::sleep(store.gather).await;
        }
        while let Ok(more) = jobs.try_recv() {
            take(more, &mut batch, &mut delivered);
        }
        let mut tx = conn.begin().await.expect("a transaction");
        if store.record == Record::State {
            for m in &batch {
                let state = m.state.as_deref().expect("the state of a state record");
                sqlx::query("INSERT INTO moves (match_id, version, action) VALUES (?1, ?2, ?3)")
                    .bind(m.id)
                    .bind(m.version)
                    .bind(&m.action)
                    .execute(&mut *tx)
                    .await
                    .expect("a move row");
                sqlx::query("UPDATE matches SET version = ?2, state = ?3 WHERE id = ?1")
                    .bind(m.id)
                    .bind(m.version)
                    .bind(state)
                    .execute(&mut *tx)
                    .await
                    .expect("a state row");
            }
        } else {
            // Every move's row in one statement (sqlx keeps one prepared per batch size).
            let rows = vec!["(?, ?, ?)"; batch.len()].join(", ");
            let text = format!("INSERT INTO moves (match_id, version, action) VALUES {rows}");
            let mut insert = sqlx::query(&text);
            for m in &batch {
                insert = insert.bind(m.id).bind(m.version).bind(&m.action);
            }
            insert.execute(&mut *tx).await.expect("the move rows");
        }
        if store.record == Record::Full {
            // Every match's state in one statement. A match moves at most once a commit
            // here (a thousand matches, a move a millisecond): SQLite would update its row
            // from any one of its moves.
            let rows = vec!["(?, ?, ?)"; batch.len()].join(", ");
            let text = format!(
                "UPDATE matches SET version = v.column2, state = v.column3 \
                 FROM (VALUES {rows}) AS v WHERE matches.id = v.column1"
            );
            let mut update = sqlx::query(&text);
            for m in &batch {
                let state = m.state.as_deref().expect("the state of a full record");
                update = update.bind(m.id).bind(m.version).bind(state);
            }
            update.execute(&mut *tx).await.expect("the states");
        }
        if matches!(store.record, Record::Outbox | Record::Full) {
            let rows = vec!["(?, ?, 0, ?), (?, ?, 1, ?)"; batch.len()].join(", ");
            let text =
                format!("INSERT INTO outbox (match_id, version, part, effects) VALUES {rows}");
            let mut insert = sqlx::query(&text);
            for m in &batch {
                insert = insert.bind(m.id).bind(m.version).bind(effects);
                insert = insert.bind(m.id).bind(m.version).bind(effects);
            }
            insert.execute(&mut *tx).await.expect("the outbox rows");
            if !delivered.is_empty() {
                let keys = vec!["(match_id = ? AND version = ?)"; delivered.len()].join(" OR ");
                let text = format!("DELETE FROM outbox WHERE {keys}");
                let mut delete = sqlx::query(&text);
                for (id, version) in delivered.drain(..) {
                    delete = delete.bind(id).bind(version);
                }
                delete.execute(&mut *tx).await.expect("the delivered rows");
            }
        }
        tx.commit().await.expect("a commit");
        commits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        for m in batch.drain(..) {
            let _ = m.done.send(());
        }
    }
    conn.close().await.expect("closed");
}

/// A thread that sends `frame` over a websocket as `total` text messages, `rate` a second,
/// to whoever connects to the returned address, then closes it.
fn send_frames(frame: String, rate: u32, total: usize) -> std::net::SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = listener.local_addr().unwrap();
    std::thread::Builder::new()
        .name("floor-gateway".into())
        .spawn(move || {
            let (stream, _) = listener.accept().expect("the reader");
            stream.set_nodelay(true).expect("no delay");
            let mut ws = tokio_tungstenite::tungstenite::accept(stream).expect("the websocket");
            let period = Duration::from_secs(1) / rate;
            let start = Instant::now();
            for i in 0..total as u32 {
                if let Some(wait) = (start + period * i).checked_duration_since(Instant::now()) {
                    std::thread::sleep(wait);
                }
                ws.send(Message::Text(frame.clone())).expect("a frame sent");
            }
            let _ = ws.close(None);
            let _ = ws.flush();
        })
        .expect("the gateway thread");
    addr
}

/// The ids of this process's threads that are sqlx's SQLite workers.
fn sqlite_workers() -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc/self/task").expect("the threads") {
        let entry = entry.expect("a thread");
        let comm = std::fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
        if comm.starts_with("sqlx-sqlite") {
            found.extend(
                entry
                    .file_name()
                    .to_str()
                    .and_then(|s| s.parse::<u32>().ok()),
            );
        }
    }
    found
}

/// Seconds these threads have run (the kernel's `schedstat`, in nanoseconds).
fn cpu_of(threads: &[u32]) -> f64 {
    threads
        .iter()
        .filter_map(|t| std::fs::read_to_string(format!("/proc/self/task/{t}/schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum::<u64>() as f64
        * 1e-9
}
