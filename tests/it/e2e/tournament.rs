//! Tournaments over the wire: a moderator creates the event, players join with the button,
//! the bot pairs each round and opens its tables as ordinary matches, the players play them
//! by presses, and the standings and the bracket follow the results. One forfeit by the idle
//! clock past the round's deadline and one disqualification in each event; every write is
//! scanned for a card its reader may not see.

use crate::e2e::product::scan as scan_gin;
use crate::support::fake_discord::player::{Game as Players, Step};
use crate::support::fake_discord::{FakeDiscord, Opt, StoredMessage, User, Write};
use crate::support::wire::{Bot, MODERATOR};
use gin::engine::Match;
use gin::games::tournament::{EntrantId, Finish, Pairing, Tournament};
use gin::store::{Db, EntryRow, TournamentState};
use gin::ui::ids::Press;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// `format`'s choices, as poise registers them (the variant's index).
const SWISS: i64 = 0;
const KNOCKOUT: i64 = 1;
/// Points to win each match: short matches (usually one or two deals).
const TARGET: i64 = 10;
/// Minutes of each round.
const ROUND_MINUTES: i64 = 60;
const MAX_PRESSES: u64 = 3_000;

fn moderator() -> User {
    User::new(MODERATOR, "Moderator").moderator()
}

fn entrants(n: usize) -> Vec<User> {
    (0..n)
        .map(|i| User::new(2001 + i as u64, &format!("Entrant{}", i + 1)))
        .collect()
}

/// An event in the fake's channel, as the test drives and checks it.
struct Event {
    fake: FakeDiscord,
    db: Db,
    /// The test clock's lead over the system clock (seconds).
    ahead: Arc<AtomicI64>,
    id: i64,
    message: u64,
    people: Vec<User>,
    /// Writes scanned so far.
    scanned: usize,
    /// Of them, writes of a match in play checked against its state.
    checked: usize,
}

impl Event {
    /// `/tournament create` by the moderator: the event's message, in sign-up.
    async fn create(
        bot: &Bot,
        ahead: Arc<AtomicI64>,
        format: i64,
        rounds: Option<i64>,
        people: Vec<User>,
    ) -> Event {
        Event::create_on(
            bot.fake.clone(),
            bot.db.clone(),
            ahead,
            format,
            rounds,
            people,
        )
        .await
    }

