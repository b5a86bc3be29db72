//! The per-place ledger: figures computed by hand on a seeded ledger, and isolation between
//! servers, DMs and group DMs that share players; a player's own figures from everywhere.

use crate::support::harness::*;
use gin::games::ledger::{BoardQuery, FormatFilter, Period};
use gin::games::results::rate;
use gin::games::{Caller, GameChoice, Place, Reply, UserRef};
use gin::store::{BoardSort, Db, NewMatch, PlayerResult, SavedAction};
use gin::ui::ids::Press;
use gin::ui::model::Response;

const OTHER_GUILD: u64 = 601;
const DAY: i64 = 86_400;

/// One seat of a seeded match: (user, net, won, gins, knocks, knock deadwood).
type Seat = (u64, i64, bool, u32, u32, u32);

/// Stores an ended match through the real write path.
async fn seed_match(db: &Db, guild: u64, seats: &[Seat], ended_at: i64, vs_ai: bool) -> i64 {
    let new = NewMatch {
        guild_id: guild,
        place_kind: Default::default(),
        place_id: guild,
        channel_id: CHANNEL + guild,
        table_message_id: None,
        format: if seats.len() == 2 {
            gin::store::Format::parse("two").unwrap()
        } else {
            gin::store::Format::parse("three").unwrap()
        },
        preset: "classic".into(),
        rules_json: "{}".into(),
        locale: "en-US".into(),
        state_json: "{}".into(),
        seed_hex: "00".into(),
        players: seats
            .iter()
            .enumerate()
            .map(|(i, s)| (s.0, name_of(s.0).to_string(), vs_ai && i == 1))
            .collect(),
        ai_level: vs_ai.then(|| "hard".to_string()),
        now: ended_at - 600,
        outbox: Vec::new(),
        ai_to_act: false,
        event: None,
    };
    let id = db.matches().create_match(&new).await.unwrap();
    let result = seats
        .iter()
        .enumerate()
        .map(|(i, s)| PlayerResult {
            seat: i as u8,
            total: s.1.max(0) as u32,
            lines: s.3 + s.4,
            line_bonus: 0,
            game_bonus: 0,
            final_total: s.1.max(0) as u32,
            net: s.1,
            won: s.2,
            hands_won: s.3 + s.4,
            gins: s.3,
            knocks: s.4,
            undercuts_given: 0,
            undercuts_suffered: 0,
            knock_deadwood: s.5,
        })
        .collect();
    let saved = SavedAction {
        match_id: id,
        version: 0,
        seat: 0,
        event_json: "{}".into(),
        state_json: "{}".into(),
        status: gin::store::MatchState::Ended(gin::store::EndReason::PlayedOut),
        now: ended_at,
        turn_changed: true,
        actor_changed: false,
        ai_to_act: false,
        hands: Vec::new(),
        result: Some(result),
        rate: (!vs_ai).then_some(rate as gin::store::RateFn),
        winner_seat: seats.iter().position(|s| s.2).map(|p| p as u8),
        hollywood: Vec::new(),
        outbox: Vec::new(),
    };
    assert!(db.matches().save_action(saved).await.unwrap());
    id
}

fn board(sort: BoardSort, period: Period) -> BoardQuery {
    BoardQuery {
        sort,
        period,
        format: FormatFilter::Any,
        page: 0,
        season: None,
        tournament: None,
    }
}

fn text(o: &impl Said) -> String {
    o.said().content
}

fn user(id: u64) -> UserRef {
    UserRef {
        id,
        name: name_of(id).into(),
        bot: false,
    }
}

