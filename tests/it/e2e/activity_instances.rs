//! The page in a real browser when its place in the Activity changes: a player Discord says
//! has left sees why and a way back instead of the old table, and the page stops knocking;
//! "Connection lost" goes as soon as the socket is back; and the lobby at a match's end leaves
//! the hand in view on a laptop's screen.

use super::web_instances::table_bot_clocked;
use crate::support::browser::{Direction, Open, Puppet, User as Person, Viewport};
use crate::support::fake_discord::player::Step;
use crate::support::fake_discord::FakeDiscord;
use crate::support::web::{self as page, Socket};
use crate::support::wire::*;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The instance the puppet's parent frame reports (`i-<channel>`).
const INSTANCE: &str = "i-700";
const WAIT: Duration = Duration::from_secs(20);

/// Opens the Activity for `user` as page `name` at `viewport`: the code it signs in with.
async fn open(
    puppet: &Puppet,
    fake: &FakeDiscord,
    port: u16,
    name: &str,
    user: u64,
    viewport: Viewport,
) -> String {
    let code = format!("code-{name}-{}", rand::random::<u32>());
    fake.grant_code(&code, &crate::support::wire::user(user));
    let mut o = Open::new(
        &format!("http://127.0.0.1:{port}/"),
        Person::new(&user.to_string(), name, "en-US"),
        &code,
    );
    o.viewport = viewport;
    puppet.open(name, &o).await;
    puppet
        .wait_js(name, "document.body.dataset.online === 'yes'", WAIT)
        .await;
    code
}

/// Hellos page `name` sent so far.
async fn hellos(puppet: &Puppet, name: &str) -> usize {
    puppet
        .frames(name)
        .await
        .iter()
        .filter(|f| f.dir == Direction::Sent)
        .filter_map(|f| f.json())
        .filter(|f| f["t"] == "hello")
        .count()
}

/// Alice leaves the Activity while her table is open: Discord's word closes her socket, and
/// her page shows why with a way back, not the old table, and stops trying by itself; back
/// in the Activity, "Try again" brings the table back.
#[tokio::test]
async fn a_page_whose_player_left_the_activity_says_so_and_stops() {
    let (bot, port) = table_bot_clocked(
        71,
        INSTANCE,
        &[ALICE, BOB],
        |c| c.activity.instance_recheck_secs = 1,
        Default::default(),
    )
    .await;
    let channel = bot.fake.channel_id();
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let puppet = Puppet::start().await;
    open(&puppet, &bot.fake, port, "alice", ALICE, Viewport::DESKTOP).await;
    puppet.wait_for("alice", "#hand", WAIT).await;

    bot.fake.activity_instance(INSTANCE, channel, &[BOB]);
    puppet
        .wait_js("alice", "document.body.dataset.online === 'gone'", WAIT)
        .await;
    let shown = puppet
        .eval(
            "alice",
            "[document.getElementById('hand') === null, document.querySelector('.felt') === null, \
              document.getElementById('status').textContent, document.getElementById('retry') !== null]",
        )
        .await;
    assert_eq!(shown[0], true, "the old hand is gone: {shown}");
    assert_eq!(shown[1], true, "the old table is gone: {shown}");
    assert!(
        shown[2].as_str().unwrap().contains("not in this Activity"),
        "{shown}"
    );
    assert_eq!(shown[3], true, "a way back: {shown}");
    let asked = hellos(&puppet, "alice").await;
    // Longer than the page's first pauses between tries (1 s, then 2 s).
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(hellos(&puppet, "alice").await, asked, "no more tries");

    bot.fake.activity_instance(INSTANCE, channel, &[ALICE, BOB]);
    puppet.click("alice", "#retry").await;
    puppet.wait_for("alice", "#hand", WAIT).await;
    puppet.quit().await;
    bot.finish().await;
}

/// The socket closes (the session ran out) and comes back: the moment it is welcomed again,
/// nothing on the page says the connection is lost.
#[tokio::test]
async fn connection_lost_goes_as_soon_as_the_socket_is_back() {
    let ahead = Arc::new(AtomicI64::new(0));
    let (bot, port) = table_bot_clocked(
        72,
        INSTANCE,
        &[ALICE],
        |c| c.activity.instance_recheck_secs = 1,
        ahead.clone(),
    )
    .await;
    let puppet = Puppet::start().await;
    let code = open(&puppet, &bot.fake, port, "alice", ALICE, Viewport::DESKTOP).await;
    puppet
        .wait_js("alice", "document.body.dataset.phase === 'none'", WAIT)
        .await;
    // Discord gives the page a code again when it signs in anew.
    bot.fake.grant_code(&code, &user(ALICE));
    ahead.store(13 * 3600, Ordering::SeqCst);
    // Lost and saying it tries again, in one look: the page is back about a second later.
    puppet
        .wait_js(
            "alice",
            "document.body.dataset.online === 'no' && document.body.innerText.includes(' in 1 s')",
            WAIT,
        )
        .await;
    puppet
        .wait_js("alice", "document.body.dataset.online === 'yes'", WAIT)
        .await;
    let shown = puppet
        .eval(
            "alice",
            "((t, b) => [t.classList.contains('on') ? t.textContent : '', b && !b.hidden ? b.textContent : ''])\
             (document.getElementById('toast'), document.getElementById('banner'))",
        )
        .await;
    assert_eq!(shown, json!(["", ""]), "still said once back");
    puppet.quit().await;
    bot.finish().await;
}

/// A match played to its end, on a laptop's 1180x820 screen with two others at the table: the
/// result, the lobby's buttons and the hand all fit, the hand within the view.
#[tokio::test]
async fn the_hand_stays_in_view_at_the_match_end() {
    let (bot, port) = table_bot_clocked(
        73,
        INSTANCE,
        &[ALICE, BOB, CAROL],
        |_| {},
        Default::default(),
    )
    .await;
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;
    let mut others = Vec::new();
    for u in [BOB, CAROL] {
        let session = page::sign_in(&bot.fake, port, &user(u)).await;
        others.push(Socket::join(port, &session, INSTANCE).await);
    }
    let puppet = Puppet::start().await;
    let laptop = Viewport {
        width: 1180,
        height: 820,
        mobile: false,
    };
    open(&puppet, &bot.fake, port, "alice", ALICE, laptop).await;
    // Played to its end with buttons while Alice's page follows it.
    for _ in 0..MAX_PRESSES {
        if matches!(game.step().await, Step::Over) {
            break;
        }
    }
    puppet
        .wait_js(
            "alice",
            "document.querySelector('.matchend') !== null && document.getElementById('hand') !== null \
             && document.querySelectorAll('[data-challenge]').length === 2",
            WAIT,
        )
        .await;
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match-end-1180x820.png");
    puppet.screenshot("alice", &path).await;
    println!("screenshot: {}", path.display());
    let boxes: Value = puppet
        .eval(
            "alice",
            "[...['hand', 'lobby'].map((id) => { const r = document.getElementById(id).getBoundingClientRect(); \
               return [r.top, r.bottom]; }), innerHeight]",
        )
        .await;
    let (hand, height) = (&boxes[0], boxes[2].as_f64().unwrap());
    assert!(
        hand[0].as_f64().unwrap() >= 0.0 && hand[1].as_f64().unwrap() <= height,
        "the hand is out of view: [hand, lobby, height] = {boxes}"
    );
    drop(others);
    puppet.quit().await;
    bot.finish().await;
}