    /// [`Event::create`] against any bot (the real binary's, say) on `db`.
    async fn create_on(
        fake: FakeDiscord,
        db: Db,
        ahead: Arc<AtomicI64>,
        format: i64,
        rounds: Option<i64>,
        people: Vec<User>,
    ) -> Event {
        let mut options = vec![
            Opt::str("name", "Winter Cup"),
            Opt::choice("format", format),
            Opt::int("signup_minutes", 60),
            Opt::int("round_minutes", ROUND_MINUTES),
            Opt::int("target", TARGET),
        ];
        options.extend(rounds.map(|r| Opt::int("rounds", r)));
        let cmd = fake.slash_command(&moderator(), "tournament", Some("create"), options);
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && !cb.ephemeral, "the event is posted: {cb:?}");
        let message = cb.message_id.expect("the event's message");
        let id = db
            .tournaments()
            .open_tournament_in(fake.channel_id())
            .await
            .unwrap()
            .expect("the event is stored")
            .id;
        Event {
            fake,
            db,
            ahead,
            id,
            message,
            people,
            scanned: 0,
            checked: 0,
        }
    }

    fn message(&self) -> StoredMessage {
        self.fake
            .message(self.message)
            .expect("the event's message")
    }

    /// Everyone presses Join on the event's message.
    async fn join_all(&self) {
        let fake = &self.fake;
        for u in &self.people {
            let msg = self.message();
            let join = msg
                .find_button(|id| id.starts_with("gin:tj:"))
                .expect("a Join button");
            let cb = fake.interact(fake.press(u, &msg, &join)).await;
            assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        }
        let entries = self.db.tournaments().entries(self.id).await.unwrap();
        assert_eq!(entries.len(), self.people.len());
        // Joining twice is refused, and changes nothing.
        let msg = self.message();
        let join = msg.find_button(|id| id.starts_with("gin:tj:")).unwrap();
        let cb = fake
            .interact(fake.press(&self.people[0], &msg, &join))
            .await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        assert_eq!(
            self.db.tournaments().entries(self.id).await.unwrap(),
            entries
        );
    }

    /// `/tournament start` by the moderator (a player may not).
    async fn start(&self) {
        let fake = &self.fake;
        let cmd = fake.slash_command(&self.people[0], "tournament", Some("start"), vec![]);
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
        let row = self
            .db
            .tournaments()
            .tournament(self.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            row.status,
            TournamentState::SignUp,
            "a player cannot start it"
        );
        let cmd = fake.slash_command(&moderator(), "tournament", Some("start"), vec![]);
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
    }

    async fn core(&self) -> Option<Tournament> {
        let row = self
            .db
            .tournaments()
            .tournament(self.id)
            .await
            .unwrap()
            .unwrap();
        row.state_json.map(|j| serde_json::from_str(&j).unwrap())
    }

    async fn status(&self) -> TournamentState {
        self.db
            .tournaments()
            .tournament(self.id)
            .await
            .unwrap()
            .unwrap()
            .status
    }

    /// Waits until round `n` (from 1) is paired and each of its undecided tables has its
    /// match: the matches, in table order.
    async fn round(&self, n: usize) -> Vec<i64> {
        for _ in 0..500 {
            if let Some(core) = self.core().await.filter(|c| c.rounds().len() >= n) {
                assert_eq!(core.rounds().len(), n, "round {n} is paired once");
                let tables = self
                    .db
                    .tournaments()
                    .round_tables(self.id, n as u32)
                    .await
                    .unwrap();
                let open = core.rounds()[n - 1]
                    .pairings
                    .iter()
                    .filter(|p| !p.is_decided())
                    .count();
                let opened: Vec<i64> = tables.iter().filter_map(|t| t.match_id).collect();
                if opened.len() >= open {
                    return opened;
                }
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("round {n} was not paired and opened");
    }

    async fn wait_status(&self, status: TournamentState) {
        for _ in 0..500 {
            if self.status().await == status {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the event never reached {status:?}");
    }

    /// The people of a match, in seat order.
    async fn seats(&self, match_id: i64) -> Vec<User> {
        let row = self
            .db
            .matches()
            .load_match(match_id)
            .await
            .unwrap()
            .unwrap();
        row.players
            .iter()
            .map(|(id, _, _)| self.people.iter().find(|u| u.id == *id).unwrap().clone())
            .collect()
    }

    /// Plays a match to its end by presses, scanning every write on the way.
    async fn play(&mut self, match_id: i64) {
        let fake = &self.fake;
        let mut players = Players::new(fake.clone(), fake.channel_id(), self.seats(match_id).await);
        players.match_id = match_id;
        assert!(
            fake.wait_until(fake.channel_id(), Duration::from_secs(10), || players
                .table()
                .is_some())
                .await,
            "match {match_id}'s table is posted"
        );
        let mut idle = 0;
        loop {
            let step = players.step().await;
            self.scan().await;
            match step {
                Step::Over => break,
                Step::Acted { .. } => idle = 0,
                Step::Idle => {
                    idle += 1;
                    assert!(idle < 100, "match {match_id} is stuck");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
            assert!(players.presses < MAX_PRESSES);
        }
        let row = self
            .db
            .matches()
            .load_match(match_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.status.to_string(), "finished");
    }

    /// Every write since the last scan: one of a match in play names no card hidden from its
    /// reader in that match; any other (the event's messages, a match's end) none hidden in
    /// any match in play.
    async fn scan(&mut self) {
        let writes = self.fake.writes_since(self.scanned);
        self.scanned += writes.len();
        let mut states: BTreeMap<i64, Option<(Match, Vec<u64>)>> = BTreeMap::new();
        for w in &writes {
            let ids: Vec<i64> = match match_of(w) {
                Some(id) => vec![id],
                None => self.in_play().await,
            };
            for id in ids {
                if let std::collections::btree_map::Entry::Vacant(slot) = states.entry(id) {
                    let row = self.db.matches().load_match(id).await.unwrap().unwrap();
                    slot.insert(row.status.is_active().then(|| {
                        let seats = row.players.iter().map(|p| p.0).collect();
                        (serde_json::from_str(&row.state_json).unwrap(), seats)
                    }));
                }
                // A match that ended shows its hands on purpose.
                if let Some((m, seats)) = &states[&id] {
                    scan_gin(w, m, seats);
                    self.checked += 1;
                }
            }
        }
    }

    async fn in_play(&self) -> Vec<i64> {
        self.db
            .tournaments()
            .tournament_matches_in_play(self.id)
            .await
            .unwrap()
    }

    /// A player's entrant id.
    async fn entrant_of(&self, user: u64) -> EntrantId {
        let entries: Vec<EntryRow> = self.db.tournaments().entries(self.id).await.unwrap();
        let e = entries
            .iter()
            .find(|e| e.user.0 == user)
            .expect("an entrant");
        EntrantId(e.id as u64)
    }

    /// The player to move in a match lets the clock run: past the reminder, then past the
    /// round's deadline and one more reminder's time, they forfeit.
    async fn idle_out(&self, match_id: i64) {
        let db = &self.db;
        self.ahead.fetch_add(31 * 60, Ordering::SeqCst);
        for _ in 0..500 {
            if db
                .matches()
                .load_match(match_id)
                .await
                .unwrap()
                .unwrap()
                .reminded
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            db.matches()
                .load_match(match_id)
                .await
                .unwrap()
                .unwrap()
                .reminded
        );
        self.ahead.fetch_add(31 * 60, Ordering::SeqCst);
        for _ in 0..500 {
            let row = db.matches().load_match(match_id).await.unwrap().unwrap();
            if !row.status.is_active() {
                assert_eq!(row.status.to_string(), "forfeited");
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("match {match_id} was not forfeited past the round's deadline");
    }

    /// `/tournament disqualify player:<user>` by the moderator.
    async fn disqualify(&self, user: &User) {
        let fake = &self.fake;
        let cmd = fake.slash_command(
            &moderator(),
            "tournament",
            Some("disqualify"),
            vec![Opt::user("player", user)],
        );
        let cb = fake.interact(cmd).await;
        assert!(cb.ok() && cb.ephemeral, "{cb:?}");
    }

    /// Each decision of the event against its match's stored result: the winner the match
    /// names, and how it was decided.
    async fn assert_decisions_follow_the_matches(&self, core: &Tournament) {
        for (r, round) in core.rounds().iter().enumerate() {
            let tables = self
                .db
                .tournaments()
                .round_tables(self.id, r as u32 + 1)
                .await
                .unwrap();
            for (k, p) in round.pairings.iter().enumerate() {
                let Pairing::Match {
                    first,
                    second,
                    decision: Some(d),
                } = *p
                else {
                    continue;
                };
                let table = tables.iter().find(|t| t.table as usize == k + 1);
                let Some(match_id) = table.and_then(|t| t.match_id) else {
                    assert_eq!(d.finish, Finish::Disqualified, "a walkover has no match");
                    continue;
                };
                let row = self
                    .db
                    .matches()
                    .load_match(match_id)
                    .await
                    .unwrap()
                    .unwrap();
                let seat = table.unwrap().winner_seat.expect("a winner");
                let winner = self.entrant_of(row.players[seat as usize].0).await;
                if d.finish != Finish::Disqualified {
                    assert_eq!(d.winner, winner, "round {} table {}", r + 1, k + 1);
                    assert!(d.winner == first || d.winner == second);
                }
                let expected = match row.status.to_string().as_str() {
                    "forfeited" if d.finish == Finish::Disqualified => Finish::Disqualified,
                    "forfeited" => Finish::Forfeit,
                    _ => Finish::Played,
                };
                assert_eq!(d.finish, expected, "round {} table {}", r + 1, k + 1);
            }
        }
    }
}

/// The match a write belongs to, by the buttons it carries.
fn match_of(w: &Write) -> Option<i64> {
    w.custom_ids.iter().find_map(|id| match Press::decode(id)? {
        Press::Move { match_id, .. } | Press::Replay { match_id, .. } => Some(match_id),
        Press::Hand(m)
        | Press::Rules(m)
        | Press::Refresh(m)
        | Press::Sheet(m)
        | Press::Rematch(m)
        | Press::Watch(m) => Some(m),
        _ => None,
    })
}

/// Points by entrant from the decisions and byes: each win (a bye, a walkover) is one.
fn points(core: &Tournament) -> BTreeMap<EntrantId, u32> {
    let mut points: BTreeMap<EntrantId, u32> = core.entrants().iter().map(|e| (e.id, 0)).collect();
    for p in core.rounds().iter().flat_map(|r| &r.pairings) {
        if let Some(w) = p.winner() {
            *points.get_mut(&w).unwrap() += 1;
        }
    }
    points
}

async fn bot_with_clock(seed: u32) -> (Bot, Arc<AtomicI64>) {
    let ahead = Arc::new(AtomicI64::new(0));
    let bot = Bot::start_clocked(
        seed,
        |c| {
            c.timeouts.sweep_seconds = 1;
            c.timeouts.ai_delay_ms = 0;
        },
        ahead.clone(),
    )
    .await;
    (bot, ahead)
}

/// Six players, three Swiss rounds: round 2's last match is lost by the idle clock past the
/// round's deadline, and a player is disqualified in the middle of round 3.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_swiss_of_three_rounds_is_played_to_the_end() {
    let (bot, ahead) = bot_with_clock(500).await;
    let mut ev = Event::create(&bot, ahead, SWISS, Some(3), entrants(6)).await;
    ev.join_all().await;
    ev.start().await;
    for round in 1..=3 {
        let matches = ev.round(round).await;
        assert_eq!(matches.len(), 3, "six players: three tables, no bye");
        let (last, rest) = matches.split_last().unwrap();
        if round == 3 {
            // The first table's first player is disqualified mid-match.
            let out = ev.seats(matches[0]).await.remove(0);
            ev.disqualify(&out).await;
            let core = ev.core().await.unwrap();
            assert!(core.withdrawn().contains(&ev.entrant_of(out.id).await));
            for _ in 0..500 {
                let row = bot
                    .db
                    .matches()
                    .load_match(matches[0])
                    .await
                    .unwrap()
                    .unwrap();
                if !row.status.is_active() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            for &m in &matches[1..] {
                ev.play(m).await;
            }
            continue;
        }
        for &m in rest {
            ev.play(m).await;
        }
        if round == 2 {
            ev.idle_out(*last).await;
        } else {
            ev.play(*last).await;
        }
    }
    ev.wait_status(TournamentState::Finished).await;
    let core = ev.core().await.unwrap();
    assert_eq!(core.rounds().len(), 3);
    // Nobody met anybody twice.
    let mut met = std::collections::BTreeSet::new();
    for p in core.rounds().iter().flat_map(|r| &r.pairings) {
        if let Pairing::Match { first, second, .. } = *p {
            assert!(
                met.insert((first.min(second), first.max(second))),
                "a rematch"
            );
        }
    }
    ev.assert_decisions_follow_the_matches(&core).await;
    let points = points(&core);
    let standings = core.standings();
    for s in &standings {
        assert_eq!(s.points, points[&s.entrant]);
    }
    assert!(standings.windows(2).all(|w| w[0].points >= w[1].points));
    // The final standings are posted, the winner named first.
    let winner = ev.db.tournaments().entries(ev.id).await.unwrap();
    let winner = &winner
        .iter()
        .find(|e| EntrantId(e.id as u64) == standings[0].entrant)
        .unwrap()
        .user
        .1;
    let fake = &bot.fake;
    let posted = fake.wait_until(fake.channel_id(), Duration::from_secs(5), || {
        fake.messages_in(fake.channel_id())
            .iter()
            .any(|m| !m.ephemeral && m.id != ev.message && m.content.contains(winner.as_str()))
    });
    assert!(posted.await, "the final standings name {winner}");
    ev.scan().await;
    assert!(ev.checked > 100, "scanned {} writes", ev.checked);
    println!(
        "Swiss: {} writes scanned, {} in all",
        ev.checked, ev.scanned
    );
    println!("the event message:\n{}", ev.message().content);
    // Tournament matches count like any rated match.
    let stats = bot
        .db
        .ledger()
        .player_stats(fake.guild_id(), ev.people[0].id, None)
        .await
        .unwrap()
        .expect("stats");
    assert!(stats.played >= 2 && stats.rating.is_some());
    bot.finish().await;
}

/// Eight players, single elimination: a disqualification in round 1 (a walkover), a forfeit
/// by the idle clock in round 2, and a final; the bracket follows the results.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_player_knockout_is_played_to_the_end() {
    let (bot, ahead) = bot_with_clock(700).await;
    let mut ev = Event::create(&bot, ahead, KNOCKOUT, None, entrants(8)).await;
    ev.join_all().await;
    ev.start().await;
    let first = ev.round(1).await;
    assert_eq!(first.len(), 4);
    let out = ev.seats(first[3]).await.remove(1);
    ev.disqualify(&out).await;
    for &m in &first[..3] {
        ev.play(m).await;
    }
    let second = ev.round(2).await;
    assert_eq!(second.len(), 2);
    ev.play(second[0]).await;
    ev.idle_out(second[1]).await;
    let last = ev.round(3).await;
    assert_eq!(last.len(), 1);
    ev.play(last[0]).await;
    ev.wait_status(TournamentState::Finished).await;
    let core = ev.core().await.unwrap();
    ev.assert_decisions_follow_the_matches(&core).await;
    let bracket = core.bracket().expect("a bracket");
    assert_eq!(bracket.rounds.len(), 3);
    let champion = core.rounds()[2].pairings[0].winner().unwrap();
    assert_eq!(core.standings()[0].entrant, champion);
    // The losers of each round are out: free to play elsewhere in the channel.
    let entries = bot.db.tournaments().entries(ev.id).await.unwrap();
    assert_eq!(entries.iter().filter(|e| e.out).count(), 7);
    // The final standings come with the bracket drawn, its alt text the bracket in words
    // naming the champion; the event's message shows the bracket as text.
    let name_of = |e: EntrantId| {
        entries
            .iter()
            .find(|x| x.id as u64 == e.0)
            .unwrap()
            .user
            .1
            .clone()
    };
    let champion = name_of(champion);
    let fake = &bot.fake;
    let mut pictures = Vec::new();
    fake.wait_until(fake.channel_id(), Duration::from_secs(5), || {
        pictures = fake
            .messages_in(fake.channel_id())
            .into_iter()
            .filter(|m| {
                !m.ephemeral && m.attachments.iter().any(|a| a["filename"] == "bracket.png")
            })
            .collect();
        pictures.len() >= 4
    })
    .await;
    assert_eq!(
        pictures.len(),
        4,
        "the bracket with each round's pairings and with the final standings"
    );
    let last = &pictures[3].attachments[0];
    let alt = last["description"].as_str().unwrap_or_default();
    assert!(alt.contains(&format!("Final: {champion} beat")), "{alt}");
    let id: u64 = last["id"].as_str().unwrap().parse().unwrap();
    let png = fake.attachment(id).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let saved = std::env::temp_dir().join("gin-knockout-bracket.png");
    std::fs::write(&saved, &png).unwrap();
    println!(
        "the bracket: {} ({} bytes)\n{alt}",
        saved.display(),
        png.len()
    );
    let message = ev.message();
    assert!(message.content.contains(&champion), "{}", message.content);
    println!("{}", message.content);
    ev.scan().await;
    assert!(ev.checked > 50, "scanned {} writes", ev.checked);
    println!(
        "knockout: {} writes scanned, {} in all",
        ev.checked, ev.scanned
    );
    bot.finish().await;
}

/// The real binary is SIGKILLed after a round's last result was stored and acknowledged and
/// before the next round was paired. The organizer is kept from pairing meanwhile: a moderator
/// extends the round before its last match is played, and the fake Discord holds the edit of
/// the event's message that step shows, so the organizer's loop is inside that edit while the
/// match ends. After the restart the next round exists once, its match was opened once, and
/// every acknowledged move is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sigkill_before_the_next_pairing_pairs_it_once_after_the_restart() {
    let bin = crate::support::wire::Binary::new().await;
    let mut bot = bin.start(1).await;
    let fake = bin.fake.clone();
    let db = Db::open(&bin.url).await.unwrap();
    let ahead = Arc::new(AtomicI64::new(0));
    let mut ev =
        Event::create_on(fake.clone(), db.clone(), ahead, KNOCKOUT, None, entrants(4)).await;
    ev.join_all().await;
    ev.start().await;
    let first = ev.round(1).await;
    assert_eq!(first.len(), 2);
    ev.play(first[0]).await;
    // Wait for the step that records the first result to be shown, then hold the next edit.
    for _ in 0..500 {
        let row = db.tournaments().tournament(ev.id).await.unwrap().unwrap();
        if row.shown_version == row.version {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let hold = fake.hold_next(&format!(
        "PATCH /channels/{}/messages/{}",
        fake.channel_id(),
        ev.message
    ));
    let extend = fake.slash_command(
        &moderator(),
        "tournament",
        Some("extend"),
        vec![Opt::int("minutes", 30)],
    );
    let cb = fake.interact(extend).await;
    assert!(cb.ok() && cb.ephemeral, "{cb:?}");
    hold.wait_held().await;
    // The organizer is inside that edit: round 1's last match is played to its end.
    let mut players = Players::new(fake.clone(), fake.channel_id(), ev.seats(first[1]).await);
    players.match_id = first[1];
    players.play_to_end(3_000).await;
    let acknowledged = players.applied.len();
    let row = db.matches().load_match(first[1]).await.unwrap().unwrap();
    assert_eq!(
        row.status.to_string(),
        "finished",
        "the last result is stored"
    );
    assert_eq!(
        ev.core().await.unwrap().rounds().len(),
        1,
        "round 2 is not paired yet"
    );
    bot.sigkill();
    drop(hold);
    let stored = db.matches().match_actions(first[1]).await.unwrap().len();
    assert!(
        stored >= acknowledged,
        "{stored} moves stored, {acknowledged} acknowledged"
    );
    // The restart takes the step: round 2 once, its match once.
    let bot = bin.start(2).await;
    let second = ev.round(2).await;
    assert_eq!(second.len(), 1);
    ev.wait_status(TournamentState::Running).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let core = ev.core().await.unwrap();
    assert_eq!(core.rounds().len(), 2, "round 2 paired once");
    assert_eq!(
        db.tournaments().round_tables(ev.id, 2).await.unwrap().len(),
        1
    );
    assert_eq!(
        db.tournaments()
            .tournament_matches_in_play(ev.id)
            .await
            .unwrap(),
        second,
        "one match opened"
    );
    let tables = fake
        .messages_in(fake.channel_id())
        .into_iter()
        .filter(|m| m.button(&Press::Hand(second[0]).encode()).is_some())
        .count();
    assert_eq!(tables, 1, "one table posted for the final");
    assert_eq!(
        db.matches().match_actions(first[1]).await.unwrap().len(),
        stored
    );
    // The final is played, and the event ends.
    ev.play(second[0]).await;
    ev.wait_status(TournamentState::Finished).await;
    drop(bot);
}
