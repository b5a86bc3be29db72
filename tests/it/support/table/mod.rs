//! A match of any game played through the fake Discord by its players' presses, for the
//! end-to-end tests of the games: each game's moves come from its own test module
//! (`crate::games`). After every move, each new write is scanned for cards its reader may not
//! see ([`scan`]); at the end, [`assert_ledger`] checks the stored result.

mod ledger;
mod moves;
mod scan;

pub use ledger::assert_ledger;
pub use scan::{face_up, hidden, named_cards, scan, scan_hidden, table_face_up, write_of};

use super::fake_discord::{Callback, FakeDiscord, Opt, StoredMessage, User};
use crate::games::{each_tested, Tested};
use gin::engine::Seat;
use gin::games::Game;
use gin::store::Db;
use std::time::Duration;

/// A match driven by its players' presses.
pub struct Table<'a> {
    pub fake: &'a FakeDiscord,
    /// The channel it is played in.
    pub channel: u64,
    pub db: Db,
    /// The people, in seat order; the seats after theirs are the bot's.
    pub users: Vec<User>,
    pub match_id: i64,
    pub presses: u64,
    /// Team Gin swaps the players made.
    pub swaps: u64,
    /// Hints asked for (a practice match's coach).
    pub hints: u64,
    /// Per seat, the hand message opened last.
    pub hands: Vec<Option<u64>>,
    /// Writes scanned so far, and the public ones among them.
    scanned: usize,
    pub public_scanned: usize,
}

/// A match as the database holds it.
pub struct Stored {
    pub status: String,
    pub version: i64,
    pub game: Game,
}

impl<'a> Table<'a> {
    /// `/<command> start` by the first user with `options`; the others accept in turn and the
    /// challenge becomes the table. Also returns what the challenge said.
    pub async fn start(
        fake: &'a FakeDiscord,
        url: &str,
        users: Vec<User>,
        command: &str,
        options: Vec<Opt>,
    ) -> (Table<'a>, String) {
        Table::start_in(fake, url, fake.channel_id(), users, command, options).await
    }

