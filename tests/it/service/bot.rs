//! The bot's handlers against the real engine and a real SQLite file: whole matches, restarts,
//! stale and double presses, refusals, timers.

use crate::support::fake_discord::acts::act_press;
use crate::support::harness::*;
use gin::engine::{Match, MatchStatus};
use gin::games::Via;
use gin::ui::ids::Press;
use gin::ui::model::Response;

/// Plays the match to its end; returns the number of turns played.
async fn play_out(h: &Harness, id: i64) -> usize {
    let mut turns = 0;
    while h.play_turn(id).await {
        turns += 1;
        assert!(turns < 5_000, "the match ends");
        assert_no_hidden_card_in_public(h, id).await;
    }
    turns
}

/// The last public table message must not show any card hidden in a player's hand.
async fn assert_no_hidden_card_in_public(h: &Harness, id: i64) {
    let live = h.games.snapshot(id).await.unwrap();
    if !live.is_active() {
        return;
    }
    let hand = &live.game.as_match::<gin::engine::Match>().unwrap().hand;
    let hidden: Vec<String> = (0..2)
        .flat_map(|i| gin::engine::CardSet(hand.hands[i].0 & !hand.known[i].0).iter())
        .flat_map(|c| rendered([c]))
        .collect();
    let sent = h.out.sent.lock().unwrap();
    let tables = sent
        .iter()
        .rev()
        .filter(|s| s.msg.content.contains("**Gin Rummy**"))
        .take(1);
    for s in tables {
        for card in &hidden {
            assert!(
                !s.msg.content.contains(card.as_str()),
                "hidden {card} in {}",
                s.msg.content
            );
        }
    }
}

#[tokio::test]
async fn a_whole_match_from_start_to_settlement_through_the_handlers() {
    let h = Harness::new().await;
    let challenge = h.start(ALICE, &[BOB]).await;
    let Response::Public(msg) = &challenge.response else {
        panic!("public challenge")
    };
    assert!(
        msg.content.contains("<@1001> challenges <@1002>"),
        "{}",
        msg.content
    );
    assert_eq!(msg.mentions, vec![BOB]);
    let id = h.new_match_after(&challenge).await;
    let turns = play_out(&h, id).await;
    assert!(turns > 10);

    let live = h.games.snapshot(id).await.unwrap();
    let MatchStatus::Finished(s) = &live.game.as_match::<gin::engine::Match>().unwrap().status
    else {
        panic!("finished")
    };
    let (status, players) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "finished");
    for (seat, final_total, net, won) in players {
        assert_eq!(final_total, s.finals[seat as usize] as i64);
        assert_eq!(net, s.net[seat as usize]);
        assert_eq!(won, s.winner == seat);
    }
    assert!(
        s.totals[s.winner as usize]
            >= live
                .game
                .as_match::<gin::engine::Match>()
                .unwrap()
                .rules
                .target
    );
    let hands = h.games.db.matches().match_hands(id).await.unwrap();
    assert_eq!(
        hands.len(),
        live.game
            .as_match::<gin::engine::Match>()
            .unwrap()
            .history
            .len()
    );
    let points: i64 = hands.iter().map(|h| h.2).sum();
    assert_eq!(points, s.totals.iter().map(|&t| t as i64).sum::<i64>());

    // The log replays to the same state.
    let log: Vec<gin::engine::MatchEvent> = h
        .games
        .db
        .matches()
        .match_actions(id)
        .await
        .unwrap()
        .iter()
        .map(|(_, e)| serde_json::from_str(e).unwrap())
        .collect();
    let mut replayed = Match::replay(
        live.game
            .as_match::<gin::engine::Match>()
            .unwrap()
            .rules
            .clone(),
        2,
        live.game.seed(),
        &log,
    )
    .unwrap();
    replayed.clear_log();
    assert_eq!(
        &replayed,
        live.game.as_match::<gin::engine::Match>().unwrap()
    );

    // Showdowns and the match end were posted publicly.
    let sent = h.out.sent.lock().unwrap();
    assert!(sent
        .iter()
        .any(|s| s.msg.content.contains("wins the match")));
    let showdowns = sent
        .iter()
        .filter(|s| s.msg.content.contains("Shuffle seed"))
        .count();
    assert_eq!(
        showdowns,
        live.game
            .as_match::<gin::engine::Match>()
            .unwrap()
            .history
            .len()
    );
    for s in sent.iter() {
        check_limits(&s.msg);
    }
}

impl Harness {
    async fn new_match_after(&self, challenge: &gin::ui::Answer) -> i64 {
        let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
        let table = self.press(BOB, 5000, &accept).await;
        let Response::Update(t) = &table.response else {
            panic!("the challenge becomes the table")
        };
        assert!(t.content.contains("**Gin Rummy**"));
        self.games
            .db
            .matches()
            .active_match_for(CHANNEL, ALICE)
            .await
            .unwrap()
            .unwrap()
    }
}

