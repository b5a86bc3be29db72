//! `--only floor`: what one move's work costs when nothing else is done, piece by piece, with
//! the crates the bot is built on. The goal is a bot CPU per answered action of 0.25 ms
//! (see the README); this measures the parts no arrangement of the bot's own code can
//! leave out, so that a goal below their sum is known to be out of reach rather than guessed.
//!
//! Every figure is CPU time of the thread (or, for the store, the process) doing that part
//! alone, in microseconds per call:
//! - `parse`: serenity's `serde_json` parse of one INTERACTION_CREATE frame (a move pressed on
//!   a hand message, as Discord sends it: the message with its buttons comes along); the
//!   websocket, TLS and zlib under it are left out;
//! - `render`: the hand and the table of that moment, from the engine's views to messages,
//!   dressed with the card emojis as the load benchmark's bot (pictures on) dresses them;
//! - `engine`: the move applied and the state and the log entry serialized;
//! - `callback`, `edit`, `token_edit`: serenity's HTTP client sending the interaction
//!   response, the table edit and the hand refresh with those messages (over one kept-alive
//!   connection on 127.0.0.1 without TLS, to a server on another thread whose CPU is not
//!   counted; loopback charges some of the receiving side's kernel work to the sender);
//! - `store`: actions stored by the bot's own store (`Matches::save_action`: the state, the log
//!   entry and two outbox rows, committed with `synchronous = FULL`) and their outbox rows
//!   deleted once delivered; the whole process's CPU, all threads of the store included.
//!   `alone` stores one action at a time, `grouped` ten matches' actions at once (the writer
//!   then shares commits), each with its commits per action; from the two, the cost per
//!   commit and per action;
//! - `load`: waiting matches read back as after a restart (`Matches::load_matches` by 500, each
//!   state parsed), and with `parse`, the hand's rendering and `callback` the least a
//!   "My hand" press of `--only resume` costs;
//! - `least_write`: a move's row (and the match's state) written with fixed statements on
//!   sqlx's native SQLite driver, alone and ten to a commit (`least_write.rs`);
//! - `paced`: the pieces together at the load benchmark's rate, a move a millisecond over
//!   1,000 matches, with the wakes between them (`paced.rs`).
//!
//! The totals weigh the requests by how many of each a move sends under the load benchmark
//! (1 answer, 0.81 table edits, 0.37 hand refreshes per action), with the store as grouped
//! (the least it costs), with one commit per action (the load benchmark has 1.2 to 1.5),
//! without it, and with the least write any store could do instead (`least_write.rs`).

use super::fake_discord::{FakeDiscord, FakeOptions, User};
use super::{rows_json, seed_hand};
use gin::engine::{deck, Match, Preset};
use gin::games::{CardLook, Effect, HandMode, HandOf, HandScene, Seats, TableOf, TableScene};
use gin::i18n::Lang;
use gin::store::{Db, Durability, MatchState, NewMatch, OutboxKey, OutboxRow, SavedAction};
use gin::ui::faces::Faces;
use gin::ui::model::Msg;
use gin::ui::render;
use gin::ui::Transport;
use serde_json::json;
use std::io::{Read, Write};
use std::sync::Arc;

#[path = "least_write.rs"]
mod least_write;
#[path = "paced.rs"]
mod paced;

// Requests per action of each kind under `cargo bench --bench load` (its
// `requests_per_action_*` lines): table edits, and hand refreshes through a token.
const EDITS_PER_ACTION: f64 = 0.81;
const TOKEN_EDITS_PER_ACTION: f64 = 0.37;