/// The seeded ledger of GUILD: Alice +100 (won, 2 gins), +30 (won), -20 (lost to Carol);
/// Bob -100 (lost), +50 (won); Carol -50 (lost), -30 (lost), +20 (won).
async fn seeded() -> Harness {
    let h = Harness::new().await;
    let db = &h.games.db;
    let now = h.games.now();
    seed_match(
        db,
        GUILD,
        &[(ALICE, 100, true, 2, 1, 7), (BOB, -100, false, 0, 2, 16)],
        now - 40 * DAY,
        false,
    )
    .await;
    seed_match(
        db,
        GUILD,
        &[(BOB, 50, true, 0, 3, 12), (CAROL, -50, false, 1, 0, 0)],
        now - 10 * DAY,
        false,
    )
    .await;
    seed_match(
        db,
        GUILD,
        &[(ALICE, 30, true, 0, 2, 9), (CAROL, -30, false, 0, 1, 5)],
        now - 3 * DAY,
        false,
    )
    .await;
    seed_match(
        db,
        GUILD,
        &[(CAROL, 20, true, 1, 1, 4), (ALICE, -20, false, 0, 0, 0)],
        now - DAY,
        false,
    )
    .await;
    // Against the AI: in Alice's stats and history, never on a board.
    seed_match(
        db,
        GUILD,
        &[(ALICE, 500, true, 5, 0, 0), (BOT, -500, false, 0, 0, 0)],
        now - 2 * DAY,
        true,
    )
    .await;
    // The other server: the same people, other results.
    seed_match(
        db,
        OTHER_GUILD,
        &[(BOB, 999, true, 9, 9, 9), (ALICE, -999, false, 0, 0, 0)],
        now - DAY,
        false,
    )
    .await;
    h
}

#[tokio::test]
async fn leaderboard_figures_by_hand() {
    let h = seeded().await;
    let c = h.caller(ALICE, None);
    let net = text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::Net, Period::All), false)
            .await,
    );
    // Alice 100 + 30 - 20 = 110; Bob -100 + 50 = -50; Carol -50 - 30 + 20 = -60.
    let lines: Vec<&str> = net.lines().skip(1).collect();
    assert!(
        lines[0].contains("#1")
            && lines[0].contains("Alice")
            && lines[0].contains("+110")
            && lines[0].contains("3 matches, 2 won"),
        "{net}"
    );
    assert!(
        lines[1].contains("Bob") && lines[1].contains("-50"),
        "{net}"
    );
    assert!(
        lines[2].contains("Carol") && lines[2].contains("-60"),
        "{net}"
    );
    assert!(
        !net.contains("999") && !net.contains("500"),
        "no other server, no AI match: {net}"
    );

    // Last 30 days: Alice 30 - 20 = 10, Bob +50, Carol -60.
    let month = text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::Net, Period::Days30), false)
            .await,
    );
    let order: Vec<&str> = month
        .lines()
        .skip(1)
        .take(3)
        .map(|l| l.split("**").nth(1).unwrap())
        .collect();
    assert_eq!(order, ["Bob", "Alice", "Carol"], "{month}");
    // Last 7 days: Alice +10 (two matches), Carol -10; Bob played none.
    let week = text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::Net, Period::Days7), false)
            .await,
    );
    assert!(
        week.contains("**Alice** +10") && week.contains("**Carol** -10") && !week.contains("Bob"),
        "{week}"
    );

    // Gins: Alice 2, Carol 1 + 1 = 2 (equal matches too: the lower user id first), Bob 0.
    let gins = text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::Gins, Period::All), false)
            .await,
    );
    let order: Vec<&str> = gins
        .lines()
        .skip(1)
        .take(3)
        .map(|l| l.split("**").nth(1).unwrap())
        .collect();
    assert_eq!(order, ["Alice", "Carol", "Bob"], "{gins}");
    // Win rate needs five matches: nobody qualifies.
    let rate = text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::WinRate, Period::All), false)
            .await,
    );
    assert!(rate.contains("No matches count"), "{rate}");
    // Rating: Glicko-2 in match order; the board shows each stored rating, highest first.
    let rating = text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::Rating, Period::All), false)
            .await,
    );
    let rows = h
        .games
        .db
        .ledger()
        .leaderboard(GUILD, i64::MIN, None, BoardSort::Rating, 1)
        .await
        .unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows.windows(2).all(|w| w[0].rating >= w[1].rating));
    for (i, r) in rows.iter().enumerate() {
        assert!((r.rating - 1500.0).abs() > 1.0, "everyone was rated");
        let line = rating.lines().nth(1 + i).unwrap();
        assert!(
            line.contains(&format!("**{}** {:.0}", r.name, r.rating)),
            "{rating}"
        );
    }
}

