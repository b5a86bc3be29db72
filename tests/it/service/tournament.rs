//! The tournament organizer through the game service: a crash between a round's last result
//! and the next pairing, and every kind of bad input answered with a clear refusal that
//! changes nothing.

use crate::support::fake_discord::FakeDiscord;
use crate::support::harness::{Harness, ALICE, BOB, CAROL, CHANNEL, DAVE, MALLORY};
use gin::discord::DiscordOut;
use gin::games::organizer::{FormatAsk, TournamentNote, TournamentRequest};
use gin::games::tournament::Tournament;
use gin::games::{Caller, GameChoice, GinChoice, Outcome, Refusal, Reply, UserRef};
use gin::store::{CancelCause, Reach, TournamentState};
use gin::ui::{Deliverer, Transport};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

fn ask(format: FormatAsk) -> TournamentRequest {
    TournamentRequest {
        name: "Spring Cup".into(),
        format,
        game: GameChoice::Gin(GinChoice::default()),
        target: Some(10),
        signup_minutes: 60,
        round_minutes: 60,
    }
}

fn refusal(o: &Outcome) -> Option<Refusal> {
    match o.reply {
        Reply::Refused(r) => Some(r),
        _ => None,
    }
}

fn user(id: u64) -> UserRef {
    UserRef {
        id,
        name: crate::support::people::name_of(id).into(),
        bot: false,
    }
}

/// The caller in another channel of the same server.
fn elsewhere(h: &Harness, user: u64, channel: u64) -> Caller {
    Caller {
        channel_id: channel,
        ..h.caller(user, None)
    }
}

/// A Swiss of Alice, Bob, Carol and Dave in sign-up: its id.
async fn signed_up(h: &Harness, players: &[u64]) -> i64 {
    let g = &h.games;
    let o = g
        .tournaments()
        .tournament_create(
            &h.caller(MALLORY, None),
            true,
            true,
            ask(FormatAsk::Swiss { rounds: Some(2) }),
        )
        .await;
    assert!(matches!(o.reply, Reply::Tournament { .. }), "{:?}", o.reply);
    for &p in players {
        let o = g
            .tournaments()
            .tournament_join(&h.caller(p, None), None, None)
            .await;
        assert!(
            matches!(o.reply, Reply::TournamentDone { .. }),
            "{:?}",
            o.reply
        );
    }
    g.db.tournaments()
        .open_tournament_in(CHANNEL)
        .await
        .unwrap()
        .unwrap()
        .id
}

async fn core(h: &Harness, id: i64) -> Tournament {
    let row = h
        .games
        .db
        .tournaments()
        .tournament(id)
        .await
        .unwrap()
        .unwrap();
    serde_json::from_str(&row.state_json.expect("started")).unwrap()
}

/// Carol challenges Dave, who accepts: a match of their own in the channel (its id).
async fn own_match(h: &Harness) -> i64 {
    let own = h.start(CAROL, &[DAVE]).await;
    let accept = crate::support::harness::button(own.response.msg(), |p| {
        matches!(p, gin::ui::ids::Press::Accept(_))
    })
    .unwrap();
    h.press(DAVE, 5000, &accept).await;
    h.games
        .db
        .matches()
        .active_match_for(CHANNEL, CAROL)
        .await
        .unwrap()
        .expect("Carol and Dave's match")
}

/// Plays a match to its end by the harness's policy.
async fn play_out(h: &Harness, match_id: i64) {
    for _ in 0..2_000 {
        if !h.play_turn(match_id).await {
            return;
        }
    }
    panic!("match {match_id} did not end");
}

/// The organizer's pass, with what it stored delivered.
async fn pass(h: &Harness) {
    pass_through(h, &h.deliverer).await
}