/// CPU time of the calling thread, in seconds.
fn thread_cpu() -> f64 {
    cpu_clock(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// CPU time of the whole process, in seconds.
fn process_cpu() -> f64 {
    cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID)
}

fn cpu_clock(clock: libc::clockid_t) -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock ids are the kernel's own.
    let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// Microseconds of thread CPU per call of `f`, over `n` calls.
fn per_call_us(n: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm
    let t = thread_cpu();
    for _ in 0..n {
        f();
    }
    (thread_cpu() - t) * 1e6 / n as f64
}

/// One moment of a fresh match: the hand of the seat to move, the table, and the
/// INTERACTION_CREATE frame of a move pressed on that hand.
#[derive(Clone)]
struct Moment {
    game: Match,
    seats: Seats,
    hand: Msg,
    table: Msg,
    frame: String,
}

fn moment(fake: &FakeDiscord) -> Moment {
    let game = Match::new(Preset::Classic.rules(), 2, deck::hand_seed(&[7u8; 32], 1)).unwrap();
    let names = vec!["Ann".to_string(), "Ben".to_string()];
    let users = vec![40_000_000u64, 40_000_001];
    let seats = Seats {
        match_id: 1,
        version: 0,
        preset: "classic".into(),
        names: names.clone(),
        users: users.clone(),
    };
    let seat = game.to_act().expect("someone to move");
    let hand = hand_msg(&game, &seats, seat);
    let table = table_msg(&game, &seats);
    let user = User::new(users[seat as usize], &names[seat as usize]);
    let (hand_id, press) = seed_hand(fake, fake.channel_id(), &hand, &user);
    let mut payload = fake.press(&user, &fake.message(hand_id).unwrap(), &press);
    payload["id"] = "1300000000000000001".into();
    payload["token"] = "t".repeat(180).into();
    let frame = json!({"op": 0, "s": 42, "t": "INTERACTION_CREATE", "d": payload}).to_string();
    Moment {
        game,
        seats,
        hand,
        table,
        frame,
    }
}

/// The application's card emojis, as the load benchmark's bot has them after its sync (ids
/// made up): messages are dressed with them as the bot dresses every message it sends.
fn faces() -> &'static Faces {
    static FACES: std::sync::LazyLock<Faces> = std::sync::LazyLock::new(|| {
        Faces::from_emojis(
            gin::ui::faces::wanted()
                .into_iter()
                .enumerate()
                .map(|(i, w)| (1_250_000_000_000_000_000 + i as u64, w.name)),
        )
    });
    &FACES
}

/// The hand of `seat` as the bot sends it: rendered with pictures, then dressed.
fn hand_msg(game: &Match, seats: &Seats, seat: u8) -> Msg {
    faces().dress(render::hand_scene(&hand_scene(game, seats, seat)))
}

/// The table as the bot sends it.
fn table_msg(game: &Match, seats: &Seats) -> Msg {
    faces().dress(render::table_scene(&table_scene(game, seats)))
}

fn hand_scene(game: &Match, seats: &Seats, seat: u8) -> HandScene {
    HandScene {
        lang: Lang::En,
        look: CardLook::Pictures,
        seats: seats.clone(),
        view: HandOf::Gin(game.view_for(seat)),
        mode: HandMode::Normal,
        note: None,
        coach: false,
    }
}

fn table_scene(game: &Match, seats: &Seats) -> TableScene {
    TableScene {
        lang: Lang::En,
        look: CardLook::Pictures,
        seats: seats.clone(),
        view: TableOf::Gin(game.table_view()),
        clock: None,
        event: None,
    }
}

/// A server on threads of its own that answers as Discord does: 204 to an interaction
/// callback, 200 with the message (`message_json`) to an edit. Its CPU is not the client's.
fn serve(message_json: String) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let body = message_json.clone();
            std::thread::spawn(move || answer_all(stream, &body));
        }
    });
    format!("http://{addr}")
}

fn answer_all(mut stream: std::net::TcpStream, message_json: &str) {
    let mut buf = Vec::with_capacity(16 * 1024);
    let mut chunk = [0u8; 16 * 1024];
    loop {
        // One request: its head, then as many body bytes as it says.
        let head_end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            match stream.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        while buf.len() < head_end + length {
            match stream.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        }
        let callback = head.starts_with("post") && head.contains("/callback");
        let reply = if callback {
            "HTTP/1.1 204 No Content\r\n\r\n".to_string()
        } else {
            format!(
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{}",
                message_json.len(),
                message_json
            )
        };
        if stream.write_all(reply.as_bytes()).is_err() {
            return;
        }
        buf.drain(..head_end + length);
    }
}

/// serenity's HTTP client as the bot builds it (less the rate limiter), sending to `base`,
/// and the bot's sending half over it.
fn client(base: String) -> (Arc<serenity::http::Http>, gin::discord::DiscordOut) {
    let http = Arc::new(
        serenity::http::HttpBuilder::new("Bot floor.benchmark.token")
            .proxy(base)
            .ratelimiter_disabled(true)
            .build(),
    );
    http.set_application_id(serenity::model::id::ApplicationId::new(1));
    let out = gin::discord::DiscordOut::new(http.clone());
    (http, out)
}