#[tokio::test]
async fn a_restart_mid_hand_continues_to_the_same_result() {
    // Uninterrupted run.
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    play_out(&h, id).await;
    let expected = h.games.snapshot(id).await.unwrap().game;

    // The same seed, restarted after 7 turns, old buttons pressed afterwards.
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    for _ in 0..7 {
        assert!(h.play_turn(id).await);
    }
    let live = h.games.snapshot(id).await.unwrap();
    let seat = live.game.to_act().unwrap();
    let user = live.users[seat as usize];
    h.press(user, 1, &Press::Hand(id).encode()).await;
    let h = h.restart().await;
    let reloaded = h.games.snapshot(id).await.unwrap();
    assert_eq!(reloaded.game, live.game, "nothing acknowledged is lost");
    assert_eq!(reloaded.version, live.version);
    play_out(&h, id).await;
    let finished = h.games.snapshot(id).await.unwrap().game;
    assert_eq!(finished, expected);
}

#[tokio::test]
async fn buttons_of_the_old_messages_work_after_a_restart() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let (_, user, pass) = h.mover_pass(id).await;
    let h = h.restart().await;
    let after = h.press(user, 1, &pass).await;
    assert!(matches!(after.response, Response::Update(_)));
    assert_eq!(
        h.games.snapshot(id).await.unwrap().version,
        1,
        "the pre-restart button applied"
    );
}

#[tokio::test]
async fn a_stale_button_refreshes_the_hand_instead_of_acting() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let (_, user, pass) = h.mover_pass(id).await;
    h.press(user, 1, &pass).await;
    let before = h.games.snapshot(id).await.unwrap();
    let again = h.press(user, 1, &pass).await;
    let Response::Update(m) = &again.response else {
        panic!("update")
    };
    assert!(m.content.contains("earlier moment"), "{}", m.content);
    let after = h.games.snapshot(id).await.unwrap();
    assert_eq!((after.version, after.game), (before.version, before.game));
}

#[tokio::test]
async fn two_presses_of_one_button_apply_once() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let (_, user, pass) = h.mover_pass(id).await;
    let caller = h.caller(user, Some(1));
    let presses: Vec<_> = (0..20)
        .map(|_| gin::ui::press(&h.games, &caller, &pass))
        .collect();
    let outcomes = futures_join_all(presses).await;
    assert_eq!(outcomes.len(), 20);
    assert_eq!(h.games.snapshot(id).await.unwrap().version, 1);
    assert_eq!(
        h.games.db.matches().match_actions(id).await.unwrap().len(),
        1
    );
}

async fn futures_join_all<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output>
where
    F::Output: Send + 'static,
{
    let mut out = Vec::new();
    let pinned: Vec<_> = futures.into_iter().map(Box::pin).collect();
    // Poll them together: each press waits on the same match lock.
    let mut set = pinned;
    while !set.is_empty() {
        let (r, _, rest) = select_first(set).await;
        out.push(r);
        set = rest;
    }
    out
}

async fn select_first<F: std::future::Future + Unpin>(
    mut futures: Vec<F>,
) -> (F::Output, usize, Vec<F>) {
    std::future::poll_fn(move |cx| {
        for i in 0..futures.len() {
            if let std::task::Poll::Ready(v) = std::pin::Pin::new(&mut futures[i]).poll(cx) {
                let rest: Vec<F> = std::mem::take(&mut futures)
                    .into_iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, f)| f)
                    .collect();
                return std::task::Poll::Ready((v, i, rest));
            }
        }
        std::task::Poll::Pending
    })
    .await
}

#[tokio::test]
async fn a_non_players_press_is_refused_and_changes_nothing() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let (live, mover, pass) = h.mover_pass(id).await;
    for id_ in [pass.as_str(), &Press::Hand(id).encode()] {
        let o = h.press(MALLORY, 1, id_).await;
        let Response::Ephemeral(m) = &o.response else {
            panic!("ephemeral refusal")
        };
        assert!(m.content.contains("not playing"), "{}", m.content);
        assert!(o.deliveries.is_empty());
    }
    // The opponent pressing the mover's button is refused too.
    let other = if live.users[0] == mover {
        live.users[1]
    } else {
        live.users[0]
    };
    let o = h.press(other, 1, &pass).await;
    let m = o.response.msg();
    assert!(m.content.contains("not your turn"), "{}", m.content);
    let after = h.games.snapshot(id).await.unwrap();
    assert_eq!((after.version, after.game), (live.version, live.game));
}

