//! Basic Rummy over the wire: the real binary against the fake Discord, every move a press of
//! a button or a choice in a menu the bot sent. Two and five players play whole matches; no
//! message shows a card of a hand its reader does not hold before the hand ends, and no
//! message breaks Discord's component limits.

use crate::support::{fake_discord, wire};

use fake_discord::{Callback, FakeDiscord, Opt, StoredMessage, User, Write};
use gin::engine::rummy::{RummyEvent, RummyMatch};
use gin::engine::CardSet;
use gin::i18n::Lang;
use gin::store::Db;
use std::time::Duration;
use wire::Binary;

const NAMES: [&str; 6] = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];

fn players(n: usize) -> Vec<User> {
    (0..n)
        .map(|i| User::new(2001 + i as u64, NAMES[i]))
        .collect()
}

/// A Rummy match driven by its players' presses.
struct Table<'a> {
    fake: &'a FakeDiscord,
    db: Db,
    users: Vec<User>,
    match_id: i64,
    hands: Vec<Option<u64>>,
    presses: u64,
    /// Writes already scanned for hidden cards.
    scanned: usize,
    public_scanned: usize,
}

impl<'a> Table<'a> {
    /// `/rummy start` by the first player against the others; all accept.
    async fn start(
        fake: &'a FakeDiscord,
        url: &str,
        users: Vec<User>,
        target: i64,
        extra: Vec<Opt>,
    ) -> Self {
        let names = [
            "opponent",
            "opponent2",
            "opponent3",
            "opponent4",
            "opponent5",
        ];
        let mut options: Vec<Opt> = users[1..]
            .iter()
            .zip(names)
            .map(|(u, n)| Opt::user(n, u))
            .collect();
        options.push(Opt::int("target", target));
        options.extend(extra);
        let cmd = fake.slash_command_in(
            fake.channel_id(),
            &users[0],
            "rummy",
            Some("start"),
            options,
        );
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.kind == 4 && !cb.ephemeral, "{cb:?}");
        let challenge = cb.message_id.expect("a challenge message");
        assert!(fake
            .message(challenge)
            .unwrap()
            .content
            .contains("to Rummy"));
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
        assert!(table.content.contains("**Rummy**"), "{}", table.content);
        let n = users.len();
        Table {
            fake,
            db: Db::open(url).await.unwrap(),
            users,
            match_id,
            hands: vec![None; n],
            presses: 0,
            scanned: 0,
            public_scanned: 0,
        }
    }

    fn table(&self) -> Option<StoredMessage> {
        self.fake
            .message_with_button(&format!("gin:hand:{}", self.match_id))
    }

    async fn state(&self) -> (String, RummyMatch) {
        let (status, _, m) = self.versioned().await;
        (status, m)
    }

    async fn versioned(&self) -> (String, i64, RummyMatch) {
        let row = self.db.load_match(self.match_id).await.unwrap().unwrap();
        (
            row.status.to_string(),
            row.version,
            serde_json::from_str(&row.state_json).unwrap(),
        )
    }

    async fn send(&mut self, payload: serde_json::Value) -> Callback {
        self.presses += 1;
        self.fake.interact(payload).await
    }

    /// The player's hand message, fresh: "My hand" on the table.
    async fn open_hand(&mut self, p: usize) -> Option<StoredMessage> {
        let table = self.table()?;
        let id = format!("gin:hand:{}", self.match_id);
        let cb = self
            .send(self.fake.press(&self.users[p], &table, &id))
            .await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        self.hands[p] = cb.message_id;
        self.fake.message(cb.message_id?)
    }

    /// One move of the player to move: draw (from the pile now and then), else the first
    /// meld offered, else the first layoff, else a discard. False when nobody can move.
    async fn step(&mut self, turn: u64) -> bool {
        let (_, version, m) = self.versioned().await;
        let Some(seat) = m.to_act() else {
            return false;
        };
        let p = usize::from(seat);
        if p >= self.users.len() {
            // The bot's AI holds this seat: it moves by itself.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let hand = match self.hands[p].and_then(|h| self.fake.message(h)) {
            Some(h) if drawn_for(&h) == Some(version) => h,
            _ => match self.open_hand(p).await {
                Some(h) => h,
                None => return true,
            },
        };
        let user = self.users[p].clone();
        let draws: Vec<String> = hand
            .custom_ids()
            .into_iter()
            .filter(|id| id.starts_with("gin:r:"))
            .collect();
        let payload = if !draws.is_empty() {
            let pick = draws
                .iter()
                .find(|id| id.ends_with(":pile") && turn % 3 == 0)
                .unwrap_or(&draws[0]);
            self.fake.press(&user, &hand, pick)
        } else {
            let menus = hand.selects();
            assert!(
                !menus.is_empty(),
                "a mover's hand offers moves: {}",
                hand.content
            );
            let menu = &menus[0];
            let value = if menu.custom_id.ends_with(":disc") {
                // A different card from turn to turn.
                &menu.options[(turn as usize) % menu.options.len()].1
            } else {
                &menu.options[0].1
            };
            self.fake.select(&user, &hand, &menu.custom_id, value)
        };
        let cb = self.send(payload).await;
        assert!(cb.ok() && cb.kind == 7, "the move updates the hand: {cb:?}");
        assert!(
            !cb.content().starts_with('>'),
            "an offered move is accepted: {}",
            cb.content()
        );
        true
    }

    /// Every write since the last scan: no card of a hidden hand, by a state at least as new
    /// as every write (a write goes out only after its state is stored, and the AI keeps
    /// playing meanwhile; within a deal a card once shown stays seen or leaves the hand).
    async fn scan(&mut self) {
        let writes = self.fake.writes_since(self.scanned);
        let (_, m) = self.state().await;
        self.scanned += writes.len();
        for w in &writes {
            scan(w, &m, &self.users);
            self.public_scanned += usize::from(!w.ephemeral);
        }
    }

    /// `/rummy practice players:<n> level:simple`: the bot takes every seat but the first.
    async fn practice(fake: &'a FakeDiscord, url: &str, user: User, n: i64) -> Self {
        let cmd = fake.slash_command_in(
            fake.channel_id(),
            &user,
            "rummy",
            Some("practice"),
            vec![
                Opt::int("players", n),
                Opt::choice("level", 0),
                Opt::int("target", 10),
            ],
        );
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.kind == 4 && !cb.ephemeral, "{cb:?}");
        let table = fake.message(cb.message_id.unwrap()).unwrap();
        let match_id = table
            .custom_ids()
            .iter()
            .find_map(|id| id.strip_prefix("gin:rules:")?.parse().ok())
            .expect("the table");
        Table {
            fake,
            db: Db::open(url).await.unwrap(),
            users: vec![user],
            match_id,
            hands: vec![None],
            presses: 0,
            scanned: 0,
            public_scanned: 0,
        }
    }

    async fn play_to_end(&mut self, max: u64) -> RummyMatch {
        let mut turn = 0;
        loop {
            let moved = self.step(turn).await;
            turn += 1;
            // Wait for what the move requires (the table edit) before scanning against it.
            tokio::time::sleep(Duration::from_millis(15)).await;
            self.scan().await;
            let (status, m) = self.state().await;
            if status != "active" {
                return m;
            }
            assert!(moved || turn < max, "the match is stuck");
            assert!(self.presses < max, "over {max} presses");
        }
    }
}