/// [`pass`] through any deliverer: the opened tables, the messages, the organizers' notes.
async fn pass_through<T: Transport>(h: &Harness, deliverer: &Arc<Deliverer<T>>) {
    let p = h.games.tournaments().run_tournaments().await;
    for d in p.deliveries {
        deliverer.deliver(d).await;
    }
    for s in p.shows {
        deliverer.show_tournament(s).await;
    }
    for n in p.notes {
        deliverer.tell_organizer(n).await;
    }
}

/// A deliverer that sends through serenity to the fake Discord.
fn through_discord(h: &Harness, fake: &FakeDiscord) -> Arc<Deliverer<DiscordOut>> {
    let http = serenity::HttpBuilder::new(fake.token())
        .proxy(fake.http_url())
        .ratelimiter_disabled(true)
        .build();
    Deliverer::new(h.games.clone(), DiscordOut::new(Arc::new(http)))
}

/// The event's channel answers 403 Missing Access to everything (the bot lost it): over 20
/// organizer passes and a restart, the channel gets one request, the event is called off,
/// and its organizer gets one private note saying why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_channel_is_tried_once_and_its_organizer_told_once() {
    let h = Harness::new().await;
    let id = signed_up(&h, &[ALICE]).await;
    h.games
        .db
        .tournaments()
        .tournament_message_created(id, 4242)
        .await
        .unwrap();
    let fake = FakeDiscord::start().await;
    fake.deny_channel(CHANNEL);
    let discord = through_discord(&h, &fake);
    // A sign-up after the message was shown: the message is behind, and the pass shows it.
    h.games
        .tournaments()
        .tournament_join(&h.caller(BOB, None), None, None)
        .await;
    for _ in 0..20 {
        pass_through(&h, &discord).await;
        h.advance(60);
    }
    let in_channel = |fake: &FakeDiscord| {
        let prefix = format!("/channels/{CHANNEL}/");
        fake.requests()
            .iter()
            .filter(|r| r.path.starts_with(&prefix))
            .count()
    };
    assert_eq!(
        in_channel(&fake),
        1,
        "one refused request, then nothing: {:?}",
        fake.requests()
    );
    let row = h
        .games
        .db
        .tournaments()
        .tournament(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, TournamentState::Cancelled);
    assert_eq!(row.cancel_cause, Some(CancelCause::ChannelLost));
    assert_eq!(row.reach, Reach::Told);
    let dm = fake.dm_channel_of(MALLORY).expect("the organizer's DM");
    let notes = fake.messages_in(dm);
    assert_eq!(notes.len(), 1, "told once");
    let note = &notes[0].content;
    assert!(
        note.contains("Spring Cup")
            && note.contains("called off")
            && note.contains(&format!("<#{CHANNEL}>")),
        "{note}"
    );
    // A restart tries neither the channel nor the organizer again.
    let before = fake.requests().len();
    let h = h.restart().await;
    let discord = through_discord(&h, &fake);
    for _ in 0..5 {
        pass_through(&h, &discord).await;
    }
    assert_eq!(
        fake.requests().len(),
        before,
        "{:?}",
        &fake.requests()[before..]
    );
    fake.assert_no_violations();
}

/// A moderator who calls an event off during sign-up (one entrant so far) is named as the
/// reason: not a field too small.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderators_cancel_during_sign_up_is_announced_as_theirs() {
    let h = Harness::new().await;
    let id = signed_up(&h, &[ALICE]).await;
    h.games
        .db
        .tournaments()
        .tournament_message_created(id, 4242)
        .await
        .unwrap();
    let o = h
        .games
        .tournaments()
        .tournament_cancel(&h.caller(MALLORY, None), true)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    pass(&h).await;
    let by_moderator = h.sent_count(|s| {
        !s.edit
            && s.msg.content.contains("Spring Cup")
            && s.msg.content.contains("cancelled by a moderator")
    });
    let too_few = h.sent_count(|s| s.msg.content.contains("fewer than two"));
    assert_eq!((by_moderator, too_few), (1, 0));
    // Sign-up closing with one entrant is still announced as too few.
    let h = Harness::new().await;
    let id = signed_up(&h, &[ALICE]).await;
    h.games
        .db
        .tournaments()
        .tournament_message_created(id, 4242)
        .await
        .unwrap();
    h.advance(61 * 60);
    pass(&h).await;
    pass(&h).await;
    assert_eq!(
        h.sent_count(|s| s.msg.content.contains("fewer than two")),
        1
    );
}