#[tokio::test]
async fn forged_and_unknown_buttons_get_a_friendly_refusal() {
    let h = Harness::new().await;
    for id in [
        "",
        "gin:a:999:0:pass",
        "gin:hand:424242",
        "gin:acc:77",
        "random-junk",
        "gin:a:1:0:d-ZZ",
    ] {
        let o = h.press(ALICE, 1, id).await;
        let Response::Ephemeral(m) = &o.response else {
            panic!("ephemeral for {id}")
        };
        assert!(!m.content.is_empty());
    }
    assert_eq!(
        h.games.live_count(),
        0,
        "unknown match ids leave nothing in memory"
    );
}

#[tokio::test]
async fn challenge_refusals_decline_and_expiry() {
    let h = Harness::new().await;
    let o = h.start(ALICE, &[ALICE]).await;
    assert!(o
        .response
        .msg()
        .content
        .contains("cannot challenge yourself"));
    let bot = gin::games::UserRef {
        id: 9,
        name: "Robot".into(),
        bot: true,
    };
    let o = h.answer(
        h.games
            .challenges()
            .start(
                &h.caller(ALICE, None),
                &[bot],
                gin::games::GameChoice::Gin(Default::default()),
                None,
            )
            .await,
    );
    assert!(o.response.msg().content.contains("Bots"));
    let o = h.answer(
        h.games
            .challenges()
            .start(
                &h.caller(ALICE, None),
                &[gin::games::UserRef {
                    id: BOB,
                    name: "Bob".into(),
                    bot: false,
                }],
                gin::games::GameChoice::Gin(Default::default()),
                Some(5),
            )
            .await,
    );
    assert!(o.response.msg().content.contains("between 10 and 500"));

    let challenge = h.start(ALICE, &[BOB]).await;
    let again = h.start(ALICE, &[CAROL]).await;
    assert!(
        again.response.msg().content.contains("already have"),
        "one open challenge per channel"
    );
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let decline = button(challenge.response.msg(), |p| matches!(p, Press::Decline(_))).unwrap();
    let o = h.press(CAROL, 5000, &accept).await;
    assert!(o.response.msg().content.contains("not for you"));
    let o = h.press(ALICE, 5000, &decline).await;
    assert!(
        o.response.msg().content.contains("not for you"),
        "only the challenged decline"
    );
    let o = h.press(BOB, 5000, &decline).await;
    assert!(matches!(&o.response, Response::Update(m) if m.content.contains("declined")));
    let o = h.press(BOB, 5000, &accept).await;
    assert!(o.response.msg().content.contains("already been answered"));

    // Expiry: the sweeper edits the challenge message.
    let challenge = h.start(ALICE, &[BOB]).await;
    h.advance(16 * 60);
    let found = h.games.sweeper().sweep().await;
    assert_eq!(found.expired.len(), 1);
    assert!(
        matches!(found.expired[0].via, Via::Channel { message: 5000, .. }),
        "{:?}",
        found.expired[0]
    );
    h.deliverer.expired(found.expired[0].clone()).await;
    assert_eq!(
        h.sent_count(|s| s.edit && s.message == 5000 && s.msg.content.contains("expired")),
        1
    );
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let o = h.press(BOB, 5000, &accept).await;
    assert!(o.response.msg().content.contains("already been answered"));
}

#[tokio::test]
async fn idle_players_are_reminded_then_forfeit_even_across_a_restart() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let live = h.games.snapshot(id).await.unwrap();
    let idle = live.users[live.game.to_act().unwrap() as usize];
    h.advance(31 * 60);
    let found = h.games.sweeper().sweep().await;
    for d in found.deliveries {
        h.deliverer.deliver(d).await;
    }
    let reminded =
        h.sent_count(|s| s.msg.mentions == vec![idle] && s.msg.content.contains("your turn"));
    assert_eq!(reminded, 1);
    assert!(
        h.games.sweeper().sweep().await.deliveries.is_empty(),
        "one reminder per turn"
    );
    let h = h.restart().await;
    h.advance(24 * 3600);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    assert_eq!(h.sent_count(|s| s.msg.content.contains("forfeits")), 1);
    let (status, players) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "forfeited");
    let winner = players.iter().find(|p| p.3).unwrap();
    assert_ne!(live.users[winner.0 as usize], idle);
}

/// A forfeit whose idle player never opened a hand (no token: the hand effect resolves to
/// nothing) leaves no delivery gate behind.
#[tokio::test]
async fn a_forfeit_without_hand_tokens_leaves_no_delivery_gate() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let h = h.restart().await;
    for wait in [31 * 60, 24 * 3600] {
        h.advance(wait);
        for d in h.games.sweeper().sweep().await.deliveries {
            h.deliverer.deliver(d).await;
        }
    }
    let (status, _) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "forfeited");
    assert_eq!(h.games.live_count(), 0);
    assert_eq!(h.deliverer.gates(), 0, "the forfeited match's gate goes");
}

