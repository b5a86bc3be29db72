//! Credentials never reach a log line: an interaction token that opens a player's hand message
//! is not printed when an edit through it is refused, and it leaves the database with its
//! delivered outbox row. Every line the process logs, on every thread and at every level, is
//! captured: so the test runs alone, in a process of its own (this test binary started again
//! for this one test). A subscriber for the whole process would capture, and slow, every
//! other test of the binary; one for this thread alone would miss the database's threads.

use crate::support::fake_discord::acts::{act_press, Act};
use crate::support::harness::*;
use gin::engine::ai::Level;
use gin::ui::ids::Press;
use gin::ui::model::Msg;
use gin::ui::{Deliverer, SendError, Transport};
use std::sync::{Arc, Mutex};

/// Set in the process that runs the test alone.
const ALONE: &str = "GIN_TEST_ALONE";

/// Whether this process is the one to run test `name` (of this module) in: if not, runs this
/// test binary again for that test alone and checks that it passed.
fn alone(name: &str) -> bool {
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let path = module_path!().split_once("::").map_or("", |(_, p)| p);
    let out = std::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args([&format!("{path}::{name}"), "--exact", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .expect("run the test binary again");
    let said = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let stdout = said(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{name} alone: {}\n{stdout}\n{}",
        out.status,
        said(&out.stderr)
    );
    false
}

/// From now on, every line the process logs, at every level, without colours; the returned
/// log grows with them.
fn capture() -> Arc<Mutex<Vec<u8>>> {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || Sink(sink.clone()))
        .finish();
    tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");
    log
}

fn read(log: &Mutex<Vec<u8>>) -> String {
    String::from_utf8_lossy(&log.lock().unwrap()).into_owned()
}

struct Sink(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Discord where every hand message was dismissed: an edit through its token is refused for
/// good (404, Unknown Webhook); the rest goes through.
struct Dismissed;

impl Transport for Dismissed {
    async fn post(&self, _: u64, _: &Msg, _: Option<&str>) -> Result<u64, SendError> {
        Ok(1)
    }

    async fn edit(&self, _: u64, _: u64, _: &Msg) -> Result<(), SendError> {
        Ok(())
    }

    async fn edit_ephemeral(&self, _: &str, _: &Msg) -> Result<(), SendError> {
        Err(SendError {
            retry: false,
            gone: None,
            message: "Unknown Webhook".into(),
        })
    }
}

const TOKEN: &str = "aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu";

/// The AI's move refreshes Alice's hand message through her stored token; Discord refuses
/// the edit for good (she dismissed the message). The warning says so without the token, and
/// the token leaves the database with the row.
#[test]
fn a_refused_hand_edit_logs_no_token_and_the_row_takes_it_along() {
    if !alone("a_refused_hand_edit_logs_no_token_and_the_row_takes_it_along") {
        return;
    }
    let log = capture();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(refused_hand_edit(&log));
}

async fn refused_hand_edit(log: &Mutex<Vec<u8>>) {
    let h = Harness::new().await;
    let id = h.practice(Level::Simple).await;
    let hand = h.press(ALICE, 1, &Press::Hand(id).encode()).await;
    let seat = hand.hand_of.expect("Alice's hand message").1;
    h.games
        .remember_hand_token(id, seat, TOKEN.into(), gin::i18n::Lang::En);
    let pass = button(hand.response.msg(), |p| {
        act_press(p).is_some_and(|a| matches!(a.act, Act::Pass | Act::DrawStock))
    })
    .expect("a pass or a draw");
    // Alice's move: the AI answers, and its move stores the refresh of her hand message
    // with her token.
    let answer = gin::ui::press(&h.games, &h.caller(ALICE, Some(1)), &pass).await;
    let dismissed = Deliverer::new(h.games.clone(), Dismissed);
    dismissed.deliver(answer.deliveries).await;
    let log = read(log);
    assert!(
        log.contains("not delivered"),
        "the refused edit is logged:\n{log}"
    );
    assert!(!log.contains(TOKEN), "a token in the log:\n{log}");
    // The next write takes the delivered rows, and the token with them.
    h.games.db.matches().count_hint(id, seat).await.unwrap();
    let rows = h.games.db.outbox().pending_outbox().await.unwrap();
    assert!(
        rows.iter().all(|r| !r.effects_json.contains(TOKEN)),
        "{rows:?}"
    );
}