/// The process dies after a round's last result was stored and before the next round was
/// paired: after the restart, two passes at once pair that round once and open its match
/// once, and every acknowledged move of the first round is still there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_before_the_pairing_pairs_the_next_round_exactly_once() {
    let h = Harness::new().await;
    let id = signed_up(&h, &[ALICE, BOB, CAROL, DAVE]).await;
    let o = h
        .games
        .tournaments()
        .tournament_start(&h.caller(MALLORY, None), true)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    pass(&h).await;
    let first: Vec<i64> = h
        .games
        .db
        .tournaments()
        .tournament_matches_in_play(id)
        .await
        .unwrap();
    assert_eq!(first.len(), 2);
    for &m in &first {
        play_out(&h, m).await;
    }
    let mut moves = Vec::new();
    for &m in &first {
        moves.push(h.games.db.matches().match_actions(m).await.unwrap());
    }
    // Nothing ran the organizer since (no loop in the harness): the round is complete and
    // the next one unpaired, as a crash would leave it.
    assert_eq!(core(&h, id).await.rounds().len(), 1);
    let h = h.restart().await;
    let tournaments = h.games.tournaments();
    let (a, b) = tokio::join!(tournaments.run_tournaments(), tournaments.run_tournaments());
    for d in a.deliveries.into_iter().chain(b.deliveries) {
        h.deliverer.deliver(d).await;
    }
    pass(&h).await;
    let event = core(&h, id).await;
    assert_eq!(event.rounds().len(), 2, "round 2 paired");
    assert!(event.rounds()[0].is_complete());
    let tables = h.games.db.tournaments().round_tables(id, 2).await.unwrap();
    assert_eq!(tables.len(), 2, "two tables, paired once");
    let second = h
        .games
        .db
        .tournaments()
        .tournament_matches_in_play(id)
        .await
        .unwrap();
    assert_eq!(second.len(), 2, "each opened once");
    assert!(second.iter().all(|m| !first.contains(m)));
    for (k, &m) in first.iter().enumerate() {
        assert_eq!(
            h.games.db.matches().match_actions(m).await.unwrap(),
            moves[k]
        );
    }
    // The ledger marks the event's matches: the history, the export and the board's filter.
    let g = &h.games;
    let alice = h.caller(ALICE, None);
    let history = g
        .ledger()
        .history(&alice, None, gin::games::ledger::FormatFilter::Any)
        .await;
    let history = h.answer(history);
    let text = &history.response.msg().content;
    assert!(text.contains("Spring Cup, round 1"), "{text}");
    let export = g.ledger().export(&alice, false, true, None).await;
    let Reply::Export(file) = &export.reply else {
        panic!("{:?}", export.reply)
    };
    let lines: Vec<&str> = file.csv.lines().collect();
    assert!(lines[0].ends_with(",tournament,round"), "{}", lines[0]);
    assert!(
        lines[1..].iter().all(|l| l.ends_with(",Spring Cup,1")),
        "{lines:?}"
    );
    let id_text = id.to_string();
    assert_eq!(
        g.tournaments().find_tournament(&alice, "spring cup").await,
        Ok(id)
    );
    assert_eq!(
        g.tournaments().find_tournament(&alice, &id_text).await,
        Ok(id)
    );
    assert_eq!(
        g.tournaments().find_tournament(&alice, "Autumn Cup").await,
        Err(Refusal::NoSuchTournament)
    );
    let q = gin::games::ledger::BoardQuery {
        sort: gin::games::BoardSort::Net,
        period: gin::games::ledger::Period::All,
        format: gin::games::ledger::FormatFilter::Any,
        page: 0,
        season: None,
        tournament: Some(id),
    };
    let board = g.ledger().leaderboard(&alice, q, false).await;
    let Reply::Leaderboard { rows, .. } = &board.reply else {
        panic!("{:?}", board.reply)
    };
    assert_eq!(rows.len(), 4, "the four entrants");
    let text = h.answer(board).response.msg().content.clone();
    assert!(text.contains("Tournament: Spring Cup"), "{text}");

    // Another pass finds nothing more to do.
    pass(&h).await;
    assert_eq!(core(&h, id).await.rounds().len(), 2);
    assert_eq!(
        h.games
            .db
            .tournaments()
            .tournament_matches_in_play(id)
            .await
            .unwrap(),
        second
    );
}