#[tokio::test]
async fn resigning_ends_the_match_for_the_opponent() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let o = h.answer(h.games.matches().resign(&h.caller(BOB, None)).await);
    let Response::Public(m) = &o.response else {
        panic!("public")
    };
    assert!(m.content.contains("Alice wins the match"), "{}", m.content);
    assert!(m.content.contains("Bob resigned"));
    let (status, _) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "resigned");
    let o = h.answer(h.games.matches().resign(&h.caller(BOB, None)).await);
    assert!(o.response.msg().content.contains("no match"));
}

#[tokio::test]
async fn public_messages_follow_the_server_language_and_hands_the_players() {
    let h = Harness::new().await;
    let german_server = |user: u64, lang: gin::i18n::Lang| {
        let mut c = h.caller(user, Some(1));
        c.guild_lang = gin::i18n::Lang::De;
        c.lang = lang;
        c
    };
    let bob = gin::games::UserRef {
        id: BOB,
        name: "Bob".into(),
        bot: false,
    };
    let challenge = h.answer(
        h.games
            .challenges()
            .start(
                &german_server(ALICE, gin::i18n::Lang::En),
                &[bob],
                gin::games::GameChoice::Gin(Default::default()),
                None,
            )
            .await,
    );
    let text = &challenge.response.msg().content;
    assert!(
        text.contains("fordert"),
        "German server, German challenge: {text}"
    );
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let table = gin::ui::press(&h.games, &german_server(BOB, gin::i18n::Lang::De), &accept).await;
    assert!(
        table.response.msg().content.contains("Ablagestapel"),
        "{}",
        table.response.msg().content
    );
    let id = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, ALICE)
        .await
        .unwrap()
        .unwrap();
    let en = gin::ui::press(
        &h.games,
        &german_server(ALICE, gin::i18n::Lang::En),
        &Press::Hand(id).encode(),
    )
    .await;
    assert!(
        en.response.msg().content.contains("**Your hand**"),
        "{}",
        en.response.msg().content
    );
    let de = gin::ui::press(
        &h.games,
        &german_server(BOB, gin::i18n::Lang::De),
        &Press::Hand(id).encode(),
    )
    .await;
    assert!(
        de.response.msg().content.contains("Deine Karten"),
        "{}",
        de.response.msg().content
    );
    let refusal = gin::ui::press(
        &h.games,
        &german_server(MALLORY, gin::i18n::Lang::En),
        &Press::Hand(id).encode(),
    )
    .await;
    assert!(refusal.response.msg().content.contains("not playing"));
}

/// After a restart the unfinished matches stay in the database until a press needs one: that
/// press loads its own match only, and it plays on from where it was.
#[tokio::test]
async fn a_restart_loads_a_match_on_its_first_press_only() {
    let h = Harness::new().await;
    let first = h.new_match(&[BOB]).await;
    let challenge = h.start(CAROL, &[MALLORY]).await;
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    h.press(MALLORY, 5000, &accept).await;
    let h = h.restart().await;
    assert_eq!(h.games.live_count(), 0);
    let (_, user, pass) = h.mover_pass(first).await;
    h.press(user, 1, &pass).await;
    assert_eq!(h.games.live_count(), 1, "the pressed match only");
    assert_eq!(h.games.snapshot(first).await.unwrap().version, 1);
}

/// Every way of touching a finished match lets it go again: Refresh, My hand, Rules and a
/// move button on the hand messages of 100 finished matches leave none of them in memory.
#[tokio::test]
async fn touching_a_hundred_finished_matches_leaves_none_in_memory() {
    let h = Harness::new().await;
    let mut ids = Vec::new();
    for _ in 0..100 {
        let id = h.new_match(&[BOB]).await;
        let hand = h.press(BOB, 1, &Press::Hand(id).encode()).await;
        let old_move = button(hand.response.msg(), |p| act_press(p).is_some());
        h.settle_outcome(
            h.games.matches().resign(&h.caller(BOB, None)).await,
            BOB,
            None,
        )
        .await;
        ids.push((id, old_move));
    }
    assert_eq!(h.games.live_count(), 0, "a match leaves memory as it ends");
    assert_eq!(h.deliverer.gates(), 0, "and its delivery gate goes");
    let h = h.restart().await;
    for (id, old_move) in &ids {
        for user in [ALICE, BOB] {
            let refreshed = h.press(user, 1, &Press::Refresh(*id).encode()).await;
            assert!(
                refreshed
                    .response
                    .msg()
                    .content
                    .contains("The match is over"),
                "{}",
                refreshed.response.msg().content
            );
            assert!(button(refreshed.response.msg(), |p| act_press(p).is_some()).is_none());
            h.press(user, 1, &Press::Hand(*id).encode()).await;
            h.press(user, 1, &Press::Rules(*id).encode()).await;
        }
        if let Some(m) = old_move {
            let late = h.press(BOB, 1, m).await;
            assert!(late.response.msg().content.contains("match is over"));
        }
    }
    assert_eq!(
        h.games.live_count(),
        0,
        "finished matches that were touched leave memory again"
    );
}