/// A board reads at most the players it was asked for, and they are the board's first ones
/// whatever it is sorted by.
#[tokio::test]
async fn a_board_reads_only_its_first_players() {
    let h = seeded().await;
    let db = &h.games.db;
    for sort in [
        BoardSort::Net,
        BoardSort::Wins,
        BoardSort::WinRate,
        BoardSort::Gins,
        BoardSort::Rating,
    ] {
        let all = db
            .ledger()
            .season_board(GUILD, (i64::MIN, None), None, sort, 1, None, 100, None)
            .await
            .unwrap();
        assert_eq!(all.len(), 3, "{sort:?}");
        let first = db
            .ledger()
            .season_board(GUILD, (i64::MIN, None), None, sort, 1, None, 2, None)
            .await
            .unwrap();
        assert_eq!(first, all[..2], "{sort:?}");
    }
}

#[tokio::test]
async fn leaderboard_pages_and_the_callers_rank_off_the_page() {
    let h = Harness::new().await;
    let now = h.games.now();
    // 12 players: user 2000 + i wins i points against user 3000 (who loses them all).
    for i in 1..=12u64 {
        seed_match(
            &h.games.db,
            GUILD,
            &[
                (2000 + i, i as i64, true, 0, 1, 3),
                (3000, -(i as i64), false, 0, 0, 0),
            ],
            now - DAY,
            false,
        )
        .await;
    }
    let c = h.caller(2001, None);
    let first = h
        .games
        .ledger()
        .leaderboard(&c, board(BoardSort::Net, Period::All), false)
        .await;
    let page1 = text(&first);
    assert!(page1.contains("page 1/2"));
    assert_eq!(page1.lines().filter(|l| l.starts_with('`')).count(), 10);
    // 2001 is 12th of 13 (3000 is last with -78): shown below the page.
    assert!(
        page1.lines().last().unwrap().starts_with("<@2001>: `#12`"),
        "{page1}"
    );
    let next = button(
        &first.said(),
        |p| matches!(p, Press::Board(q) if q.page == 1),
    )
    .unwrap();
    let second = h.press(2001, 77, &next).await;
    let Response::Update(m) = &second.response else {
        panic!("a page turn updates the message")
    };
    assert!(
        m.content.contains("page 2/2")
            && m.content.contains("`#12`")
            && m.content.contains("`#13`")
    );
    assert!(
        !m.content.contains("<@2001>:"),
        "the caller is on this page"
    );
}

#[tokio::test]
async fn stats_figures_by_hand() {
    let h = seeded().await;
    let c = h.caller(BOB, None);
    let alice = user(ALICE);
    let s = text(
        &h.games
            .ledger()
            .stats(&c, Some(&alice), FormatFilter::Any)
            .await,
    );
    // Four matches (one against the AI), three won; net 110 + 500 = 610; biggest win 500.
    assert!(
        s.contains("Matches: 4 · won 3 · lost 1 · win rate 75% · against the bot 1"),
        "{s}"
    );
    assert!(
        s.contains("Net points: +610 · biggest match win: 500"),
        "{s}"
    );
    // Hands: gins 2 + 5 = 7, knocks 1 + 2 = 3, hands won 3 + 2 + 5 = 10.
    assert!(s.contains("Hands won: 10 · gins: 7 · knocks: 3"), "{s}");
    // Deadwood when knocking: (7 + 9) over 10 knocks and gins = 1.6.
    assert!(s.contains("Average deadwood when knocking: 1.6"), "{s}");
    // Latest first: lost to Carol (1 day ago) → a losing streak of 1.
    assert!(s.contains("Current streak: 1 lost"), "{s}");
    let mine = text(&h.games.ledger().stats(&c, None, FormatFilter::Any).await);
    assert!(
        mine.contains("Matches: 2 · won 1 · lost 1"),
        "Bob here, not in the other server: {mine}"
    );
    let nobody = text(
        &h.games
            .ledger()
            .stats(&c, Some(&user(MALLORY)), FormatFilter::Any)
            .await,
    );
    assert!(nobody.contains("no finished matches"), "{nobody}");
}