/// Bad input at every step: a clear refusal, nothing changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_and_changes_nothing() {
    let h = Harness::new().await;
    let g = &h.games;
    let m = h.caller(MALLORY, None);
    let tournaments = g.tournaments();
    let create =
        |moderator, can_post, ask| tournaments.tournament_create(&m, moderator, can_post, ask);
    let swiss = FormatAsk::Swiss { rounds: Some(2) };
    assert_eq!(
        refusal(&create(false, true, ask(swiss)).await),
        Some(Refusal::ModeratorsOnly)
    );
    assert_eq!(
        refusal(&create(true, false, ask(swiss)).await),
        Some(Refusal::CannotPostHere)
    );
    let long = TournamentRequest {
        name: "x".repeat(61),
        ..ask(swiss)
    };
    assert_eq!(
        refusal(&create(true, true, long).await),
        Some(Refusal::TournamentName)
    );
    let rounds = ask(FormatAsk::Swiss { rounds: Some(31) });
    assert_eq!(
        refusal(&create(true, true, rounds).await),
        Some(Refusal::SwissRounds)
    );
    let slow = TournamentRequest {
        round_minutes: 1,
        ..ask(swiss)
    };
    assert_eq!(
        refusal(&create(true, true, slow).await),
        Some(Refusal::TournamentTimes)
    );
    assert!(g
        .db
        .tournaments()
        .open_tournament_in(CHANNEL)
        .await
        .unwrap()
        .is_none());

    // Carol and Dave are in a match of their own in the channel when the event starts.
    own_match(&h).await;
    let private =
        g.db.matches()
            .active_match_for(CHANNEL, CAROL)
            .await
            .unwrap()
            .unwrap();

    let id = signed_up(&h, &[ALICE, BOB, CAROL, DAVE]).await;
    assert_eq!(
        refusal(&create(true, true, ask(swiss)).await),
        Some(Refusal::TournamentExists),
        "one open event per channel"
    );
    let entries = g.db.tournaments().entries(id).await.unwrap();
    let join = g
        .tournaments()
        .tournament_join(&h.caller(ALICE, None), None, None)
        .await;
    assert_eq!(refusal(&join), Some(Refusal::AlreadyEntered));
    let join = g
        .tournaments()
        .tournament_join(&h.caller(MALLORY, None), Some(&user(BOB)), None)
        .await;
    assert_eq!(refusal(&join), Some(Refusal::PartnerNotWanted));
    let leave = g
        .tournaments()
        .tournament_leave(&h.caller(MALLORY, None), None)
        .await;
    assert_eq!(refusal(&leave), Some(Refusal::NotEntered));
    // A button of this event pressed in another channel names nothing there.
    let forged = g
        .tournaments()
        .tournament_join(&elsewhere(&h, MALLORY, CHANNEL + 1), None, Some(id))
        .await;
    assert_eq!(refusal(&forged), Some(Refusal::UnknownButton));
    let start = g
        .tournaments()
        .tournament_start(&h.caller(ALICE, None), false)
        .await;
    assert_eq!(refusal(&start), Some(Refusal::ModeratorsOnly));
    let dq = g
        .tournaments()
        .tournament_disqualify(&m, true, &user(ALICE))
        .await;
    assert_eq!(refusal(&dq), Some(Refusal::TournamentNotRunning));
    assert_eq!(g.db.tournaments().entries(id).await.unwrap(), entries);

    // A team event elsewhere: a partner is needed, and not oneself.
    let teams = TournamentRequest {
        game: GameChoice::Partnership(GinChoice::default()),
        ..ask(FormatAsk::Knockout)
    };
    let other = elsewhere(&h, MALLORY, CHANNEL + 1);
    let o = g
        .tournaments()
        .tournament_create(&other, true, true, teams)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    let alone = g
        .tournaments()
        .tournament_join(&elsewhere(&h, ALICE, CHANNEL + 1), None, None)
        .await;
    assert_eq!(refusal(&alone), Some(Refusal::PartnerNeeded));
    let me = g
        .tournaments()
        .tournament_join(&elsewhere(&h, ALICE, CHANNEL + 1), Some(&user(ALICE)), None)
        .await;
    assert_eq!(refusal(&me), Some(Refusal::SelfChallenge));
    let pair = g
        .tournaments()
        .tournament_join(&elsewhere(&h, ALICE, CHANNEL + 1), Some(&user(CAROL)), None)
        .await;
    assert!(refusal(&pair).is_none(), "{:?}", pair.reply);
    let again = g
        .tournaments()
        .tournament_join(&elsewhere(&h, CAROL, CHANNEL + 1), Some(&user(DAVE)), None)
        .await;
    assert_eq!(
        refusal(&again),
        Some(Refusal::AlreadyEntered),
        "Carol is in a team"
    );

    // The start: Carol and Dave's table waits for their own match to end.
    let o = g.tournaments().tournament_start(&m, true).await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    pass(&h).await;
    // Round 1 pairs the top half with the bottom half: Carol and Dave sit at both tables.
    assert_eq!(
        g.db.tournaments().round_tables(id, 1).await.unwrap().len(),
        2
    );
    let in_play =
        g.db.tournaments()
            .tournament_matches_in_play(id)
            .await
            .unwrap();
    assert!(in_play.is_empty(), "both tables wait: {in_play:?}");
    let late = g
        .tournaments()
        .tournament_join(&h.caller(MALLORY, None), None, None)
        .await;
    assert_eq!(refusal(&late), Some(Refusal::SignUpClosed));
    let leave = g
        .tournaments()
        .tournament_leave(&h.caller(ALICE, None), None)
        .await;
    assert_eq!(refusal(&leave), Some(Refusal::SignUpClosed));
    // Entrants are busy in the channel while the event runs.
    let busy = g
        .challenges()
        .start(
            &h.caller(ALICE, None),
            &[user(MALLORY)],
            GameChoice::Gin(GinChoice::default()),
            None,
        )
        .await;
    assert_eq!(refusal(&busy), Some(Refusal::YouBusy));
    // A tournament match is not the moderators' /ginmod cancel's.
    // Carol resigns her own match: the waiting tables open at the next pass.
    let o = g.matches().resign(&h.caller(CAROL, None)).await;
    h.settle_outcome(o, CAROL, None).await;
    assert!(
        g.db.matches()
            .active_match_for(CHANNEL, CAROL)
            .await
            .unwrap()
            != Some(private)
    );
    pass(&h).await;
    let in_play =
        g.db.tournaments()
            .tournament_matches_in_play(id)
            .await
            .unwrap();
    assert_eq!(in_play.len(), 2);
    // A tournament match is not the moderators' /ginmod cancel's.
    let cancel = g.ledger().cancel(&m, true, Some(&user(ALICE))).await;
    assert_eq!(refusal(&cancel), Some(Refusal::TournamentMatch));
    assert_eq!(
        g.db.tournaments()
            .tournament_matches_in_play(id)
            .await
            .unwrap(),
        in_play
    );

    // A moderator calls it off mid-round: the event is cancelled and its matches with it.
    let o = g
        .tournaments()
        .tournament_cancel(&h.caller(ALICE, None), false)
        .await;
    assert_eq!(refusal(&o), Some(Refusal::ModeratorsOnly));
    let o = g.tournaments().tournament_cancel(&m, true).await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    pass(&h).await;
    let row = g.db.tournaments().tournament(id).await.unwrap().unwrap();
    assert_eq!(row.status, TournamentState::Cancelled);
    assert!(g
        .db
        .tournaments()
        .tournament_matches_in_play(id)
        .await
        .unwrap()
        .is_empty());
    assert!(!g
        .db
        .challenges()
        .busy_in_channel(CHANNEL, ALICE)
        .await
        .unwrap());
    // The standings of the last event here stay at hand.
    let o = g
        .tournaments()
        .tournament_standings(&h.caller(ALICE, None))
        .await;
    assert!(
        matches!(&o.reply, Reply::Standings(s) if s.stage == TournamentState::Cancelled),
        "{:?}",
        o.reply
    );
    let o = g
        .tournaments()
        .tournament_standings(&elsewhere(&h, ALICE, CHANNEL + 2))
        .await;
    assert_eq!(refusal(&o), Some(Refusal::NoTournamentHere));
    // The channel may hold a new event.
    let o = create(true, true, ask(swiss)).await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
}