/// Microseconds of client thread CPU per request of each kind: (callback, edit, token edit).
fn http_costs(base: String, m: &Moment, n: usize) -> (f64, f64, f64) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (http, out) = client(base);
        // Built for every answer, as the bot builds its own (a JSON value of the message).
        let callback = |hand: &Msg| {
            json!({"type": 7, "data": {
                "content": hand.content, "components": rows_json(hand),
                "allowed_mentions": {"parse": []}}})
        };
        let id = serenity::model::id::InteractionId::new(1_300_000_000_000_000_001);
        let token = "t".repeat(180);
        macro_rules! per_request {
            ($call:expr) => {{
                $call.await.expect("the request");
                let t = thread_cpu();
                for _ in 0..n {
                    $call.await.expect("the request");
                }
                (thread_cpu() - t) * 1e6 / n as f64
            }};
        }
        let cb = per_request!(http.create_interaction_response(
            id,
            &token,
            &callback(&m.hand),
            Vec::new()
        ));
        let edit = per_request!(out.edit(1_200, 1_201, &m.table));
        let token_edit = per_request!(out.edit_ephemeral(&token, &m.hand));
        (cb, edit, token_edit)
    })
}

/// What the store cost, per action stored.
struct StoreCost {
    /// Microseconds of process CPU.
    us: f64,
    /// Commits (each a sync of the disk), per action.
    commits: f64,
    /// Microseconds of thread CPU of the engine's move and its serialization.
    engine_us: f64,
    actions: usize,
}

/// The `i`-th fresh two-player match, as the bot stores it.
fn new_match(i: usize) -> (NewMatch, Match) {
    let rules = Preset::Classic.rules();
    let seed = deck::hand_seed(&[9u8; 32], i as u32);
    let game = Match::new(rules.clone(), 2, seed).unwrap();
    let new = NewMatch {
        guild_id: 1,
        place_kind: Default::default(),
        place_id: 1,
        channel_id: 2 + i as u64,
        table_message_id: Some(3),
        format: gin::store::Format::parse("two").unwrap(),
        preset: "classic".into(),
        rules_json: serde_json::to_string(&rules).unwrap(),
        locale: "en-US".into(),
        state_json: serde_json::to_string(&game).unwrap(),
        seed_hex: deck::seed_hex(&seed),
        players: vec![(10, "Ann".into(), false), (11, "Ben".into(), false)],
        ai_level: None,
        now: 0,
        outbox: Vec::new(),
        ai_to_act: false,
        event: None,
    };
    (new, game)
}

/// Process CPU per match, in microseconds, of reading waiting matches back as the first
/// presses after a restart do: `Matches::load_matches` in reads of 500 (`games/batch.rs`), each
/// state parsed into the engine's match. (The bot builds more around it; this is the least.)
async fn load_cost(dir: &std::path::Path, matches: usize) -> f64 {
    let url = format!("sqlite://{}", dir.join("resume.db").display());
    let db = Db::open_with(&url, Durability::Normal)
        .await
        .expect("a store");
    let mut ids = Vec::with_capacity(matches);
    for i in 0..matches {
        let id = db
            .matches()
            .create_match(&new_match(i).0)
            .await
            .expect("a match");
        ids.push(id);
    }
    let read = |chunk: Vec<i64>| {
        let db = &db;
        async move {
            let rows = db
                .matches()
                .load_matches(&chunk)
                .await
                .expect("the matches");
            for (_, row) in rows {
                let row = row.expect("a readable match");
                let game: Match = serde_json::from_str(&row.state_json).expect("a state");
                std::hint::black_box(game);
            }
        }
    };
    read(ids[..500.min(matches)].to_vec()).await; // warm
    let t = process_cpu();
    for chunk in ids.chunks(500) {
        read(chunk.to_vec()).await;
    }
    (process_cpu() - t) * 1e6 / matches.max(1) as f64
}

