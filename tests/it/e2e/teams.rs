//! The four-player games over the wire (RULES.md section 11): the real binary against the fake
//! Discord, every move a press of a button the bot sent. One whole Partnership Gin match and
//! one whole Team Gin match; a practice Team match with an AI partner; a kill -9 while a swap
//! waits for its answer. No message shows a card of a hand its reader may not see.

use crate::support::{fake_discord, wire};

use fake_discord::{Callback, FakeDiscord, Opt, StoredMessage, User, Write};
use gin::engine::ai::{decide, Level};
use gin::engine::team::partner_of;
use gin::engine::{
    Action, Card, CardSet, Hand, PartnershipMatch, Seat, TeamAction, TeamHand, TeamMatch,
};
use gin::games::Game;
use gin::i18n::Lang;
use gin::store::{Db, Format};
use gin::ui::ids::{Act, Press};
use std::time::Duration;
use wire::Binary;

const NAMES: [&str; 4] = ["Alice", "Bob", "Carol", "Dave"];
const PARTNERSHIP: i64 = 0;
const TEAM: i64 = 1;

fn players() -> Vec<User> {
    (0..4)
        .map(|i| User::new(3001 + i as u64, NAMES[i]))
        .collect()
}

/// A four-player match driven by its players' presses.
struct Table<'a> {
    fake: &'a FakeDiscord,
    db: Db,
    /// Seats played by people (the rest are the bot's).
    users: Vec<User>,
    match_id: i64,
    presses: u64,
    swaps: u64,
    /// Hints asked for (a practice match's coach).
    hints: u64,
    scanned: usize,
    public_scanned: usize,
}

impl<'a> Table<'a> {
    /// `/gin start mode:<mode>`: Alice names Carol as her partner and Bob and Dave as the
    /// other team; everyone accepts.
    async fn start(fake: &'a FakeDiscord, url: &str, mode: i64, target: i64) -> Table<'a> {
        let users = players();
        let cmd = fake.slash_command_in(
            fake.channel_id(),
            &users[0],
            "gin",
            Some("start"),
            vec![
                Opt::user("opponent", &users[1]),
                Opt::user("opponent2", &users[3]),
                Opt::user("partner", &users[2]),
                Opt::choice("mode", mode),
                Opt::int("target", target),
            ],
        );
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.kind == 4 && !cb.ephemeral, "{cb:?}");
        let challenge = cb.message_id.expect("a challenge message");
        let text = fake.message(challenge).unwrap().content;
        assert!(
            text.contains(&format!("<@{}> & <@{}> against", users[0].id, users[2].id)),
            "the challenge shows the teams: {text}"
        );
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
        Table {
            fake,
            db: Db::open(url).await.unwrap(),
            users,
            match_id,
            presses: 0,
            swaps: 0,
            hints: 0,
            scanned: 0,
            public_scanned: 0,
        }
    }