/// A team event: partners sign up together as one entrant, and their match seats them
/// opposite each other (seats 0 and 2 against 1 and 3), in the team mode asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_team_event_seats_partners_opposite() {
    let h = Harness::new().await;
    let g = &h.games;
    let teams = TournamentRequest {
        game: GameChoice::Team(GinChoice::default()),
        ..ask(FormatAsk::Knockout)
    };
    let o = g
        .tournaments()
        .tournament_create(&h.caller(MALLORY, None), true, true, teams)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    let note = |o: &Outcome| match &o.reply {
        Reply::TournamentDone { note, .. } => note.clone(),
        other => panic!("{other:?}"),
    };
    // A team is entered once the partner confirms: nobody is signed up by someone else.
    for (p, partner) in [(ALICE, CAROL), (BOB, DAVE)] {
        let o = g
            .tournaments()
            .tournament_join(&h.caller(p, None), Some(&user(partner)), None)
            .await;
        assert!(
            matches!(note(&o), TournamentNote::AwaitingPartner { partner: q, .. } if q == partner),
            "{:?}",
            o.reply
        );
    }
    let id =
        g.db.tournaments()
            .open_tournament_in(CHANNEL)
            .await
            .unwrap()
            .unwrap()
            .id;
    assert!(g
        .db
        .tournaments()
        .entries(id)
        .await
        .unwrap()
        .iter()
        .all(|e| e.awaiting_partner));
    let o = g
        .tournaments()
        .tournament_leave(&h.caller(DAVE, None), None)
        .await;
    assert!(
        refusal(&o).is_none(),
        "a partner may withdraw the team: {:?}",
        o.reply
    );
    let o = g
        .tournaments()
        .tournament_join(&h.caller(DAVE, None), Some(&user(BOB)), None)
        .await;
    assert!(matches!(note(&o), TournamentNote::AwaitingPartner { .. }));
    // Carol confirms by joining (naming no one); Bob by naming Dave.
    let o = g
        .tournaments()
        .tournament_join(&h.caller(CAROL, None), None, None)
        .await;
    assert!(
        matches!(note(&o), TournamentNote::Confirmed { .. }),
        "{:?}",
        o.reply
    );
    let o = g
        .tournaments()
        .tournament_join(&h.caller(BOB, None), Some(&user(DAVE)), None)
        .await;
    assert!(
        matches!(note(&o), TournamentNote::Confirmed { .. }),
        "{:?}",
        o.reply
    );
    let entries = g.db.tournaments().entries(id).await.unwrap();
    assert_eq!(entries.len(), 2, "two teams");
    assert!(entries.iter().all(|e| !e.awaiting_partner));
    let o = g
        .tournaments()
        .tournament_start(&h.caller(MALLORY, None), true)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    pass(&h).await;
    let matches =
        g.db.tournaments()
            .tournament_matches_in_play(id)
            .await
            .unwrap();
    assert_eq!(matches.len(), 1);
    let row =
        g.db.matches()
            .load_match(matches[0])
            .await
            .unwrap()
            .unwrap();
    assert_eq!(row.format, gin::store::Format::parse("team").unwrap());
    let seats: Vec<u64> = row.players.iter().map(|p| p.0).collect();
    let (a, b) = (seats[0], seats[1]);
    let partner = |u| match u {
        ALICE => CAROL,
        CAROL => ALICE,
        BOB => DAVE,
        _ => BOB,
    };
    assert_eq!(seats[2], partner(a), "{seats:?}");
    assert_eq!(seats[3], partner(b), "{seats:?}");
    // A resignation ends it for the team: the other team wins the event.
    let loser = a;
    let o = g.matches().resign(&h.caller(loser, None)).await;
    h.settle_outcome(o, loser, None).await;
    pass(&h).await;
    let row = g.db.tournaments().tournament(id).await.unwrap().unwrap();
    assert_eq!(row.status, TournamentState::Finished);
    let event = core(&h, id).await;
    let champion = event.standings()[0].entrant;
    let entries = g.db.tournaments().entries(id).await.unwrap();
    let winner = entries.iter().find(|e| e.id as u64 == champion.0).unwrap();
    assert!(winner.user.0 == b || winner.partner.as_ref().is_some_and(|p| p.0 == b));
}