#[tokio::test]
async fn history_lists_recent_matches_with_score_sheets() {
    let h = seeded().await;
    let c = h.caller(ALICE, None);
    let o = h.games.ledger().history(&c, None, FormatFilter::Any).await;
    let t = text(&o);
    let rows: Vec<&str> = t.lines().skip(1).collect();
    assert_eq!(rows.len(), 4, "{t}");
    assert!(
        rows[0].contains("vs Carol: lost") && rows[0].contains("-20"),
        "{t}"
    );
    assert!(
        rows[1].contains("won") && rows[1].contains("+500"),
        "the AI match: {t}"
    );
    let sheet = button(&o.said(), |p| matches!(p, Press::Sheet(_))).unwrap();
    let s = h.press(ALICE, 78, &sheet).await;
    let Response::Ephemeral(m) = &s.response else {
        panic!("the sheet is for the presser")
    };
    assert!(
        m.content.contains("Score sheet") && m.content.contains("Net"),
        "{}",
        m.content
    );
}

#[tokio::test]
async fn no_query_of_one_server_shows_a_row_of_the_other() {
    let h = seeded().await;
    let db = &h.games.db;
    for sort in [
        BoardSort::Net,
        BoardSort::Wins,
        BoardSort::WinRate,
        BoardSort::Gins,
        BoardSort::Rating,
    ] {
        let other = db
            .ledger()
            .leaderboard(OTHER_GUILD, i64::MIN, None, sort, 1)
            .await
            .unwrap();
        assert!(other.iter().all(|r| [ALICE, BOB].contains(&r.user_id)));
        let bob = other.iter().find(|r| r.user_id == BOB).unwrap();
        assert_eq!((bob.played, bob.net), (1, 999));
        let here = db
            .ledger()
            .leaderboard(GUILD, i64::MIN, None, sort, 1)
            .await
            .unwrap();
        assert!(here.iter().all(|r| r.net != 999 && r.net != -999));
    }
    let bob_there = db
        .ledger()
        .player_stats(OTHER_GUILD, BOB, None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (bob_there.played, bob_there.net, bob_there.gins),
        (1, 999, 9)
    );
    assert!(db
        .ledger()
        .player_stats(OTHER_GUILD, CAROL, None)
        .await
        .unwrap()
        .is_none());
    let alice_there = db
        .ledger()
        .history(OTHER_GUILD, ALICE, None, 10)
        .await
        .unwrap();
    assert_eq!(alice_there.len(), 1);
    let alice_here = db.ledger().history(GUILD, ALICE, None, 10).await.unwrap();
    assert!(alice_here.iter().all(|r| r.net != -999));
    // A score sheet is only found in its own server.
    let there_id = alice_there[0].match_id;
    assert!(db
        .ledger()
        .score_sheet(GUILD, there_id)
        .await
        .unwrap()
        .is_none());
    assert!(db
        .ledger()
        .score_sheet(OTHER_GUILD, there_id)
        .await
        .unwrap()
        .is_some());
    // Ratings are per server too.
    let rated_there = db
        .ledger()
        .leaderboard(OTHER_GUILD, i64::MIN, None, BoardSort::Rating, 1)
        .await
        .unwrap();
    let rated_here = db
        .ledger()
        .leaderboard(GUILD, i64::MIN, None, BoardSort::Rating, 1)
        .await
        .unwrap();
    let rating = |rows: &[gin::store::BoardRow], u: u64| {
        rows.iter().find(|r| r.user_id == u).unwrap().rating
    };
    // There, Bob won and Alice lost their only match: exactly one Glicko-2 step from 1500.
    assert!(
        (rating(&rated_there, BOB) - 1662.3).abs() < 0.1,
        "{}",
        rating(&rated_there, BOB)
    );
    assert!((rating(&rated_there, ALICE) - 1337.7).abs() < 0.1);
    assert!(rating(&rated_here, ALICE) != rating(&rated_there, ALICE));
}