/// Time the bot was down is not idle time: after a day offline, nobody forfeits; each idle
/// player is reminded once, and forfeits only after the reminder's time ran out.
#[tokio::test]
async fn downtime_is_not_counted_as_idle_time() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let live = h.games.snapshot(id).await.unwrap();
    let idle = live.users[live.game.to_act().unwrap() as usize];
    h.games.sweeper().resume_clocks().await;
    assert!(
        h.games.sweeper().sweep().await.deliveries.is_empty(),
        "alive, nothing due"
    );
    // Down for a day, then started again.
    h.advance(25 * 3600);
    let h = h.restart().await;
    h.games.sweeper().resume_clocks().await;
    let sweep = |h: &Harness| {
        let games = h.games.clone();
        let deliverer = h.deliverer.clone();
        async move {
            for d in games.sweeper().sweep().await.deliveries {
                deliverer.deliver(d).await;
            }
        }
    };
    sweep(&h).await;
    assert!(
        h.games.snapshot(id).await.unwrap().is_active(),
        "no forfeit"
    );
    let reminders = |h: &Harness| {
        h.sent_count(|s| s.msg.mentions == vec![idle] && s.msg.content.contains("your turn"))
    };
    assert_eq!(
        reminders(&h),
        0,
        "not idle yet: the clock moved on by the downtime"
    );
    h.advance(31 * 60);
    sweep(&h).await;
    sweep(&h).await;
    assert_eq!(reminders(&h), 1, "one reminder");
    h.advance(23 * 3600);
    sweep(&h).await;
    assert!(
        h.games.snapshot(id).await.unwrap().is_active(),
        "the reminder promised 24 hours from the turn's start"
    );
    h.advance(3600);
    sweep(&h).await;
    let (status, _) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "forfeited");
}

/// Team Gin: a swap waiting for the partner's answer is still the mover's turn on the idle
/// clock, but the partner, who must act now, gets a reminder of their own before any forfeit.
#[tokio::test]
async fn a_partner_answering_a_swap_is_reminded_before_a_forfeit() {
    use gin::engine::TeamAction;
    use gin::games::{Game, GameChoice, GinChoice, Move, Play};
    let h = Harness::new().await;
    let team = GameChoice::Team(GinChoice::default());
    let challenge = h.start_game(ALICE, &[BOB, CAROL, DAVE], team).await;
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    for o in [BOB, CAROL, DAVE] {
        h.press(o, 5000, &accept).await;
    }
    let id = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, ALICE)
        .await
        .unwrap()
        .unwrap();
    // Moves through the service until the mover may swap.
    let (mover, give) = loop {
        let live = h.games.snapshot(id).await.unwrap();
        let Game::Team(m) = &live.game else {
            panic!("a Team match")
        };
        let seat = m.to_act().unwrap();
        let view = m.view_for(seat);
        if let Some(TeamAction::Swap(c)) = view
            .legal_actions
            .iter()
            .find(|a| matches!(a, TeamAction::Swap(_)))
        {
            break (seat, *c);
        }
        let play = match view.legal_actions[0] {
            TeamAction::Play(a) => Play::Gin(a),
            other => Play::Team(other),
        };
        let caller = h.caller(live.users[usize::from(seat)], None);
        h.games
            .matches()
            .act(&caller, id, live.version, Move::Play(play))
            .await;
    };
    let live = h.games.snapshot(id).await.unwrap();
    let (mover_user, partner_user) = (
        live.users[usize::from(mover)],
        live.users[usize::from((mover + 2) % 4)],
    );
    let reminded = |user: u64| {
        h.sent_count(|s| s.msg.mentions == vec![user] && s.msg.content.contains("your turn"))
    };
    h.advance(31 * 60);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    assert_eq!(reminded(mover_user), 1);
    // The mover swaps: the partner must answer, and is reminded at the next sweep.
    let caller = h.caller(mover_user, None);
    let swap = Move::Play(Play::Team(TeamAction::Swap(give)));
    h.games.matches().act(&caller, id, live.version, swap).await;
    assert_eq!(
        h.games.snapshot(id).await.unwrap().version,
        live.version + 1
    );
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    assert_eq!(reminded(partner_user), 1, "the partner is reminded");
    // The turn's clock ran on: a forfeit follows once the partner's reminder is waited out.
    h.advance(24 * 3600);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    let (status, players) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "forfeited");
    let won: Vec<u8> = players.iter().filter(|p| p.3).map(|p| p.0).collect();
    assert!(
        won.iter().all(|&s| s % 2 != mover % 2),
        "the other team wins: {won:?}"
    );
}