    /// `/gin practice mode:team level:simple`: the bot plays the caller's partner and both
    /// opponents.
    async fn practice(fake: &'a FakeDiscord, url: &str, mode: i64, target: i64) -> Table<'a> {
        let user = players().remove(0);
        let cmd = fake.slash_command_in(
            fake.channel_id(),
            &user,
            "gin",
            Some("practice"),
            vec![
                Opt::choice("mode", mode),
                Opt::choice("level", 0),
                Opt::int("target", target),
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
            presses: 0,
            swaps: 0,
            hints: 0,
            scanned: 0,
            public_scanned: 0,
        }
    }

    async fn state(&self) -> (String, Game) {
        let row = self.db.load_match(self.match_id).await.unwrap().unwrap();
        let game = Game::from_json(row.format, &row.state_json).unwrap();
        (row.status.to_string(), game)
    }

    fn table(&self) -> Option<StoredMessage> {
        self.fake
            .message_with_button(&format!("gin:rules:{}", self.match_id))
    }

    async fn send(&mut self, payload: serde_json::Value) -> Callback {
        self.presses += 1;
        self.fake.interact(payload).await
    }

    /// The seat's hand message, fresh: "My hand" on the table.
    async fn open_hand(&mut self, seat: Seat) -> StoredMessage {
        // Between deals the old table is retired before the new one is posted.
        let channel = self.fake.channel_id();
        self.fake
            .wait_until(channel, Duration::from_secs(10), || self.table().is_some())
            .await;
        let table = self.table().expect("a table message");
        let id = format!("gin:hand:{}", self.match_id);
        let user = self.users[usize::from(seat)].clone();
        let cb = self.send(self.fake.press(&user, &table, &id)).await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        self.fake.message(cb.message_id.unwrap()).unwrap()
    }

    /// Presses the button of `act` in `hand` (after the knock or swap choice it needs) and
    /// returns the updated message.
    async fn press_act(&mut self, seat: Seat, hand: StoredMessage, act: Act) -> StoredMessage {
        let user = self.users[usize::from(seat)].clone();
        let wanted = |m: &StoredMessage| {
            m.custom_ids()
                .into_iter()
                .find(|id| matches!(Press::decode(id), Some(Press::Act { act: a, .. }) if a == act))
        };
        let mut hand = hand;
        if wanted(&hand).is_none() {
            // A knock or a swap is behind its "Knock…" or "Swap…" button.
            let via = match act {
                Act::Knock(_) => Act::KnockMode,
                Act::Swap(_) => Act::SwapMode,
                other => panic!("{other:?} is not offered: {}", hand.content),
            };
            let id = wanted_id(&hand, via)
                .unwrap_or_else(|| panic!("{via:?} is offered: {}", hand.content));
            let cb = self.send(self.fake.press(&user, &hand, &id)).await;
            assert!(cb.ok() && cb.kind == 7, "{cb:?}");
            hand = self.fake.message(hand.id).unwrap();
        }
        let id = wanted(&hand).unwrap_or_else(|| panic!("{act:?} is offered: {}", hand.content));
        let cb = self.send(self.fake.press(&user, &hand, &id)).await;
        assert!(cb.ok() && cb.kind == 7, "the move updates the hand: {cb:?}");
        assert!(
            !cb.content().starts_with('>'),
            "an offered move is accepted ({act:?}): {}",
            cb.content()
        );
        self.fake.message(hand.id).unwrap()
    }

    /// The coach's Hint, where the hand offers one (practice matches), for the first few
    /// moves: the updated hand message.
    async fn ask_hint(&mut self, seat: Seat, hand: StoredMessage) -> StoredMessage {
        let Some(id) = wanted_id(&hand, Act::Hint).filter(|_| self.hints < 6) else {
            return hand;
        };
        let user = self.users[usize::from(seat)].clone();
        let cb = self.send(self.fake.press(&user, &hand, &id)).await;
        assert!(cb.ok() && cb.kind == 7, "{cb:?}");
        assert!(cb.content().contains("💡"), "a hint: {}", cb.content());
        self.hints += 1;
        self.fake.message(hand.id).unwrap()
    }

    /// One round of Partnership moves: the hands of every seat to move are opened first,
    /// then each moves in turn, so the second press comes from a message drawn before the
    /// other table's move (which must leave it good).
    async fn partnership_round(&mut self, m: &PartnershipMatch) {
        let movers: Vec<Seat> = m
            .seats_to_act()
            .into_iter()
            .filter(|&s| usize::from(s) < self.users.len())
            .collect();
        if movers.is_empty() {
            // Only the bot's seats can move: they move by themselves.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return;
        }
        let mut opened = Vec::new();
        for &seat in &movers {
            opened.push((seat, self.open_hand(seat).await));
        }
        for (seat, hand) in opened {
            let view = m.view_for(seat);
            let action = decide(Level::Simple, &[seat; 32], &view);
            let hand = self.ask_hint(seat, hand).await;
            self.press_act(seat, hand, act_of(action)).await;
            self.settle().await;
        }
    }

    /// One Team Gin move of the seat to move (if a person holds it): the AI's choice, but a
    /// swap on every third turn that offers one.
    async fn team_step(&mut self, m: &TeamMatch, turn: u64) -> bool {
        let Some(seat) = m.to_act() else {
            return false;
        };
        if usize::from(seat) >= self.users.len() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let view = m.view_for(seat);
        let swap = view
            .legal_actions
            .iter()
            .find(|a| matches!(a, TeamAction::Swap(_)))
            .copied();
        let action = match swap {
            Some(s) if turn % 3 == 0 => s,
            _ => gin::engine::ai::team::decide_team(&view),
        };
        if matches!(action, TeamAction::Swap(_)) {
            self.swaps += 1;
        }
        let hand = self.open_hand(seat).await;
        self.press_act(seat, hand, team_act(action)).await;
        self.settle().await;
        true
    }

    /// Lets what a move requires be delivered, then scans it.
    async fn settle(&mut self) {
        tokio::time::sleep(Duration::from_millis(15)).await;
        self.scan().await;
    }

    /// Every write since the last scan, against a state at least as new as each of them (the
    /// AI may move while this runs; a card once face up stays face up within a deal).
    async fn scan(&mut self) {
        let writes = self.fake.writes_since(self.scanned);
        let (_, game) = self.state().await;
        self.scanned += writes.len();
        let owners: Vec<u64> = self.users.iter().map(|u| u.id).collect();
        for w in &writes {
            scan(w, &game, &owners);
            self.public_scanned += usize::from(!w.ephemeral);
        }
    }

    async fn play_to_end(&mut self, max: u64) -> Game {
        let mut turn = 0;
        loop {
            let (status, game) = self.state().await;
            if status != "active" {
                return game;
            }
            match &game {
                Game::Partnership(m) => self.partnership_round(m).await,
                Game::Team(m) => {
                    self.team_step(m, turn).await;
                }
                other => panic!("not a four-player game: {:?}", other.format()),
            }
            turn += 1;
            assert!(self.presses < max, "over {max} presses");
        }
    }
}

/// A log without its colour codes.
fn plain(log: &str) -> String {
    let mut plain = String::with_capacity(log.len());
    let mut chars = log.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    plain
}

/// The lines of a log (INFO and above: the tests run the bot at `warn,gin=info`) that name a
/// card, a word such as `7H`. None may: a swap's card, a hint's move or a drawn card is
/// hidden from the other players, and whoever reads the operator's log may play.
fn logged_cards(log: &str) -> Vec<String> {
    plain(log)
        .lines()
        .filter(|line| {
            line.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|word| word.len() == 2 && word.parse::<Card>().is_ok())
        })
        .map(str::to_string)
        .collect()
}

/// Run `n` of the bot played these moves, and its log names no card, in no line and in no
/// span's fields (printed with each line inside the span).
fn assert_log_names_no_card(bin: &Binary, n: u32, moves: &[&str]) {
    let log = plain(&bin.log(n));
    let named = logged_cards(&log);
    assert!(
        named.is_empty(),
        "log lines naming cards:\n{}",
        named.join("\n")
    );
    for m in moves {
        assert!(log.contains(m), "`{m}` in the log:\n{log}");
    }
}

fn wanted_id(m: &StoredMessage, act: Act) -> Option<String> {
    m.custom_ids()
        .into_iter()
        .find(|id| matches!(Press::decode(id), Some(Press::Act { act: a, .. }) if a == act))
}

fn act_of(a: Action) -> Act {
    match a {
        Action::TakeUpcard => Act::TakeUpcard,
        Action::Pass => Act::Pass,
        Action::DrawStock => Act::DrawStock,
        Action::DrawDiscard => Act::DrawDiscard,
        Action::Discard(c) => Act::Discard(c),
        Action::Knock(c) => Act::Knock(c),
    }
}

fn team_act(a: TeamAction) -> Act {
    match a {
        TeamAction::Play(a) => act_of(a),
        TeamAction::Swap(c) => Act::Swap(c),
        TeamAction::Return(c) => Act::Return(c),
    }
}

/// Cards that lay face up in this deal (the upcard, every discard): a write made while they
/// lay there shows them rightly, wherever they went since.
fn face_up(upcard: Option<Card>, pile: &[Card], discards: impl Iterator<Item = Card>) -> CardSet {
    let mut seen = CardSet::EMPTY;
    if let Some(c) = upcard {
        seen.insert(c);
    }
    for &c in pile {
        seen.insert(c);
    }
    for c in discards {
        seen.insert(c);
    }
    seen
}

/// The cards of a Partnership table that lay face up in this deal.
fn table_face_up(h: &Hand) -> CardSet {
    face_up(
        h.upcard,
        &h.discard_pile,
        h.actions.iter().filter_map(|(_, a)| match a {
            Action::Discard(c) | Action::Knock(c) => Some(*c),
            _ => None,
        }),
    )
}

/// The cards a write names (as the bot writes cards).
fn named_cards(content: &str) -> CardSet {
    let mut named = CardSet::EMPTY;
    for word in content.split(|ch: char| ch.is_whitespace() || "[]():,·`*".contains(ch)) {
        if let Some(c) = Card::all().find(|&c| gin::ui::render::card(Lang::En, c) == word) {
            named.insert(c);
        }
    }
    named
}

/// Partnership Gin deals two decks, so a card's name alone does not say whose it is: every
/// card a write names must be one its reader may see at the table the write speaks of. A
/// public table names, per table section, only cards that lay face up there; a player's
/// message only their own cards and those face up at their table.
fn scan_partnership(w: &Write, m: &PartnershipMatch, reader: Option<Seat>) {
    let fail = |cards: CardSet, what: &str| {
        assert!(
            cards.is_empty(),
            "{} shown in {what} (message {}):\n{}",
            gin::ui::render::cards(Lang::En, cards.iter()),
            w.message_id,
            w.content
        )
    };
    match reader {
        Some(r) => {
            let t = &m.tables[m.table_of(r).unwrap()];
            let own = t.hand_of(r).unwrap();
            let allowed = CardSet(own.0 | table_face_up(t).0);
            fail(
                CardSet(named_cards(&w.content).0 & !allowed.0),
                &format!("seat {r}'s own message"),
            );
        }
        None => {
            let mut sections = w.content.split("**Table ");
            fail(named_cards(sections.next().unwrap_or("")), "the header");
            for (t, section) in sections.enumerate() {
                let allowed = table_face_up(&m.tables[t]);
                fail(
                    CardSet(named_cards(section).0 & !allowed.0),
                    &format!("table {}'s public section", t + 1),
                );
            }
        }
    }
}

/// Per seat, the cards of its hand nobody else has seen (one deck: Team Gin).
fn hidden(game: &Game) -> Vec<CardSet> {
    let team_hidden = |h: &TeamHand| {
        let up = face_up(
            Some(h.upcard),
            &h.discard_pile,
            h.actions.iter().filter_map(|(_, a)| match a {
                TeamAction::Play(Action::Discard(c) | Action::Knock(c)) => Some(*c),
                _ => None,
            }),
        );
        (0..4)
            .map(|i| CardSet(h.hands[i].0 & !up.0 & !h.known[i].0))
            .collect::<Vec<_>>()
    };
    match game {
        Game::Team(m) => team_hidden(&m.hand),
        _ => unreachable!(),
    }
}

/// A write of this deal shows no card hidden in a hand its reader may not see: a public one
/// none, a player's own message only their hand (and at Team Gin their partner's). The end of
/// a hand reveals them on purpose.
fn scan(w: &Write, game: &Game, owners: &[u64]) {
    let w = &w.as_text();
    if w.content.contains("Shuffle seed") || w.content.contains("win the match") {
        return;
    }
    if !w.content.contains(&format!("hand {}", game.deal_no() + 1)) {
        return;
    }
    let reader = w
        .owner
        .filter(|_| w.ephemeral)
        .and_then(|u| owners.iter().position(|&x| x == u))
        .map(|s| s as Seat);
    if let Game::Partnership(m) = game {
        return scan_partnership(w, m, reader);
    }
    let may_see = |seat: Seat| match reader {
        Some(r) => seat == r || seat == partner_of(r),
        None => false,
    };
    for (seat, cards) in hidden(game).into_iter().enumerate() {
        if may_see(seat as Seat) {
            continue;
        }
        for c in cards.iter() {
            let card = gin::ui::render::card(Lang::En, c);
            let shown = w
                .content
                .split(|ch: char| ch.is_whitespace() || "[]():,·".contains(ch))
                .any(|word| word == card);
            assert!(
                !shown,
                "{card}, hidden in seat {seat}'s hand, shown to {reader:?} in message {}:\n{}",
                w.message_id, w.content
            );
        }
    }
}

/// The ledger agrees with the engine: each player's result is the team's; the format filters;
/// the log replays to the stored state.
async fn assert_ledger(t: &Table<'_>, game: &Game, format: Format) {
    let row = t.db.load_match(t.match_id).await.unwrap().unwrap();
    assert_eq!(row.format, format);
    let s = match game {
        Game::Partnership(m) => m.settlement(),
        Game::Team(m) => m.settlement(),
        _ => None,
    }
    .expect("settled by play")
    .clone();
    assert!(s.totals[usize::from(s.winner)] >= 10);
    let (status, seats) = t.db.match_result(t.match_id).await.unwrap().unwrap();
    assert_eq!(status.to_string(), "finished");
    assert_eq!(seats.len(), 4);
    for (seat, total, net, won) in seats {
        let team = usize::from(seat % 2);
        assert_eq!(
            (total, net, won),
            (
                s.finals[team] as i64,
                s.net[team],
                usize::from(s.winner) == team
            ),
            "seat {seat} has its team's result"
        );
    }
    let rows =
        t.db.history(t.fake.guild_id(), t.users[0].id, Some(format.as_str()), 10)
            .await
            .unwrap();
    assert_eq!(rows.len(), 1);
    // Ratings move by the team's result: partners alike, winners up, losers down.
    let mut ratings = Vec::new();
    for u in &t.users {
        let stats =
            t.db.player_stats(t.fake.guild_id(), u.id, Some(format.as_str()));
        let stats = stats
            .await
            .unwrap()
            .expect("stats of a player of the match");
        assert_eq!(stats.played, 1);
        ratings.push(stats.rating.expect("rated").0);
    }
    let winners = usize::from(s.winner);
    assert!(
        (ratings[winners] - ratings[winners + 2]).abs() < 1e-9,
        "{ratings:?}"
    );
    assert!(
        ratings[winners] > 1500.0 && ratings[1 - winners] < 1500.0,
        "{ratings:?}"
    );
    let none =
        t.db.history(t.fake.guild_id(), t.users[0].id, Some("two"), 10)
            .await
            .unwrap();
    assert!(
        none.is_empty(),
        "a four-player match is not a two-player one"
    );
    let log: Vec<String> =
        t.db.match_actions(t.match_id)
            .await
            .unwrap()
            .into_iter()
            .map(|(_, e)| e)
            .collect();
    match game {
        Game::Partnership(m) => {
            let events: Vec<_> = log
                .iter()
                .map(|e| serde_json::from_str(e).unwrap())
                .collect();
            let mut replayed = PartnershipMatch::replay(m.rules.clone(), m.seed, &events).unwrap();
            replayed.clear_log();
            assert_eq!(&replayed, m, "the log replays to the stored state");
            let hands = t.db.match_hands(t.match_id).await.unwrap();
            assert_eq!(hands.len(), 2 * m.history.len(), "a row per table");
        }
        Game::Team(m) => {
            let events: Vec<_> = log
                .iter()
                .map(|e| serde_json::from_str(e).unwrap())
                .collect();
            let mut replayed = TeamMatch::replay(m.rules.clone(), m.seed, &events).unwrap();
            replayed.clear_log();
            assert_eq!(&replayed, m, "the log replays to the stored state");
            let hands = t.db.match_hands(t.match_id).await.unwrap();
            assert_eq!(hands.len(), m.history.len());
        }
        _ => unreachable!(),
    }
}

async fn public_end(fake: &FakeDiscord) -> Vec<StoredMessage> {
    fake.wait_until(fake.channel_id(), Duration::from_secs(5), || {
        fake.messages_in(fake.channel_id())
            .iter()
            .any(|p| p.content.contains("win the match"))
    })
    .await;
    fake.messages_in(fake.channel_id())
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partnership_match_is_played_to_the_end_by_presses() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = Table::start(fake, url, PARTNERSHIP, 25).await;
    let game = t.play_to_end(6000).await;
    let Game::Partnership(m) = &game else {
        panic!("a Partnership match")
    };
    assert_eq!(m.rules.target, 25);
    assert_ledger(&t, &game, Format::Partnership).await;
    let public = public_end(fake).await;
    let showdowns = public
        .iter()
        .filter(|p| p.content.contains("is over at both tables"))
        .count();
    assert_eq!(showdowns, m.history.len(), "one public showdown per hand");
    let end = public
        .iter()
        .find(|p| p.content.contains("win the match"))
        .unwrap();
    let last = public
        .iter()
        .rev()
        .find(|p| p.content.contains("is over at both tables"))
        .unwrap();
    println!("{}\n{}", last.content, end.content);
    let table = fake
        .writes()
        .into_iter()
        .find(|w| {
            !w.ephemeral && w.content.contains("**Table 2**") && w.content.contains("discarded")
        })
        .unwrap();
    println!("{}", table.content);
    assert!(end.content.contains("Alice & Carol") && end.content.contains("Bob & Dave"));
    assert!(
        t.public_scanned > 10,
        "scanned {} public writes",
        t.public_scanned
    );
    fake.assert_no_violations();
    println!(
        "partnership: {} hands, {} presses, totals {:?}",
        m.history.len(),
        t.presses,
        m.totals
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_match_with_swaps_is_played_to_the_end_by_presses() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = Table::start(fake, url, TEAM, 25).await;
    // `/gin rules` in the match explains its mode; `mode:` explains one before a match.
    for (options, user) in [(vec![], 0), (vec![Opt::choice("mode", PARTNERSHIP)], 1)] {
        let cmd = fake.slash_command_in(
            fake.channel_id(),
            &t.users[user],
            "gin",
            Some("rules"),
            options.clone(),
        );
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        let mode = if options.is_empty() {
            "**Team Gin with card swap**"
        } else {
            "**Partnership Gin**"
        };
        assert!(cb.content().contains(mode), "{}", cb.content());
        assert!(cb.content().contains("Partners sit opposite"));
    }
    let game = t.play_to_end(6000).await;
    let Game::Team(m) = &game else {
        panic!("a Team match")
    };
    assert!(t.swaps > 0, "swaps were played");
    assert_log_names_no_card(&bin, 1, &["action applied", "play=swap", "press{"]);
    assert_ledger(&t, &game, Format::Team).await;
    let public = public_end(fake).await;
    let showdowns = public
        .iter()
        .filter(|p| p.content.contains("Shuffle seed"))
        .count();
    assert_eq!(showdowns, m.history.len(), "one public showdown per hand");
    // A knocked hand's showdown lays out all four hands and both teams' deadwood.
    let knocked = public
        .iter()
        .find(|p| p.content.contains("Deadwood:"))
        .expect("a hand was knocked");
    for name in NAMES {
        assert!(
            knocked.content.contains(&format!("**{name}**")),
            "{}",
            knocked.content
        );
    }
    println!("{}", knocked.content);
    assert!(
        fake.writes()
            .iter()
            .any(|w| !w.ephemeral && w.content.contains("a card face down")),
        "the table says a swap happened"
    );
    assert!(
        t.public_scanned > 10,
        "scanned {} public writes",
        t.public_scanned
    );
    fake.assert_no_violations();
    println!(
        "team: {} hands, {} presses, {} swaps, totals {:?}",
        m.history.len(),
        t.presses,
        t.swaps,
        m.totals
    );
}

/// `/gin practice mode:team`: an AI partner and two AI opponents; the AI swaps too, and the
/// player answers the partner's swaps through the hand message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_team_match_gives_the_player_an_ai_partner() {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = Table::practice(fake, url, TEAM, 60).await;
    let game = t.play_to_end(4000).await;
    let Game::Team(m) = &game else {
        panic!("a Team match")
    };
    assert!(m.settlement().is_some());
    let row = t.db.load_match(t.match_id).await.unwrap().unwrap();
    assert_eq!(
        row.players.iter().filter(|p| p.2).count(),
        3,
        "three AI seats"
    );
    let actions = t.db.match_actions(t.match_id).await.unwrap();
    let ai_swaps = actions
        .iter()
        .filter(|(seat, e)| *seat > 0 && e.contains("\"swap\""))
        .count();
    assert!(
        ai_swaps > 0,
        "the AI swapped ({} actions, {:?}): {:?}",
        actions.len(),
        row.status,
        actions
    );
    assert_log_names_no_card(&bin, 1, &["AI move", "play=swap"]);
    fake.assert_no_violations();
}

/// `/gin practice mode:partnership`: the AI plays the partner's table and the caller's
/// opponent; both tables play at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_partnership_match_fills_three_seats_with_the_ai() {
    let bin = Binary::new().await;
    bin.configure("[timeouts]\nai_delay_ms = 20\n");
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let mut t = Table::practice(fake, url, PARTNERSHIP, 20).await;
    let game = t.play_to_end(4000).await;
    let Game::Partnership(m) = &game else {
        panic!("a Partnership match")
    };
    assert!(m.settlement().is_some());
    assert!(t.hints > 0, "the coach was asked");
    assert_log_names_no_card(&bin, 1, &["hint given", "AI move", "action applied"]);
    let actions = t.db.match_actions(t.match_id).await.unwrap();
    for seat in 1..4u8 {
        assert!(
            actions.iter().any(|(s, _)| *s == seat),
            "AI seat {seat} moved"
        );
    }
    fake.assert_no_violations();
}