#[tokio::test]
async fn an_empty_server_gets_friendly_answers() {
    let h = Harness::new().await;
    let c = h.caller(ALICE, None);
    assert!(text(
        &h.games
            .ledger()
            .leaderboard(&c, board(BoardSort::Net, Period::All), false)
            .await
    )
    .contains("No matches count"));
    assert!(
        text(&h.games.ledger().stats(&c, None, FormatFilter::Any).await)
            .contains("no finished matches")
    );
    assert!(
        text(&h.games.ledger().history(&c, None, FormatFilter::Any).await)
            .contains("no finished matches")
    );
    let forged = h.press(ALICE, 1, "gin:sheet:123456").await;
    assert!(text(&forged).contains("do not know that match"));
}

#[tokio::test]
async fn moderators_cancel_a_stuck_match_without_scoring() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let refused = h
        .games
        .ledger()
        .cancel(&h.caller(BOB, None), false, None)
        .await;
    assert!(text(&refused).contains("Only moderators"));
    assert!(h.games.snapshot(id).await.unwrap().is_active());
    let done = h
        .games
        .ledger()
        .cancel(&h.caller(CAROL, None), true, None)
        .await;
    assert!(
        text(&done).contains("cancelled by Carol"),
        "{}",
        text(&done)
    );
    let (status, _) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "cancelled");
    let board = h
        .games
        .db
        .ledger()
        .leaderboard(GUILD, i64::MIN, None, BoardSort::Net, 1)
        .await
        .unwrap();
    assert!(board.is_empty(), "a cancelled match counts for nobody");
    let history = h
        .games
        .db
        .ledger()
        .history(GUILD, ALICE, None, 10)
        .await
        .unwrap();
    assert_eq!(history[0].status.to_string(), "cancelled");
    let again = h
        .games
        .ledger()
        .cancel(&h.caller(CAROL, None), true, None)
        .await;
    assert!(text(&again).contains("no running match"));
    // The players can start again.
    h.new_match(&[BOB]).await;
}

/// `user` in `channel` of the server (the harness's callers are in CHANNEL).
fn caller_in(h: &Harness, user: u64, channel: u64) -> gin::games::Caller {
    gin::games::Caller {
        channel_id: channel,
        ..h.caller(user, Some(1))
    }
}

/// A match's hands (its replay, a step of it, its score sheet) are for its players anywhere
/// in the server and for anyone else only in the channel it was played in: match ids are
/// small integers, and a moderators' channel or a private thread keeps its matches.
#[tokio::test]
async fn hands_of_a_match_stay_in_its_channel_but_for_its_players() {
    const ELSEWHERE: u64 = CHANNEL + 1;
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    for _ in 0..500 {
        if !h
            .games
            .db
            .matches()
            .match_hands(id)
            .await
            .unwrap()
            .is_empty()
        {
            break;
        }
        assert!(h.play_turn(id).await, "the match runs");
    }
    let resigned = h.games.matches().resign(&h.caller(ALICE, None)).await;
    h.settle_outcome(resigned, ALICE, None).await;
    let replay = |c: gin::games::Caller| {
        let games = h.games.clone();
        async move {
            games
                .ledger()
                .replay(&c, id, Some(0), None, false)
                .await
                .reply
        }
    };
    let step = Press::Replay {
        match_id: id,
        deal: 0,
        step: 1,
    }
    .encode();
    let sheet = Press::Sheet(id).encode();
    let press = |c: gin::games::Caller, custom_id: String| {
        let games = h.games.clone();
        async move { gin::ui::press(&games, &c, &custom_id).await.response }
    };
    let refused = |r: &Response| r.msg().content.contains("another channel");

    // Anyone in the channel it was played in; its players anywhere in the server.
    for c in [
        caller_in(&h, CAROL, CHANNEL),
        caller_in(&h, BOB, ELSEWHERE),
        caller_in(&h, ALICE, ELSEWHERE),
    ] {
        let who = (c.user_id, c.channel_id);
        assert!(
            matches!(replay(c.clone()).await, gin::games::Reply::Replay { .. }),
            "{who:?} replays it"
        );
        let next = press(c.clone(), step.clone()).await;
        assert!(
            next.msg().content.contains("step 2 of"),
            "{who:?}: {next:?}"
        );
        let s = press(c, sheet.clone()).await;
        assert!(s.msg().content.contains("Score sheet"), "{who:?}: {s:?}");
    }
    // Nobody else elsewhere: not the command, not a Next press, not a score sheet button.
    let carol = caller_in(&h, CAROL, ELSEWHERE);
    let r = gin::ui::respond(
        gin::games::Outcome::reply(replay(carol.clone()).await),
        gin::i18n::Lang::En,
    );
    assert!(refused(&r.response), "{:?}", r.response);
    for custom_id in [&step, &sheet] {
        let r = press(carol.clone(), custom_id.clone()).await;
        assert!(refused(&r), "{custom_id}: {r:?}");
        assert!(!r.msg().content.contains("Score sheet"), "{r:?}");
    }
    // Another server's member sees no such match at all.
    let stranger = gin::games::Caller {
        place: gin::games::Place::Guild {
            guild: GUILD + 1,
            member: true,
        },
        ..caller_in(&h, CAROL, CHANNEL)
    };
    let r = press(stranger, sheet.clone()).await;
    assert!(r.msg().content.contains("do not know that match"), "{r:?}");
}