/// The state version a hand message's moves (a draw button or a menu) were drawn for.
fn drawn_for(m: &StoredMessage) -> Option<i64> {
    let ids = m.custom_ids().into_iter();
    let mut moves = m.selects().into_iter().map(|s| s.custom_id).chain(ids);
    let id = moves.find(|id| id.starts_with("gin:r:") || id.starts_with("gin:rs:"))?;
    id.split(':').nth(3)?.parse().ok()
}

/// The cards of seat `i` nobody else has seen, as the bot writes cards. A card that was face
/// up in this deal (the upcard, any discard) is left out: once the stock ran out and the pile
/// was turned, it may be drawn again, and a write made while it lay face up is no leak.
fn hidden(m: &RummyMatch, i: usize) -> Vec<String> {
    let h = &m.hand;
    let dealt = gin::engine::rummy::RummyHand::deal(&m.rules, h.seed, m.players, h.dealer);
    let mut seen = CardSet(h.known[i].0);
    for &c in dealt.discard_pile.iter().chain(&h.discard_pile) {
        seen.insert(c);
    }
    for (_, a) in &h.actions {
        if let gin::engine::rummy::RummyAction::Discard { card } = a {
            seen.insert(*card);
        }
    }
    CardSet(h.hands[i].0 & !seen.0)
        .iter()
        .map(|c| gin::ui::render::card(Lang::En, c))
        .collect()
}