/// A rematch against the bot starts at once: the same rules and level, the player first.
#[tokio::test]
async fn a_rematch_against_the_ai_starts_at_once_with_the_same_rules() {
    let h = Harness::new().await;
    let first = h.practice(gin::engine::ai::Level::Simple).await;
    h.answer(h.games.matches().resign(&h.caller(ALICE, None)).await);
    let before = h.games.snapshot(first).await.unwrap();
    let o = h
        .games
        .matches()
        .rematch(&h.caller(ALICE, Some(1)), first)
        .await;
    assert!(
        matches!(o.reply, gin::games::Reply::Table { .. }),
        "{:?}",
        o.reply
    );
    let second = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, ALICE)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(second, first);
    let after = h.games.snapshot(second).await.unwrap();
    assert_eq!(after.ai_level, before.ai_level);
    assert_eq!(after.users, before.users);
    assert_eq!(after.names, before.names);
    assert_eq!(after.rules().target(), before.rules().target());
    // A second press while the rematch is on: the player is busy here.
    let again = h
        .games
        .matches()
        .rematch(&h.caller(ALICE, Some(1)), first)
        .await;
    assert!(matches!(
        again.reply,
        gin::games::Reply::Refused(gin::games::Refusal::YouBusy)
    ));
}

/// A server's own reminder time drives the sweeper and the table's countdown.
#[tokio::test]
async fn a_servers_reminder_time_is_the_one_the_sweeper_keeps() {
    use gin::games::SettingsChange;
    let h = Harness::new().await;
    let change = SettingsChange {
        reminder_minutes: Some(5),
        forfeit_hours: Some(2),
        ..Default::default()
    };
    let o = h
        .games
        .settings()
        .command(&h.caller(CAROL, None), true, change)
        .await;
    assert!(matches!(
        o.reply,
        gin::games::Reply::Settings { changed: true, .. }
    ));
    let id = h.new_match(&[BOB]).await;
    let live = h.games.snapshot(id).await.unwrap();
    let idle = live.users[live.game.to_act().unwrap() as usize];
    let clock = live
        .table_scene(
            &h.games.settings().timeouts_for(GUILD),
            gin::games::CardLook::Text,
        )
        .clock
        .unwrap();
    assert_eq!(clock.remind_at - live.turn_started_at, 5 * 60);
    assert_eq!(clock.forfeit_at - live.turn_started_at, 2 * 3600);
    let reminded = |h: &Harness| {
        h.sent_count(|s| s.msg.mentions == vec![idle] && s.msg.content.contains("your turn"))
    };
    h.advance(4 * 60);
    assert!(
        h.games.sweeper().sweep().await.deliveries.is_empty(),
        "not yet"
    );
    h.advance(2 * 60);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    assert_eq!(reminded(&h), 1, "after the server's 5 minutes");
    // After a restart the settings still hold: the forfeit comes after the server's 2 hours.
    let h = h.restart().await;
    h.advance(2 * 3600);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    let (status, _) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "forfeited");
}

/// Rummy with `rounds`: the challenge and the table say the match ends at the target or after
/// that many hands; a `rounds` out of 1 to 50 is refused with its bound, and nothing starts.
#[tokio::test]
async fn rummy_rounds_are_announced_and_out_of_range_refused() {
    use gin::engine::rummy::RummyRules;
    use gin::games::GameChoice;
    let h = Harness::new().await;
    let rummy = |rounds| {
        GameChoice::Rummy(RummyRules {
            rounds,
            ..Default::default()
        })
    };
    for rounds in [0, 51, 1_000_000, u32::MAX] {
        let refused = h.start_game(ALICE, &[BOB], rummy(Some(rounds))).await;
        let text = &refused.response.msg().content;
        assert!(text.contains("between 1 and 50"), "{rounds}: {text}");
        assert!(
            refused.response.msg().buttons().next().is_none(),
            "no challenge"
        );
    }
    let challenge = h.start_game(ALICE, &[BOB], rummy(Some(5))).await;
    let text = &challenge.response.msg().content;
    assert!(text.contains("100 points to win or 5 hands"), "{text}");
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let accepted = h.press(BOB, 5000, &accept).await;
    // The table replaces the challenge, or follows it.
    let sent = h.out.sent.lock().unwrap().clone();
    let table = std::iter::once(accepted.response.msg())
        .chain(sent.iter().map(|s| &s.msg))
        .map(|m| m.content.clone())
        .find(|c| c.contains("**Rummy**"))
        .expect("the table was shown");
    assert!(table.contains("100 points to win or 5 hands"), "{table}");
}