/// A table whose player is still in another match in the channel waits; past the round's
/// deadline it is decided as that player's forfeit, and the event goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_waiting_past_the_deadline_is_a_forfeit() {
    let h = Harness::new().await;
    let g = &h.games;
    own_match(&h).await;
    let id = signed_up(&h, &[ALICE, BOB, CAROL, DAVE]).await;
    let o = g
        .tournaments()
        .tournament_start(&h.caller(MALLORY, None), true)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    pass(&h).await;
    assert!(g
        .db
        .tournaments()
        .tournament_matches_in_play(id)
        .await
        .unwrap()
        .is_empty());
    // Before the deadline nothing is decided.
    h.advance(59 * 60);
    pass(&h).await;
    assert!(!core(&h, id).await.rounds()[0].is_complete());
    h.advance(2 * 60);
    pass(&h).await;
    let event = core(&h, id).await;
    let first = &event.rounds()[0];
    assert!(first.is_complete(), "{first:?}");
    let entries = g.db.tournaments().entries(id).await.unwrap();
    let user_of = |e: gin::games::tournament::EntrantId| {
        entries.iter().find(|x| x.id as u64 == e.0).unwrap().user.0
    };
    for p in &first.pairings {
        let winner = user_of(p.winner().unwrap());
        assert!(
            [ALICE, BOB].contains(&winner),
            "the free players win: {first:?}"
        );
        assert!(matches!(
            p,
            gin::games::tournament::Pairing::Match {
                decision: Some(gin::games::tournament::Decision {
                    finish: gin::games::tournament::Finish::Forfeit,
                    ..
                }),
                ..
            }
        ));
    }
    // Round 2: Alice and Bob's table opens (Carol and Dave's waits on).
    assert_eq!(event.rounds().len(), 2);
    let open =
        g.db.tournaments()
            .tournament_matches_in_play(id)
            .await
            .unwrap();
    assert_eq!(open.len(), 1);
    let row = g.db.matches().load_match(open[0]).await.unwrap().unwrap();
    let players: Vec<u64> = row.players.iter().map(|p| p.0).collect();
    assert!(
        players.contains(&ALICE) && players.contains(&BOB),
        "{players:?}"
    );
    assert_eq!(row.event.unwrap().round, 2);
}