/// Stores about `actions` actions through the bot's store, `together` at a time.
async fn store_cost(dir: &std::path::Path, actions: usize, together: usize) -> StoreCost {
    let url = format!(
        "sqlite://{}",
        dir.join(format!("floor{together}.db")).display()
    );
    let db = Db::open_with(&url, Durability::Full)
        .await
        .expect("a store");
    let mut games = Vec::new();
    for i in 0..together {
        let (new, game) = new_match(i);
        let id = db.matches().create_match(&new).await.expect("a match");
        games.push((id, 0i64, game));
    }
    let effects = serde_json::to_string(&[
        Effect::Table,
        Effect::Hand {
            seat: 1,
            handle: None,
        },
    ])
    .expect("effects");
    let mut done = 0;
    let step = |games: &mut Vec<(i64, i64, Match)>| -> Vec<SavedAction> {
        games
            .iter_mut()
            .map(|(id, version, game)| {
                let seat = game.to_act().unwrap_or(0);
                let action = game.legal_actions(seat)[0];
                game.apply(seat, action).expect("a legal move");
                let saved = SavedAction {
                    match_id: *id,
                    version: *version,
                    seat,
                    event_json: serde_json::to_string(&action).unwrap(),
                    state_json: serde_json::to_string(&*game).unwrap(),
                    status: MatchState::Active,
                    now: 0,
                    turn_changed: true,
                    actor_changed: false,
                    ai_to_act: false,
                    hands: Vec::new(),
                    result: None,
                    rate: None,
                    winner_seat: None,
                    hollywood: Vec::new(),
                    outbox: (0..2)
                        .map(|part| OutboxRow {
                            key: OutboxKey {
                                match_id: *id,
                                version: *version + 1,
                                part,
                            },
                            due_ms: 0,
                            effects_json: effects.clone(),
                        })
                        .collect(),
                };
                *version += 1;
                saved
            })
            .collect()
    };
    // Each round stores one action of every match at once; the first round only warms up.
    let mut t = process_cpu();
    let mut commits0 = gin::metrics::get().db_commits.get();
    let mut first = true;
    let mut serialize = 0.0;
    while done < actions {
        let s = thread_cpu();
        let batch = step(&mut games);
        serialize += thread_cpu() - s;
        let keys: Vec<OutboxKey> = batch
            .iter()
            .flat_map(|a| a.outbox.iter().map(|r| r.key))
            .collect();
        let matches = db.matches();
        let saved =
            futures_util::future::join_all(batch.into_iter().map(|a| matches.save_action(a))).await;
        assert!(
            saved.iter().all(|s| matches!(s, Ok(true))),
            "every action stored"
        );
        for k in keys {
            db.outbox().outbox_delivered(k);
        }
        if std::mem::take(&mut first) {
            t = process_cpu();
            commits0 = gin::metrics::get().db_commits.get();
            serialize = 0.0;
            continue;
        }
        done += together;
        if games.iter().any(|(_, _, g)| g.to_act().is_none()) {
            break;
        }
    }
    // The deletes of the last round's delivered rows belong to it (delivery notes alone wait
    // up to 200 ms for a commit to go with).
    let (last, mut waited) = (gin::metrics::get().db_commits.get(), 0);
    while gin::metrics::get().db_commits.get() == last && waited < 200 {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        waited += 1;
    }
    let done_f = done.max(1) as f64;
    StoreCost {
        // The engine's move and its serialization are the action's, not the store's.
        us: (process_cpu() - t - serialize) * 1e6 / done_f,
        commits: (gin::metrics::get().db_commits.get() - commits0) as f64 / done_f,
        engine_us: serialize * 1e6 / done_f,
        actions: done,
    }
}