/// A process whose read of the servers' settings failed at start neither wipes them when a
/// moderator later changes one value, nor lets its sweeper skip the server's own reminder
/// time (the sweeper's query reads the stored times; its check must use the same ones).
#[tokio::test]
async fn a_failed_settings_read_at_start_wipes_nothing_and_skips_no_reminder() {
    use gin::games::{Games, LanguageSetting, Refusal, Reply, SettingsChange};
    use std::sync::atomic::Ordering;
    let h = Harness::new().await;
    let chosen = SettingsChange {
        target: Some(250),
        reminder_minutes: Some(5),
        forfeit_hours: Some(2),
        language: Some(LanguageSetting::Fixed(gin::i18n::Lang::De)),
        ..Default::default()
    };
    h.games
        .settings()
        .command(&h.caller(CAROL, None), true, chosen)
        .await;
    let id = h.new_match(&[BOB]).await;
    let stored = h
        .games
        .db
        .settings()
        .guild_settings(GUILD)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.reminder_minutes, Some(5));

    // Another process starts while the table cannot be read.
    let rename = |from: &str, to: &str| format!("ALTER TABLE {from} RENAME TO {to}");
    let pool = h.games.db.pool().clone();
    sqlx::query(&rename("guild_settings", "guild_settings_away"))
        .execute(&pool)
        .await
        .unwrap();
    let now = h.now.clone();
    let clock: gin::games::Clock = std::sync::Arc::new(move || now.load(Ordering::SeqCst));
    let db = gin::store::Db::open(&h.url).await.unwrap();
    let games = Games::new(db, test_config(), clock, gin::discord::HAND_TOKEN_SECONDS);
    assert!(games.settings().load_settings().await.is_err());
    let one_value = SettingsChange {
        target: Some(300),
        ..Default::default()
    };
    let refused = games
        .settings()
        .command(&h.caller(CAROL, None), true, one_value.clone())
        .await;
    assert!(
        matches!(refused.reply, Reply::Refused(Refusal::Internal)),
        "unreadable: refused"
    );
    sqlx::query(&rename("guild_settings_away", "guild_settings"))
        .execute(&pool)
        .await
        .unwrap();

    // Past the server's 5 minutes the sweeper reminds, and past its 2 hours (the bot's own
    // forfeit time is 24 hours) the idle player forfeits.
    h.advance(6 * 60);
    let found = games.sweeper().sweep().await;
    assert_eq!(found.deliveries.len(), 1, "reminded");
    h.advance(2 * 3600);
    games.sweeper().sweep().await;
    let (status, _) = games.db.matches().match_result(id).await.unwrap().unwrap();
    assert_eq!(
        status.to_string(),
        "forfeited",
        "the server's forfeit time holds"
    );

    // A moderator changes one value: only that one changes.
    let changed = games
        .settings()
        .command(&h.caller(CAROL, None), true, one_value)
        .await;
    assert!(matches!(
        changed.reply,
        Reply::Settings { changed: true, .. }
    ));
    let after = games
        .db
        .settings()
        .guild_settings(GUILD)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        after,
        gin::store::GuildSettings {
            target: Some(300),
            ..stored
        },
        "the rest of the server's settings are kept"
    );
}

/// A clock stepped back (by a day, between two runs) leaves the times stored before it ahead
/// of now: the idle player is still reminded after the reminder time, not after the step.
#[tokio::test]
async fn a_clock_stepped_back_delays_no_reminder_by_the_step() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let live = h.games.snapshot(id).await.unwrap();
    let idle = live.users[live.game.to_act().unwrap() as usize];
    h.advance(-24 * 3600);
    let h = h.restart().await;
    h.games.sweeper().resume_clocks().await;
    h.advance(31 * 60);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    let reminded =
        h.sent_count(|s| s.msg.mentions == vec![idle] && s.msg.content.contains("your turn"));
    assert_eq!(reminded, 1, "reminded after the reminder time");
    assert!(h.games.snapshot(id).await.unwrap().is_active());
}

/// Being challenged never blocks a player: Bob, with Mallory's challenge open against him,
/// still starts a challenge of his own and plays it; Mallory's then cannot start a second
/// match for him (one active match per player and channel), and says so.
#[tokio::test]
async fn an_open_challenge_against_a_player_does_not_keep_them_from_playing() {
    let h = Harness::new().await;
    let griefer = h.start(MALLORY, &[BOB]).await;
    assert!(
        button(griefer.response.msg(), |p| matches!(p, Press::Accept(_))).is_some(),
        "{}",
        griefer.response.msg().content
    );
    // Bob challenges Carol, who accepts: they play.
    let own = h.start(BOB, &[CAROL]).await;
    let accept = button(own.response.msg(), |p| matches!(p, Press::Accept(_)))
        .unwrap_or_else(|| panic!("Bob may challenge: {}", own.response.msg().content));
    h.press(CAROL, 5000, &accept).await;
    let playing = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, BOB)
        .await
        .unwrap();
    assert!(playing.is_some(), "Bob and Carol play");
    // Accepting Mallory's challenge now would give Bob a second match here: refused.
    let late = button(griefer.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    // On its own message (the harness posts every challenge as message 5000).
    let refused = h.press(BOB, 5000, &late).await;
    assert!(
        refused.response.msg().content.contains("another match"),
        "{}",
        refused.response.msg().content
    );
    assert_eq!(
        h.games
            .db
            .matches()
            .active_match_for(CHANNEL, BOB)
            .await
            .unwrap(),
        playing,
        "still the one match"
    );
    // And being challenged does not keep anyone from practising either.
    let h2 = Harness::new().await;
    h2.start(MALLORY, &[ALICE]).await;
    h2.practice(gin::engine::ai::Level::Simple).await;
}