/// A write of this deal shows no card hidden in a hand its reader does not hold (the end of
/// a hand reveals them on purpose).
fn scan(w: &Write, m: &RummyMatch, users: &[User]) {
    let w = &w.as_text();
    if w.content.contains("Shuffle seed") || w.content.contains("the Rummy match!") {
        return;
    }
    let deal = format!("hand {}", m.deal_no + 1);
    if !w.content.contains(&deal) {
        return; // another deal's message, or one without cards
    }
    let own = w
        .owner
        .filter(|_| w.ephemeral)
        .and_then(|u| users.iter().position(|x| x.id == u));
    // Every seat, the AI's too (seats past `users` are the bot's).
    for i in (0..usize::from(m.players)).filter(|&i| Some(i) != own) {
        for card in hidden(m, i) {
            // "10♥" contains "0♥", which is no card: match whole cards only.
            let shown = w
                .content
                .split(|c: char| c.is_whitespace() || "[]():,·".contains(c))
                .any(|word| word == card);
            assert!(
                !shown,
                "{card}, hidden in hand {i}, shown in message {}:\n{}",
                w.message_id, w.content
            );
        }
    }
}

/// The ledger agrees with the engine: results, format, hands, replay from the log.
async fn assert_ledger(t: &Table<'_>, m: &RummyMatch) {
    let s = m.settlement().expect("settled by play").clone();
    let rounds_done = m.rules.rounds.is_some_and(|r| m.history.len() as u32 >= r);
    assert!(rounds_done || s.totals.iter().any(|&x| x >= m.rules.target));
    assert_eq!(s.net.iter().sum::<i64>(), 0);
    let (status, seats) = t.db.match_result(t.match_id).await.unwrap().unwrap();
    assert_eq!(status.to_string(), "finished");
    for (seat, total, net, won) in seats {
        let i = usize::from(seat);
        assert_eq!(
            (total, net, won),
            (s.totals[i] as i64, s.net[i], s.winners.contains(&seat))
        );
    }
    let hands = t.db.match_hands(t.match_id).await.unwrap();
    assert_eq!(hands.len(), m.history.len());
    let rows =
        t.db.history(t.fake.guild_id(), t.users[0].id, Some("rummy-%"), 10)
            .await
            .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        rows[0].format,
        gin::store::Format::Rummy(t.users.len() as u8)
    );
    let none =
        t.db.history(t.fake.guild_id(), t.users[0].id, Some("two"), 10)
            .await
            .unwrap();
    assert!(none.is_empty(), "a Rummy match is not a Gin one");
    let log: Vec<RummyEvent> =
        t.db.match_actions(t.match_id)
            .await
            .unwrap()
            .iter()
            .map(|(_, e)| serde_json::from_str(e).unwrap())
            .collect();
    let mut replayed =
        RummyMatch::replay(m.rules.clone(), m.players, m.seed, &log).expect("the log replays");
    replayed.clear_log();
    assert_eq!(&replayed, m, "the log replays to the stored state");
}