/// Measures each piece and prints the figures (see the module's documentation).
pub async fn floor() {
    let fake = FakeDiscord::start_with(FakeOptions::lean()).await;
    let m = moment(&fake);
    let parse = per_call_us(20_000, || {
        let event: serenity::model::event::GatewayEvent =
            serde_json::from_str(&m.frame).expect("a gateway frame");
        std::hint::black_box(event);
    });
    let render = per_call_us(20_000, || {
        let seat = m.game.to_act().unwrap_or(0);
        std::hint::black_box(hand_msg(&m.game, &m.seats, seat));
        std::hint::black_box(table_msg(&m.game, &m.seats));
    });
    let render_hand = per_call_us(20_000, || {
        let seat = m.game.to_act().unwrap_or(0);
        std::hint::black_box(hand_msg(&m.game, &m.seats, seat));
    });
    let message_json = json!({"id": "1201", "channel_id": "1200", "content": m.table.content,
        "components": rows_json(&m.table), "author": {"id": "1", "username": "gin"}})
    .to_string();
    let base = serve(message_json);
    let (callback, edit, token_edit) = {
        let m = m.clone();
        let base = base.clone();
        tokio::task::spawn_blocking(move || http_costs(base, &m, 3_000))
            .await
            .expect("the HTTP measurement")
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let alone = store_cost(dir.path(), 1_000, 1).await;
    let grouped = store_cost(dir.path(), 2_000, 10).await;
    let load = load_cost(dir.path(), 5_000).await;
    // The store's cost as a part per commit and a part per action, from the two runs.
    let per_commit = (alone.us - grouped.us) / (alone.commits - grouped.commits);
    let per_action = grouped.us - per_commit * grouped.commits;
    let requests = callback + EDITS_PER_ACTION * edit + TOKEN_EDITS_PER_ACTION * token_edit;
    let without_store = parse + render + grouped.engine_us + requests;
    println!("bench=floor frame_bytes={} look=pictures", m.frame.len());
    println!("floor_parse_us={parse:.1}");
    println!("floor_render_us={render:.1}");
    println!("floor_engine_us={:.1}", grouped.engine_us);
    println!("floor_callback_us={callback:.1}");
    println!("floor_edit_us={edit:.1}");
    println!("floor_token_edit_us={token_edit:.1}");
    for (name, c) in [("alone", &alone), ("grouped", &grouped)] {
        println!(
            "floor_store_{name}_us={:.1} commits_per_action={:.2} actions={}",
            c.us, c.commits, c.actions
        );
    }
    println!("floor_store_per_commit_us={per_commit:.1} floor_store_per_action_us={per_action:.1}");
    println!(
        "floor_cpu_ms_per_action={:.3} (the store as grouped)",
        (without_store + grouped.us) / 1000.0
    );
    println!(
        "floor_cpu_ms_per_action_one_commit_each={:.3}",
        (without_store + per_action + per_commit) / 1000.0
    );
    println!(
        "floor_cpu_ms_per_action_without_store={:.3}",
        without_store / 1000.0
    );
    // The least any store could cost (`least_write.rs`), and the floor with it.
    let mut least = f64::MAX;
    for (name, state) in [("log", false), ("state", true)] {
        for (moves, together) in [(2_000, 1), (20_000, 10)] {
            let w = least_write::least_write(dir.path(), moves, together, state).await;
            println!(
                "floor_least_write_{name}_{together}_us={:.1} commits_per_action={:.2}",
                w.us, w.commits
            );
            least = least.min(w.us);
        }
    }
    println!(
        "floor_cpu_ms_per_action_least_store={:.3} (the least write above, grouped)",
        (without_store + least) / 1000.0
    );
    // The pieces together, paced as the load benchmark paces its moves (`paced.rs`): each
    // record committed at once, and moves gathered for 2 and 5 ms to share a commit (5 ms
    // is as long as answers can wait within a p99 of 10 ms).
    use paced::Record::{Full, Log, Outbox, State};
    let mut least_paced = f64::MAX;
    for (record, gather_ms) in [
        (State, 0),
        (Log, 0),
        (Log, 5),
        (Outbox, 0),
        (Outbox, 2),
        (Outbox, 5),
        (Full, 4),
        (Full, 5),
    ] {
        let pace = paced::Pace {
            rate: 1_000,
            seconds: 10,
            matches: 1_000,
        };
        let store = paced::Store {
            record,
            gather: std::time::Duration::from_millis(gather_ms),
        };
        let (frame, seats, dir) = (m.frame.clone(), m.seats.clone(), dir.path().to_owned());
        let base = base.clone();
        let thread = std::thread::Builder::new()
            .name("floor-paced".into())
            .spawn(move || paced::paced(frame, seats, base, &dir, pace, store))
            .expect("the paced thread");
        let p = tokio::task::spawn_blocking(move || thread.join().expect("the paced moves"))
            .await
            .expect("the paced moves");
        println!(
            "floor_paced_{}_gather_{gather_ms}ms_cpu_ms_per_action={:.3} runtime_us={:.1} sqlite_us={:.1} commits_per_action={:.2} moves={} p50_ms={:.2} p99_ms={:.2}",
            record.name(),
            p.us / 1000.0,
            p.runtime_us,
            p.sqlite_us,
            p.commits,
            p.moves,
            p.p50_ms,
            p.p99_ms
        );
        if matches!(record, Outbox | Full) {
            least_paced = least_paced.min(p.us);
        }
    }
    println!(
        "floor_paced_cpu_ms_per_action_least={:.3} (the least of the paced runs above that \
         store the outbox, as the bot must)",
        least_paced / 1000.0
    );
    // A "My hand" press after a restart (`--only resume`): the frame parsed, the match read
    // back, the hand rendered and sent as the answer.
    let resume_press = parse + load + render_hand + callback;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("floor_render_hand_us={render_hand:.1} floor_load_match_us={load:.1}");
    println!(
        "floor_resume_press_us={resume_press:.1} floor_resume_10000_ms_on_{cores}_cores={:.0} (the bot alone)",
        resume_press * 10_000.0 / 1000.0 / cores as f64
    );
}