/// A player who declined two of a challenger's challenges is not challenged by them again
/// for ten minutes (stored: a restart does not lift it), with a friendly private answer
/// and nothing opened; others may still challenge them.
#[tokio::test]
async fn repeated_challenges_to_a_player_who_declined_are_refused_for_a_while() {
    let h = Harness::new().await;
    for _ in 0..2 {
        let c = h.start(MALLORY, &[BOB]).await;
        let decline = button(c.response.msg(), |p| matches!(p, Press::Decline(_)))
            .unwrap_or_else(|| panic!("a challenge: {}", c.response.msg().content));
        h.press(BOB, 5000, &decline).await;
        h.advance(60);
    }
    let h = h.restart().await;
    let refused = h.start(MALLORY, &[BOB]).await;
    let Response::Ephemeral(m) = &refused.response else {
        panic!("a private refusal: {:?}", refused.response)
    };
    assert!(m.content.contains("declined"), "{}", m.content);
    assert!(m.content.contains("9 minutes"), "{}", m.content);
    assert!(
        !h.games
            .db
            .challenges()
            .busy_in_channel(CHANNEL, MALLORY)
            .await
            .unwrap(),
        "no challenge was opened"
    );
    // Others may still challenge Bob.
    let other = h.start(ALICE, &[BOB]).await;
    assert!(button(other.response.msg(), |p| matches!(p, Press::Accept(_))).is_some());
    // The pause runs from the last decline, as the answer says: the first decline being ten
    // minutes old lifts nothing.
    h.advance(9 * 60 - 30);
    let still = h.start(MALLORY, &[BOB]).await;
    let Response::Ephemeral(m) = &still.response else {
        panic!("still paused: {:?}", still.response)
    };
    assert!(m.content.contains("in a minute"), "{}", m.content);
    // Ten minutes after the last decline, Mallory may ask again.
    h.advance(30);
    let again = h.start(MALLORY, &[BOB]).await;
    assert!(
        button(again.response.msg(), |p| matches!(p, Press::Accept(_))).is_some(),
        "{}",
        again.response.msg().content
    );
}

/// The player ids a leaderboard outcome lists.
fn board_players(o: &gin::games::Outcome) -> Vec<u64> {
    match &o.reply {
        gin::games::Reply::Leaderboard { rows, .. } => rows.iter().map(|r| r.user_id).collect(),
        _ => panic!("a leaderboard"),
    }
}

/// A board's pages come from one reading of the ledger, kept per server for a short while:
/// a match that ends meanwhile shows once that reading is stale, not on the next press.
#[tokio::test]
async fn leaderboard_pages_are_read_once_and_kept_briefly_per_server() {
    use gin::games::ledger::{BoardQuery, FormatFilter, Period};
    let h = Harness::new().await;
    h.new_match(&[BOB]).await;
    h.settle_outcome(
        h.games.matches().resign(&h.caller(BOB, None)).await,
        BOB,
        None,
    )
    .await;
    let q = BoardQuery {
        sort: gin::games::BoardSort::Net,
        period: Period::All,
        format: FormatFilter::Any,
        page: 0,
        season: None,
        tournament: None,
    };
    let caller = h.caller(CAROL, None);
    let first = board_players(&h.games.ledger().leaderboard(&caller, q, false).await);
    assert_eq!(first.len(), 2);
    // Carol and Mallory finish a match.
    let c = h.start(CAROL, &[MALLORY]).await;
    let accept = button(c.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    h.press(MALLORY, 5000, &accept).await;
    h.settle_outcome(
        h.games.matches().resign(&h.caller(MALLORY, None)).await,
        MALLORY,
        None,
    )
    .await;
    h.advance(5);
    let page = board_players(&h.games.ledger().leaderboard(&caller, q, true).await);
    assert_eq!(page, first, "the page comes from the same reading");
    h.advance(60);
    let later = board_players(&h.games.ledger().leaderboard(&caller, q, true).await);
    assert_eq!(later.len(), 4, "a fresh reading after a while");
}