/// Two processes share the database on different shards: only the one whose shards hold the
/// event's server takes its steps (its sign-up closing, here), whatever the other's passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_process_of_the_events_server_runs_it() {
    let h = Harness::new().await;
    let id = signed_up(&h, &[ALICE, BOB]).await;
    // The other half of the shards: the server (id 600) is shard 0 of 2.
    let theirs: gin::store::Shards = "1-1/2".parse().unwrap();
    let other = gin::games::Games::new(
        h.games.db.clone().owning(theirs),
        crate::support::harness::test_config(),
        h.games.clock.clone(),
        gin::discord::HAND_TOKEN_SECONDS,
    );
    h.advance(61 * 60);
    let pass = other.tournaments().run_tournaments().await;
    assert!(pass.shows.is_empty() && pass.deliveries.is_empty());
    let row = h
        .games
        .db
        .tournaments()
        .tournament(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, TournamentState::SignUp, "not its server");
    let mine: gin::store::Shards = "0-0/2".parse().unwrap();
    let ours = gin::games::Games::new(
        h.games.db.clone().owning(mine),
        crate::support::harness::test_config(),
        h.games.clock.clone(),
        gin::discord::HAND_TOKEN_SECONDS,
    );
    ours.tournaments().run_tournaments().await;
    let row = h
        .games
        .db
        .tournaments()
        .tournament(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        row.status,
        TournamentState::Running,
        "started at its sign-up deadline"
    );
    assert_eq!(core(&h, id).await.rounds().len(), 1);
}

