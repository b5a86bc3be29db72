//! Matches against the AI through the handlers: the AI moves on its own, the ledger marks it,
//! and a restart resumes a match where the AI was due.

use crate::support::harness::*;
use gin::engine::ai::Level;

/// Alice passes or draws in match `id`: the answer, whose deliveries have not run.
async fn alice_moves_undelivered(h: &Harness, id: i64) -> gin::ui::Answer {
    use crate::support::fake_discord::acts::{act_press, Act};
    use gin::ui::ids::Press;
    let hand = h.press(ALICE, 1, &Press::Hand(id).encode()).await;
    let pass = button(hand.response.msg(), |p| {
        act_press(p).is_some_and(|a| matches!(a.act, Act::Pass | Act::DrawStock))
    })
    .unwrap();
    gin::ui::press(&h.games, &h.caller(ALICE, Some(1)), &pass).await
}

#[tokio::test]
async fn a_practice_match_is_played_to_the_end_with_the_ai_moving_by_itself() {
    let h = Harness::new().await;
    let id = h.practice(Level::Hard).await;
    let mut turns = 0;
    while h.play_turn(id).await {
        turns += 1;
        assert!(turns < 3_000);
        let live = h.games.snapshot(id).await.unwrap();
        assert!(
            live.ai_to_act().is_none(),
            "the AI never keeps a human waiting"
        );
    }
    let live = h.games.snapshot(id).await.unwrap();
    assert!(live
        .game
        .as_match::<gin::engine::Match>()
        .unwrap()
        .is_over());
    let (status, players) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "finished");
    assert_eq!(players.len(), 2);
    assert!(live.ai[1] && live.names[1].contains("hard"));
    let sent = h.out.sent.lock().unwrap();
    assert!(sent
        .iter()
        .any(|s| s.msg.content.contains("wins the match")));
}

#[tokio::test]
async fn a_restart_resumes_a_match_where_the_ai_was_due() {
    let h = Harness::new().await;
    let id = h.practice(Level::Simple).await;
    // Alice moves; the process dies before the AI's turn runs.
    let live = h.games.snapshot(id).await.unwrap();
    let seat = live.game.to_act().unwrap();
    assert_eq!(
        live.users[seat as usize], ALICE,
        "the AI already answered its first turn"
    );
    // The move is answered and stored with the AI's turn; the process dies before it runs.
    let answer = alice_moves_undelivered(&h, id).await;
    assert!(answer
        .deliveries
        .rows
        .iter()
        .any(|d| d.effects.contains(&gin::games::Effect::AiTurn)));
    let version = h.games.snapshot(id).await.unwrap().version;
    drop(answer);
    let h = h.restart().await;
    assert!(h.games.snapshot(id).await.unwrap().ai_to_act().is_some());
    // The start delivers what was left: the AI moves, with no press.
    h.deliverer.resume().await;
    let mut after = h.games.snapshot(id).await.unwrap();
    for _ in 0..200 {
        if after.version > version && after.ai_to_act().is_none() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        after = h.games.snapshot(id).await.unwrap();
    }
    assert!(after.version > version, "the AI moved after the restart");
    assert!(after.ai_to_act().is_none());
}

/// Two `/gin practice` at the same instant: one match, and a clear refusal for the other
/// (the schema allows one active match per player and channel).
#[tokio::test]
async fn two_practice_starts_at_once_make_one_match() {
    let h = Harness::new().await;
    let alice = h.caller(ALICE, None);
    let practice = h.games.practice();
    let start = || {
        practice.start(
            &alice,
            Level::Simple,
            gin::games::GameChoice::Gin(Default::default()),
            2,
            None,
            (BOT, "Gin".into()),
        )
    };
    let (a, b) = tokio::join!(start(), start());
    let said: Vec<String> = [a, b].iter().map(|o| o.said().content).collect();
    let tables = said.iter().filter(|s| s.contains("**Gin Rummy**")).count();
    assert_eq!(tables, 1, "{said:?}");
    assert!(
        said.iter().any(|s| s.contains("already have a match")),
        "{said:?}"
    );
    let active: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM matches WHERE status = 'active' AND channel_id = $1",
    )
    .bind(CHANNEL as i64)
    .fetch_one(h.games.db.pool())
    .await
    .unwrap();
    assert_eq!(active, 1);
}