    /// [`Table::start`] in `channel`.
    pub async fn start_in(
        fake: &'a FakeDiscord,
        url: &str,
        channel: u64,
        users: Vec<User>,
        command: &str,
        options: Vec<Opt>,
    ) -> (Table<'a>, String) {
        let cmd = fake.slash_command_in(channel, &users[0], command, Some("start"), options);
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.kind == 4 && !cb.ephemeral, "{cb:?}");
        let challenge = cb.message_id.expect("a challenge message");
        let said = fake.message(challenge).unwrap().content;
        for u in &users[1..] {
            let msg = fake.message(challenge).unwrap();
            let accept = msg.find_button(|id| id.starts_with("gin:acc:")).unwrap();
            let cb = fake.interact(fake.press(u, &msg, &accept)).await;
            assert!(cb.ok() && cb.kind == 7, "{cb:?}");
        }
        let table = fake.message(challenge).unwrap();
        let match_id = table
            .custom_ids()
            .iter()
            .find_map(|id| id.strip_prefix("gin:hand:")?.parse().ok())
            .unwrap_or_else(|| panic!("the challenge became the table: {}", table.content));
        (Table::new(fake, url, channel, users, match_id).await, said)
    }

    /// `/<command> practice` by `user` with `options`: the bot takes every other seat.
    pub async fn practice(
        fake: &'a FakeDiscord,
        url: &str,
        user: User,
        command: &str,
        options: Vec<Opt>,
    ) -> Table<'a> {
        Table::practice_in(fake, url, fake.channel_id(), user, command, options).await
    }

    /// [`Table::practice`] in `channel`.
    pub async fn practice_in(
        fake: &'a FakeDiscord,
        url: &str,
        channel: u64,
        user: User,
        command: &str,
        options: Vec<Opt>,
    ) -> Table<'a> {
        let cmd = fake.slash_command_in(channel, &user, command, Some("practice"), options);
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.kind == 4 && !cb.ephemeral, "{cb:?}");
        let table = fake.message(cb.message_id.unwrap()).unwrap();
        let match_id = table
            .custom_ids()
            .iter()
            .find_map(|id| id.strip_prefix("gin:rules:")?.parse().ok())
            .expect("the table");
        Table::new(fake, url, channel, vec![user], match_id).await
    }

    /// Match `match_id`, begun elsewhere (on the card table), played on here by presses.
    pub async fn new(
        fake: &'a FakeDiscord,
        url: &str,
        channel: u64,
        users: Vec<User>,
        match_id: i64,
    ) -> Table<'a> {
        Table {
            fake,
            channel,
            db: Db::open(url).await.unwrap(),
            hands: vec![None; users.len()],
            users,
            match_id,
            presses: 0,
            swaps: 0,
            hints: 0,
            scanned: 0,
            public_scanned: 0,
        }
    }

    /// The match as stored.
    pub async fn row(&self) -> gin::store::MatchRow {
        let row = self.db.matches().load_match(self.match_id).await.unwrap();
        row.expect("the match is stored")
    }

    pub async fn state(&self) -> Stored {
        let row = self
            .db
            .matches()
            .load_match(self.match_id)
            .await
            .unwrap()
            .unwrap();
        Stored {
            status: row.status.to_string(),
            version: row.version,
            game: Game::from_json(row.format, &row.state_json).unwrap(),
        }
    }

    /// The table message: the one with the "My hand" button.
    pub fn table(&self) -> Option<StoredMessage> {
        self.fake
            .message_with_button(&format!("gin:hand:{}", self.match_id))
    }

    pub async fn send(&mut self, payload: serde_json::Value) -> Callback {
        self.presses += 1;
        self.fake.interact(payload).await
    }

    /// The seat's hand message, fresh: "My hand" on the table (between deals the old table
    /// is retired before the new one is posted: waits up to 10 s for it).
    pub async fn open_hand(&mut self, seat: Seat) -> Option<StoredMessage> {
        self.fake
            .wait_until(self.channel, Duration::from_secs(10), || {
                self.table().is_some()
            })
            .await;
        let table = self.table()?;
        let id = format!("gin:hand:{}", self.match_id);
        let p = usize::from(seat);
        let cb = self
            .send(self.fake.press(&self.users[p], &table, &id))
            .await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        self.hands[p] = cb.message_id;
        self.fake.message(cb.message_id?)
    }

    /// Lets what a move requires be delivered, then scans it.
    pub async fn settle(&mut self) {
        tokio::time::sleep(Duration::from_millis(15)).await;
        self.scan().await;
    }

    /// Every write since the last scan, against a state at least as new as each of them (a
    /// write goes out only after its state is stored, and the AI may move while this runs;
    /// within a deal a card once face up stays seen).
    pub async fn scan(&mut self) {
        let writes = self.fake.writes_since(self.scanned);
        let game = self.state().await.game;
        self.scanned += writes.len();
        let owners: Vec<u64> = self.users.iter().map(|u| u.id).collect();
        for w in &writes {
            scan(w, &game, &owners);
            self.public_scanned += usize::from(!w.ephemeral);
        }
    }

    /// Plays until the match ends, the people's seats by their game's policy
    /// ([`Tested::step`]; each move's writes scanned), the bot's by themselves; at most `max` presses.
    pub async fn play_to_end(&mut self, max: u64) -> Game {
        match self.play_for(max).await {
            Some(game) => game,
            None => panic!("over {max} presses"),
        }
    }

    /// [`Table::play_to_end`] for `presses` presses at most (a few more if a move takes
    /// several): the match's end, or None while it goes on.
    pub async fn play_for(&mut self, presses: u64) -> Option<Game> {
        let until = self.presses + presses;
        let mut turn = 0;
        loop {
            let Stored {
                status,
                version,
                game,
            } = self.state().await;
            if status != "active" {
                return Some(game);
            }
            if self.presses >= until {
                return None;
            }
            let moved = each_tested!(&game, m, K => K::step(self, m, version, turn).await);
            turn += 1;
            assert!(moved || turn < until, "the match is stuck");
        }
    }

    /// The public messages once the match-end message is there (up to 5 s).
    pub async fn public_at_end(&self, game: &Game) -> Vec<StoredMessage> {
        let fake = self.fake;
        let end = scan::match_end(game);
        fake.wait_until(self.channel, Duration::from_secs(5), || {
            fake.messages_in(self.channel)
                .iter()
                .any(|p| p.content.contains(end))
        })
        .await;
        fake.messages_in(self.channel)
            .into_iter()
            .filter(|m| !m.ephemeral)
            .collect()
    }
}