/// A kill -9 while a swap waits for the partner's answer: after the restart the swap is still
/// waiting, with the card given, and the partner's answer completes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_mid_swap_resumes_with_the_swap_intact() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let mut bot = bin.start(1).await;
    let mut t = Table::start(fake, url, TEAM, 100).await;
    // Play until someone has drawn, then swap.
    let (seat, given) = loop {
        let (_, game) = t.state().await;
        let Game::Team(m) = &game else { unreachable!() };
        let seat = m.to_act().unwrap();
        let view = m.view_for(seat);
        if let Some(TeamAction::Swap(c)) = view
            .legal_actions
            .iter()
            .find(|a| matches!(a, TeamAction::Swap(_)))
        {
            let hand = t.open_hand(seat).await;
            t.press_act(seat, hand, Act::Swap(*c)).await;
            break (seat, *c);
        }
        t.team_step(m, 1).await;
    };
    let (_, before) = t.state().await;
    let Game::Team(before) = before else {
        unreachable!()
    };
    assert_eq!(before.to_act(), Some(partner_of(seat)));
    bot.sigkill();
    let _bot = bin.start(2).await;
    let (_, after) = t.state().await;
    let Game::Team(after) = after else {
        unreachable!()
    };
    assert_eq!(after, before, "the stored match is the one before the kill");
    let partner = partner_of(seat);
    let view = after.view_for(partner);
    assert_eq!(
        view.swap_given,
        Some(given),
        "the partner sees the card given"
    );
    assert!(view.hand.contains(given));
    // The partner's fresh hand message offers the answer; giving the same card back is fine.
    let hand = t.open_hand(partner).await;
    assert!(
        hand.content.contains("choose the card to give back"),
        "{}",
        hand.content
    );
    t.press_act(partner, hand, Act::Return(given)).await;
    let (_, done) = t.state().await;
    let Game::Team(done) = done else {
        unreachable!()
    };
    assert_eq!(done.to_act(), Some(seat), "the mover continues");
    assert_eq!(
        done.hand.hands[usize::from(seat)].len(),
        8,
        "the mover holds eight again"
    );
    assert_eq!(done.hand.hands[usize::from(partner)].len(), 7);
    assert!(done.hand.hands[usize::from(seat)].contains(given));
    t.scan().await;
    fake.assert_no_violations();
}