/// `/ginmod season` refuses names that would show as nothing or break a board's line, and
/// names over 50 characters; the season keeps running. Others are kept, trimmed.
#[tokio::test]
async fn a_season_name_must_show_something_on_one_line() {
    let h = Harness::new().await;
    let c = h.caller(CAROL, None);
    let long = "x".repeat(51);
    for bad in [
        "",
        "   ",
        "\u{200B}",
        " \u{200B}\u{200D}\u{FEFF} ",
        "\u{2060}\u{2064}",
        "\u{3164}",
        "Summer\nWinter",
        "Summer\r",
        "Sum\u{2028}mer",
        "Sum\u{7}mer",
        long.as_str(),
    ] {
        let o = h
            .games
            .seasons()
            .new_season(&c, true, Some(bad.to_string()))
            .await;
        assert!(text(&o).contains("season's name"), "{bad:?}: {}", text(&o));
    }
    assert!(
        h.games
            .db
            .seasons()
            .seasons(GUILD)
            .await
            .unwrap()
            .is_empty(),
        "no season was started"
    );
    for good in ["  Frühling 🌸 ", &"x".repeat(50)] {
        let o = h
            .games
            .seasons()
            .new_season(&c, true, Some(good.to_string()))
            .await;
        assert!(text(&o).contains(good.trim()), "{good:?}: {}", text(&o));
    }
}

/// A group DM of Alice, Bob and Carol: its ledger is kept under its channel.
const GROUP_DM: u64 = 9_003;
const IN_GROUP_DM: Place = Place::Private {
    channel: GROUP_DM,
    group: true,
};
const IN_SERVER: Place = Place::Guild {
    guild: GUILD,
    member: true,
};

/// `user` in `place`, in its channel (the server's: CHANNEL), on `message`.
fn caller_at(h: &Harness, place: Place, user: u64, message: Option<u64>) -> Caller {
    let channel_id = match place {
        Place::Guild { .. } => CHANNEL,
        Place::BotDm { channel } | Place::Private { channel, .. } => channel,
    };
    Caller {
        place,
        channel_id,
        ..h.caller(user, message)
    }
}

/// Alice challenges Bob in `place`, Bob accepts, they play until a hand is scored, and
/// `loser` resigns: the match's id.
async fn played_in(h: &Harness, place: Place, loser: u64) -> i64 {
    let gin = GameChoice::Gin(Default::default());
    let start = h
        .games
        .challenges()
        .start(&caller_at(h, place, ALICE, None), &[user(BOB)], gin, None)
        .await;
    let challenge = h.settle_outcome(start, ALICE, Some(5000)).await;
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    h.press_as(caller_at(h, place, BOB, Some(5000)), &accept)
        .await;
    let channel = caller_at(h, place, ALICE, None).channel_id;
    let matches = h.games.db.matches();
    let id = matches
        .active_match_for(channel, ALICE)
        .await
        .unwrap()
        .expect("the match started");
    while matches.match_hands(id).await.unwrap().is_empty() {
        assert!(h.play_turn(id).await, "the match runs");
    }
    let resigned = h
        .games
        .matches()
        .resign(&caller_at(h, place, loser, None))
        .await;
    h.settle_outcome(resigned, loser, None).await;
    id
}