async fn whole_match(players_n: usize, target: i64, options: Vec<Opt>) -> RummyMatch {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = Table::start(fake, url, players(players_n), target, options).await;
    let m = t.play_to_end(4000).await;
    assert_ledger(&t, &m).await;
    // The end of every hand and of the match are public.
    fake.wait_until(fake.channel_id(), Duration::from_secs(5), || {
        fake.messages_in(fake.channel_id())
            .iter()
            .any(|p| p.content.contains("the Rummy match!"))
    })
    .await;
    let public: Vec<StoredMessage> = fake
        .messages_in(fake.channel_id())
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect();
    let ends = public
        .iter()
        .filter(|p| p.content.contains("Shuffle seed"))
        .count();
    assert_eq!(ends, m.history.len(), "one public end per hand");
    assert!(public
        .iter()
        .any(|p| p.content.contains("the Rummy match!")));
    assert!(
        t.public_scanned > 5,
        "scanned {} public writes",
        t.public_scanned
    );
    fake.assert_no_violations();
    println!(
        "{players_n} players: {} hands, {} presses, totals {:?}",
        m.history.len(),
        t.presses,
        m.totals
    );
    m
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_rummy_match_is_played_to_the_end_by_presses_and_menus() {
    // With options of RULES.md section 12, as the command gives them.
    let options = vec![
        Opt::bool("multiple_melds", true),
        Opt::bool("aces_high", true),
        Opt::choice("hand_rummy", 1),
    ];
    let m = whole_match(2, 40, options).await;
    let r = &m.rules;
    assert!(r.multiple_melds && r.aces_high_low && !r.discard_to_go_out);
    assert_eq!(r.hand_rummy, gin::engine::rummy::HandRummy::Bonus10);
    assert_eq!(r.target, 40);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_rummy_match_is_played_to_the_end_by_presses_and_menus() {
    let m = whole_match(5, 30, vec![Opt::int("rounds", 3)]).await;
    assert_eq!(m.rules.rounds, Some(3));
    assert!(m.history.len() <= 3);
}

/// `/rummy practice players:4`: three AI seats (simple) and the caller play a whole match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_table_of_four_fills_three_seats_with_the_ai() {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = Table::practice(fake, url, players(1).remove(0), 4).await;
    let m = t.play_to_end(4000).await;
    assert_eq!(m.players, 4);
    let row = t.db.load_match(t.match_id).await.unwrap().unwrap();
    assert_eq!(row.format, gin::store::Format::Rummy(4));
    assert_eq!(
        row.players.iter().filter(|p| p.2).count(),
        3,
        "three AI seats"
    );
    let ai_moves =
        t.db.match_actions(t.match_id)
            .await
            .unwrap()
            .iter()
            .filter(|(seat, _)| *seat > 0)
            .count();
    assert!(ai_moves > 3, "the AI seats moved ({ai_moves} moves)");
    fake.assert_no_violations();
}

/// The scan is no test that cannot fail: a public write of this deal naming a card of a
/// hidden hand is caught; the same card in its owner's ephemeral message is not.
#[test]
fn the_scan_catches_a_hidden_card_in_a_public_write() {
    let m = RummyMatch::new(Default::default(), 2, [7; 32]).unwrap();
    let users = players(2);
    let card = hidden(&m, 1)[0].clone();
    let write = |ephemeral: bool, owner: Option<u64>| Write {
        kind: fake_discord::WriteKind::ChannelEdit,
        message_id: 1,
        channel_id: 1,
        ephemeral,
        owner,
        content: format!("Rummy · hand 1 · pile {card}"),
        custom_ids: Vec::new(),
        status: 200,
        allowed_mentions: None,
    };
    scan(&write(true, Some(users[1].id)), &m, &users);
    let public = std::panic::catch_unwind(|| scan(&write(false, None), &m, &users));
    assert!(public.is_err(), "a hidden card in public is caught");
}