/// A round robin of four, Straight Gin: three rounds by the circle method, every pair meets
/// once, every match is played by presses, and the event finishes with standings that
/// follow the results.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_straight_gin_meets_every_pair_once() {
    let h = Harness::new().await;
    let g = &h.games;
    let straight = TournamentRequest {
        game: GameChoice::Gin(GinChoice {
            straight: true,
            ..GinChoice::default()
        }),
        ..ask(FormatAsk::RoundRobin)
    };
    let o = g
        .tournaments()
        .tournament_create(&h.caller(MALLORY, None), true, true, straight)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    for p in [ALICE, BOB, CAROL, DAVE] {
        let o = g
            .tournaments()
            .tournament_join(&h.caller(p, None), None, None)
            .await;
        assert!(refusal(&o).is_none(), "{:?}", o.reply);
    }
    let id =
        g.db.tournaments()
            .open_tournament_in(CHANNEL)
            .await
            .unwrap()
            .unwrap()
            .id;
    let o = g
        .tournaments()
        .tournament_start(&h.caller(MALLORY, None), true)
        .await;
    assert!(refusal(&o).is_none(), "{:?}", o.reply);
    for round in 1..=3 {
        pass(&h).await;
        let matches =
            g.db.tournaments()
                .tournament_matches_in_play(id)
                .await
                .unwrap();
        assert_eq!(matches.len(), 2, "round {round}: two tables");
        for m in matches {
            let live = g.snapshot(m).await.unwrap();
            let gin::games::RulesOf::Gin(rules) = live.rules() else {
                panic!("a Gin match")
            };
            assert_eq!(rules.knock_limit, 0, "Straight Gin");
            play_out(&h, m).await;
        }
    }
    pass(&h).await;
    let row = g.db.tournaments().tournament(id).await.unwrap().unwrap();
    assert_eq!(row.status, TournamentState::Finished);
    let event = core(&h, id).await;
    let mut met = std::collections::BTreeSet::new();
    for p in event.rounds().iter().flat_map(|r| &r.pairings) {
        if let gin::games::tournament::Pairing::Match { first, second, .. } = *p {
            assert!(met.insert((first.min(second), first.max(second))));
        }
    }
    assert_eq!(met.len(), 6, "every pair of four once");
    let standings = event.standings();
    let wins: u32 = standings.iter().map(|s| s.points).sum();
    assert_eq!(wins, 6, "one win per match");
    assert!(standings.windows(2).all(|w| w[0].points >= w[1].points));
}