/// The ids of the matches in an answer's CSV export.
fn exported(o: &gin::games::Outcome) -> Vec<i64> {
    let Reply::Export(file) = &o.reply else {
        panic!("an export: {:?}", o.reply)
    };
    let mut ids: Vec<i64> = file
        .csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    ids.dedup();
    ids
}

/// The same two players finish a match in a server (Bob wins) and one in a group DM (Alice
/// wins), and Alice practises in her DM with the bot: each place's board, stats, history and
/// export show its own match alone; a match's replay and score sheet are not known in the
/// other place, either way.
#[tokio::test]
async fn a_dm_never_shows_on_a_server_board_and_back() {
    let h = Harness::new().await;
    let in_server = played_in(&h, IN_SERVER, ALICE).await;
    let in_group = played_in(&h, IN_GROUP_DM, BOB).await;
    let bot_dm = Place::BotDm { channel: 9_005 };
    let practice = h
        .games
        .practice()
        .start(
            &caller_at(&h, bot_dm, ALICE, None),
            gin::engine::ai::Level::Simple,
            GameChoice::Gin(Default::default()),
            2,
            None,
            (BOT, "Gin".into()),
        )
        .await;
    h.settle_outcome(practice, ALICE, Some(5001)).await;
    let resigned = h
        .games
        .matches()
        .resign(&caller_at(&h, bot_dm, ALICE, None))
        .await;
    h.settle_outcome(resigned, ALICE, None).await;
    let ledger = h.games.ledger();
    // (place, its match, who won there)
    let places = [(IN_SERVER, in_server, BOB), (IN_GROUP_DM, in_group, ALICE)];
    for (place, own, winner) in places {
        let c = caller_at(&h, place, CAROL, None);
        let board = text(
            &ledger
                .leaderboard(&c, board(BoardSort::Wins, Period::All), false)
                .await,
        );
        let first = board.lines().nth(1).unwrap_or_default();
        assert!(
            first.contains(&format!("**{}**", name_of(winner))) && first.contains("1 match, 1 won"),
            "{place:?}: {board}"
        );
        assert_eq!(board.matches("1 match,").count(), 2, "{place:?}: {board}");
        for who in [ALICE, BOB] {
            let stats = text(&ledger.stats(&c, Some(&user(who)), FormatFilter::Any).await);
            let won = u8::from(who == winner);
            assert!(
                stats.contains(&format!("Matches: 1 · won {won} · lost {}", 1 - won)),
                "{place:?}, {who}: {stats}"
            );
            let o = ledger
                .history(&c, Some(&user(who)), FormatFilter::Any)
                .await;
            let sheets: Vec<_> = o
                .said()
                .buttons()
                .filter_map(|b| match Press::decode(&b.id) {
                    Some(Press::Sheet(id)) => Some(id),
                    _ => None,
                })
                .collect();
            assert_eq!(sheets, [own], "{place:?}, {who}: {}", text(&o));
        }
        let mine = caller_at(&h, place, ALICE, None);
        assert_eq!(
            exported(&ledger.export(&mine, false, true, None).await),
            [own],
            "{place:?}"
        );
        // Its own match is known here (its replay, its sheet), the other place's is not.
        let other = if own == in_server {
            in_group
        } else {
            in_server
        };
        let replay = ledger.replay(&c, own, Some(0), None, false).await;
        assert!(
            matches!(replay.reply, Reply::Replay { .. }),
            "{place:?}: {}",
            text(&replay)
        );
        let sheet = h
            .press_as(
                caller_at(&h, place, ALICE, Some(1)),
                &Press::Sheet(own).encode(),
            )
            .await;
        assert!(
            text(&sheet).contains("Score sheet"),
            "{place:?}: {}",
            text(&sheet)
        );
        let replay = ledger.replay(&mine, other, Some(0), None, false).await;
        assert!(
            text(&replay).contains("do not know that match"),
            "{place:?}: {}",
            text(&replay)
        );
        let sheet = h
            .press_as(
                caller_at(&h, place, ALICE, Some(1)),
                &Press::Sheet(other).encode(),
            )
            .await;
        assert!(
            text(&sheet).contains("do not know that match"),
            "{place:?}: {}",
            text(&sheet)
        );
    }
    // The practice counts in the bot's DM alone (on no board: it was against the bot).
    let alone = caller_at(&h, bot_dm, ALICE, None);
    let stats = text(&ledger.stats(&alone, None, FormatFilter::Any).await);
    assert!(
        stats.contains("Matches: 1 · won 0 · lost 1 · win rate 0% · against the bot 1"),
        "{stats}"
    );
    let empty = text(
        &ledger
            .leaderboard(&alone, board(BoardSort::Net, Period::All), false)
            .await,
    );
    assert!(empty.contains("No matches count"), "{empty}");
    for place in [IN_SERVER, IN_GROUP_DM] {
        let c = caller_at(&h, place, ALICE, None);
        let stats = text(&ledger.stats(&c, None, FormatFilter::Any).await);
        assert!(stats.contains("against the bot 0"), "{place:?}: {stats}");
    }
    // Seasons and tournaments are a server's: a group DM's board refuses them, politely.
    let c = caller_at(&h, IN_GROUP_DM, ALICE, None);
    let seasons = h.games.seasons().find_season(&c, "1").await;
    let tournaments = h.games.tournaments().find_tournament(&c, "1").await;
    for refused in [seasons, tournaments] {
        let why = refused.expect_err("no seasons or tournaments in a group DM");
        let said = text(&gin::games::Outcome::refusal(why));
        assert!(
            said.contains("Seasons and tournaments are kept by servers"),
            "{said}"
        );
    }
    let a_season = BoardQuery {
        season: Some(1),
        ..board(BoardSort::Net, Period::All)
    };
    let said = text(&ledger.leaderboard(&c, a_season, true).await);
    assert!(
        said.contains("Seasons and tournaments are kept by servers"),
        "{said}"
    );
}