/// The sweeper asks only for work: behind 1,000 abandoned practice matches (a person to move,
/// for hours), the one match whose AI turn was lost is still found, and the AI moves within
/// one sweep.
#[tokio::test]
async fn an_overdue_ai_turn_is_found_behind_a_thousand_abandoned_matches() {
    let h = Harness::new().await;
    let in_channel = |channel: u64| {
        let mut c = h.caller(ALICE, None);
        c.channel_id = channel;
        c
    };
    for i in 0..1000 {
        let o = h
            .games
            .practice()
            .start(
                &in_channel(10_000 + i),
                Level::Simple,
                gin::games::GameChoice::Gin(Default::default()),
                2,
                None,
                (BOT, "Gin".into()),
            )
            .await;
        // Where the AI opens, it moves now: then a person is to move everywhere.
        h.settle_outcome(o, ALICE, None).await;
    }
    h.advance(3 * 3600);
    // The newest match: Alice moves, and the AI's turn is lost (the process died, say).
    let id = h.practice(Level::Simple).await;
    let live = h.games.snapshot(id).await.unwrap();
    if live.ai_to_act().is_none() {
        // Its deliveries, the AI's turn among them, never run.
        drop(alice_moves_undelivered(&h, id).await);
    }
    let before = h.games.snapshot(id).await.unwrap();
    assert!(before.ai_to_act().is_some(), "the AI is to move");
    h.advance(3);
    for d in h.games.sweeper().sweep().await.deliveries {
        h.deliverer.deliver(d).await;
    }
    let after = h.games.snapshot(id).await.unwrap();
    assert!(
        after.version > before.version,
        "the AI moved within one sweep"
    );
}

/// The Hint button of `user`'s hand message in match `id`, if it offers one.
async fn hint_button(h: &Harness, user: u64, id: i64) -> Option<String> {
    use crate::support::fake_discord::acts::{act_press, Act};
    use gin::ui::ids::Press;
    let hand = h.press(user, 1, &Press::Hand(id).encode()).await;
    button(hand.response.msg(), |p| {
        act_press(p).is_some_and(|a| matches!(a.act, Act::Hint))
    })
}

#[tokio::test]
async fn a_hint_is_the_move_the_hard_ai_would_make_and_is_counted_on_the_sheet() {
    use gin::engine::ai::{coach, decide};
    use gin::games::{ai_seed, Move, Note, Reply};
    let h = Harness::new().await;
    let id = h.practice(Level::Simple).await;
    let mut hints = 0;
    while hints < 3 {
        let live = h.games.snapshot(id).await.unwrap();
        let seat = live.game.to_act().unwrap();
        assert_eq!(live.users[seat as usize], ALICE, "the AI has moved");
        let view = live
            .game
            .as_match::<gin::engine::Match>()
            .unwrap()
            .view_for(seat);
        if view.legal_actions.len() > 1 {
            // The button is there, and pressing it answers with the hard AI's move for this
            // very view, in words.
            let press = hint_button(&h, ALICE, id).await.expect("a Hint button");
            let shown = h.press(ALICE, 1, &press).await;
            assert!(shown.response.msg().content.contains("💡"));
            let expected = decide(Level::Hard, &ai_seed(&live.game.seed(), seat), &view);
            let outcome = h
                .games
                .matches()
                .act(&h.caller(ALICE, Some(1)), id, live.version, Move::Hint)
                .await;
            let Reply::Hand { scene, .. } = &outcome.reply else {
                panic!("a hand message, not {:?}", outcome.reply)
            };
            let Some(Note::Hint(hint)) = &scene.note else {
                panic!("a hint, not {:?}", scene.note)
            };
            assert_eq!(hint.action, expected);
            assert_eq!(
                coach::hint(&ai_seed(&live.game.seed(), seat), &view).unwrap(),
                *hint
            );
            // Asking changes nothing in the match; asking twice at one moment counts once.
            assert_eq!(h.games.snapshot(id).await.unwrap().version, live.version);
            hints += 1;
        }
        assert!(h.play_turn(id).await);
    }
    h.games.matches().resign(&h.caller(ALICE, None)).await;
    let sheet = h
        .games
        .db
        .ledger()
        .score_sheet(GUILD, id)
        .await
        .unwrap()
        .unwrap();
    let counted: Vec<i64> = sheet.players.iter().map(|p| p.hints).collect();
    assert_eq!(counted, vec![hints, 0]);
    let text = gin::ui::ledger_view::sheet(gin::i18n::Lang::En, &sheet).content;
    assert!(text.contains("Hints"), "{text}");
}

#[tokio::test]
async fn rated_matches_never_offer_hints_and_refuse_a_forged_one() {
    use crate::support::fake_discord::acts::Act;
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let live = h.games.snapshot(id).await.unwrap();
    let mover = live.users[live.game.to_act().unwrap() as usize];
    assert_eq!(hint_button(&h, mover, id).await, None);
    let forged = Act::Hint.id(id, live.version);
    let answer = h.press(mover, 1, &forged).await;
    assert!(
        answer.response.msg().content.contains("practice matches"),
        "{}",
        answer.response.msg().content
    );
    h.games.matches().resign(&h.caller(ALICE, None)).await;
    let sheet = h
        .games
        .db
        .ledger()
        .score_sheet(GUILD, id)
        .await
        .unwrap()
        .unwrap();
    assert!(sheet.players.iter().all(|p| p.hints == 0));
}
