//! The service set up for unit tests: a fresh database, a clock the test moves, and a practice
//! match in a place of the test's choosing.

use super::{Caller, GameChoice, Games, Place, ReplyRole, PRACTICE_LEVEL};
use crate::i18n::Lang;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// The channel the practice is started in.
pub const CHANNEL: u64 = 700;
/// The message id its table gets.
pub const TABLE: u64 = 55;
/// How long tokens are used (seconds).
pub const WINDOW: i64 = 14 * 60;

/// The service on a fresh database, on a clock (seconds) the test moves.
pub async fn games(now: Arc<AtomicI64>) -> (tempfile::TempDir, Games) {
    games_on(Arc::new(move || now.load(Ordering::SeqCst))).await
}

/// The service on a fresh database and `clock`, with the default configuration.
pub async fn games_on(clock: super::Clock) -> (tempfile::TempDir, Games) {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::store::testing::fresh_database_url(dir.path(), "games")
        .await
        .unwrap();
    let db = crate::store::Db::open(&url).await.unwrap();
    let config = crate::config::Config {
        token: "test".into(),
        ..Default::default()
    };
    (dir, Games::new(db, config, clock, WINDOW))
}

/// A practice match started by a caller in `place`, its table message [`TABLE`]: its id.
pub async fn practice(games: &Games, place: Place) -> i64 {
    let caller = Caller {
        place,
        channel_id: CHANNEL,
        user_id: 10,
        name: "Ann".into(),
        lang: Lang::En,
        guild_lang: Lang::En,
        message_id: None,
    };
    let game = GameChoice::Gin(Default::default());
    let bot = (999, "Gin".to_string());
    let started = games
        .practice()
        .start(&caller, PRACTICE_LEVEL, game, 2, None, bot)
        .await;
    let Some(ReplyRole::Table(id)) = started.reply_is else {
        panic!("a table: {:?}", started.reply);
    };
    games.reply_created(ReplyRole::Table(id), TABLE).await;
    id
}