/// `/gin stats everywhere`: Alice's own figures over the server and the group DM she played
/// in, to her alone, naming neither and with no rating; asked from either place alike; never
/// someone else's.
#[tokio::test]
async fn stats_everywhere_is_the_callers_alone() {
    let h = Harness::new().await;
    played_in(&h, IN_SERVER, ALICE).await;
    played_in(&h, IN_GROUP_DM, BOB).await;
    let ledger = h.games.ledger();
    for place in [IN_SERVER, IN_GROUP_DM] {
        let alice = caller_at(&h, place, ALICE, None);
        for player in [None, Some(user(ALICE))] {
            let o = ledger
                .stats_everywhere(&alice, player.as_ref(), FormatFilter::Any)
                .await;
            let answer = h.answer(o);
            let Response::Ephemeral(m) = &answer.response else {
                panic!("to Alice alone: {:?}", answer.response)
            };
            let said = &m.content;
            assert!(
                said.contains("**Alice**, everywhere you played (2 servers and chats)"),
                "{said}"
            );
            assert!(said.contains("Matches: 2 · won 1 · lost 1"), "{said}");
            assert!(!said.contains("rating:"), "no rating: {said}");
            for id in [GUILD, CHANNEL, GROUP_DM] {
                assert!(!said.contains(&id.to_string()), "no place named: {said}");
            }
        }
        let bob = ledger
            .stats_everywhere(&alice, Some(&user(BOB)), FormatFilter::Any)
            .await;
        assert!(
            text(&bob).contains("Figures from everywhere are each player's own"),
            "{}",
            text(&bob)
        );
        // Here alone, in public, with the place's rating.
        let here = h.answer(ledger.stats(&alice, None, FormatFilter::Any).await);
        let Response::Public(m) = &here.response else {
            panic!("in public: {:?}", here.response)
        };
        assert!(
            m.content.contains("Matches: 1 ·") && m.content.contains("rating:"),
            "{}",
            m.content
        );
    }
    let carol = caller_at(&h, IN_GROUP_DM, CAROL, None);
    let none = text(
        &ledger
            .stats_everywhere(&carol, None, FormatFilter::Any)
            .await,
    );
    assert!(none.contains("Carol has no finished matches yet"), "{none}");
}
