//! Matches against the AI through the handlers: the AI moves on its own, the ledger marks it,
//! and a restart resumes a match where the AI was due.

mod common;

use common::*;
use gin::engine::ai::Level;

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
    assert!(live.game.is_over());
    let (status, players) = h.games.db.match_result(id).await.unwrap().unwrap();
    assert_eq!(status, "finished");
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
    let hand = h
        .games
        .press(
            &h.caller(ALICE, Some(1)),
            &gin::discord::ids::Press::Hand(id).encode(),
        )
        .await;
    let pass = button(hand.response.msg(), |p| {
        matches!(
            p,
            gin::discord::ids::Press::Act {
                act: gin::discord::ids::Act::Pass | gin::discord::ids::Act::DrawStock,
                ..
            }
        )
    })
    .unwrap();
    let o = h.games.press(&h.caller(ALICE, Some(1)), &pass).await;
    assert!(o
        .effects
        .iter()
        .any(|e| matches!(e, gin::games::Effect::AiTurn(_))));
    let version = h.games.snapshot(id).await.unwrap().version;
    let h = h.restart().await;
    assert!(h.games.snapshot(id).await.unwrap().ai_to_act().is_some());
    h.advance(5);
    let effects = h.games.sweep().await;
    assert!(effects.contains(&gin::games::Effect::AiTurn(id)));
    h.games.run_effects(effects, &h.out, None).await;
    let after = h.games.snapshot(id).await.unwrap();
    assert!(after.version > version, "the AI moved after the restart");
    assert!(after.ai_to_act().is_none());
}