/// The scan is no test that cannot fail: an opponent's hidden card in a player's own message
/// is caught, the partner's is not (Team Gin shows the team both hands).
#[test]
fn the_scan_catches_an_opponents_card_but_allows_the_partners() {
    let m = TeamMatch::new(Default::default(), [9; 32]);
    let game = Game::Team(m.clone());
    let owners: Vec<u64> = players().iter().map(|u| u.id).collect();
    let write = |cards: CardSet| {
        let shown = gin::ui::render::cards(Lang::En, cards.iter());
        write_of(true, Some(owners[0]), format!("Team Gin hand 1 · {shown}"))
    };
    scan(&write(m.hand.hands[2]), &game, &owners);
    let caught = std::panic::catch_unwind(|| scan(&write(m.hand.hands[1]), &game, &owners));
    assert!(caught.is_err(), "an opponent's card is caught");
}

/// The Partnership scan is no test that cannot fail: the other player's card at the table
/// is caught in a player's own message and in the table's public section.
#[test]
fn the_partnership_scan_catches_a_card_of_the_other_player_at_the_table() {
    let m = PartnershipMatch::new(Default::default(), [10; 32]);
    let owners: Vec<u64> = players().iter().map(|u| u.id).collect();
    let t = &m.tables[0];
    let (me, other) = (t.players[0], t.players[1]);
    let theirs = CardSet(t.hand_of(other).unwrap().0 & !table_face_up(t).0);
    let card = theirs.iter().next().unwrap();
    let write = |ephemeral: bool, content: String| {
        write_of(
            ephemeral,
            ephemeral.then_some(owners[usize::from(me)]),
            content,
        )
    };
    let mine = gin::ui::render::cards(Lang::En, t.hand_of(me).unwrap().iter());
    let game = Game::Partnership(m.clone());
    scan(&write(true, format!("hand 1 · {mine}")), &game, &owners);
    let shown = gin::ui::render::card(Lang::En, card);
    for (ephemeral, text) in [
        (true, format!("hand 1 · {shown}")),
        (false, format!("hand 1\n**Table 1**: {shown}")),
    ] {
        let w = write(ephemeral, text);
        let caught = std::panic::catch_unwind(|| scan(&w, &game, &owners));
        assert!(caught.is_err(), "caught: {}", w.content);
    }
}

/// A write as the fake Discord records it, for the scan's own tests.
fn write_of(ephemeral: bool, owner: Option<u64>, content: String) -> Write {
    Write {
        kind: fake_discord::WriteKind::ChannelEdit,
        message_id: 1,
        channel_id: 1,
        ephemeral,
        owner,
        content,
        custom_ids: Vec::new(),
        status: 200,
        allowed_mentions: None,
    }
}
