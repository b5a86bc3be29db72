//! What players see: names they chose reach public messages as the letters they typed (never
//! a masked link, a heading, a mention or the end of the score sheet's code block), and a
//! player's choice of card pictures reaches their hands in every process.

use crate::support::harness::*;
use gin::games::ledger::{BoardQuery, FormatFilter, Period};
use gin::games::{BoardSort, Caller, GameChoice, UserRef};
use gin::ui::ids::Press;
use gin::ui::model::Msg;
use gin::ui::Answer;
use std::sync::atomic::Ordering;
use std::sync::Arc;

const ALICE_NAME: &str = "[Verify](https://example.com/a) @everyone";
const BOB_NAME: &str = "# B```ob <@1> ||x||";
const SEASON_NAME: &str = "-# **Spring** [win](https://example.com/b) @here";

fn hostile(h: &Harness, user: u64, message: Option<u64>) -> Caller {
    Caller {
        name: if user == ALICE { ALICE_NAME } else { BOB_NAME }.into(),
        ..h.caller(user, message)
    }
}

/// `content` shows the hostile names as typed: outside its one code block (where nothing
/// renders) no link, mention, heading or markup of theirs is left.
fn assert_plain(content: &str) {
    let fences = content.matches("```").count();
    assert!(fences == 0 || fences == 2, "{content}");
    let outside: Vec<&str> = content.split("```").step_by(2).collect();
    let content = &outside.join("\n");
    for raw in [
        "[Verify](",
        "[win](",
        "@everyone",
        "@here",
        "<@1>",
        "||x||",
        "**Spring**",
    ] {
        assert!(!content.contains(raw), "{raw:?} in {content}");
    }
    for line in content.lines() {
        assert!(
            !line.starts_with("# ") && !line.starts_with("-# "),
            "{content}"
        );
    }
}

/// Alice, under her hostile name, challenges Bob to Gin; the challenge, posted as message
/// `message`.
async fn hostile_challenge(h: &Harness, message: u64) -> Answer {
    let o = h
        .games
        .challenges()
        .start(
            &hostile(h, ALICE, None),
            &[UserRef {
                id: BOB,
                name: BOB_NAME.into(),
                bot: false,
            }],
            GameChoice::Gin(Default::default()),
            None,
        )
        .await;
    h.settle_outcome(o, ALICE, Some(message)).await
}

#[tokio::test]
async fn hostile_display_names_are_shown_as_typed_in_every_public_message() {
    let h = Harness::new().await;
    // A challenge declined names who declined.
    let challenge = hostile_challenge(&h, 5000).await;
    let decline = button(challenge.response.msg(), |p| matches!(p, Press::Decline(_))).unwrap();
    let declined = gin::ui::press(&h.games, &hostile(&h, BOB, Some(5000)), &decline).await;
    let mut seen: Vec<Msg> = vec![declined.response.msg().clone()];
    assert!(seen[0].content.contains("\\# B"), "{}", seen[0].content);

    // A whole match: tables, hands, showdowns, the match end.
    let challenge = hostile_challenge(&h, 5001).await;
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let a = gin::ui::press(&h.games, &hostile(&h, BOB, Some(5001)), &accept).await;
    h.settle(a, BOB, Some(5001)).await;
    let id = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, ALICE)
        .await
        .unwrap()
        .unwrap();
    let mut turns = 0;
    while h.play_turn(id).await {
        turns += 1;
        assert!(turns < 3_000);
    }
    seen.extend(h.out.sent.lock().unwrap().iter().map(|s| s.msg.clone()));
    seen.extend(h.public.lock().unwrap().iter().cloned());
    assert!(
        seen.iter().any(|m| m
            .content
            .contains("\\[Verify\\]\\(https://example\\.com/a\\)")),
        "the names are shown"
    );

    // The ledger: board, stats, history, score sheet, a new season's board.
    let alice = hostile(&h, ALICE, None);
    let q = BoardQuery {
        sort: BoardSort::Net,
        period: Period::All,
        format: FormatFilter::Any,
        page: 0,
        season: None,
        tournament: None,
    };
    let bob = UserRef {
        id: BOB,
        name: BOB_NAME.into(),
        bot: false,
    };
    for o in [
        h.games.ledger().leaderboard(&alice, q, false).await,
        h.games
            .ledger()
            .stats(&alice, None, FormatFilter::Any)
            .await,
        h.games
            .ledger()
            .stats(&alice, Some(&bob), FormatFilter::Any)
            .await,
        h.games
            .ledger()
            .history(&alice, None, FormatFilter::Any)
            .await,
        h.games
            .ledger()
            .history(&alice, Some(&bob), FormatFilter::Any)
            .await,
        h.games.ledger().sheet(&alice, id).await,
        h.games
            .seasons()
            .new_season(&alice, true, Some(SEASON_NAME.into()))
            .await,
    ] {
        seen.push(h.answer(o).response.msg().clone());
    }
    let sheet = &seen[seen.len() - 2];
    assert!(sheet.content.contains("```"), "{}", sheet.content);
    let board = seen.last().unwrap();
    assert!(board.content.contains("\\[Verify\\]"), "{}", board.content);

    // A moderator's cancel names the moderator.
    let o = h
        .games
        .challenges()
        .start(
            &alice,
            std::slice::from_ref(&bob),
            GameChoice::Gin(Default::default()),
            None,
        )
        .await;
    let challenge = h.settle_outcome(o, ALICE, Some(5002)).await;
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let a = gin::ui::press(&h.games, &hostile(&h, BOB, Some(5002)), &accept).await;
    h.settle(a, BOB, Some(5002)).await;
    let cancelled = h.games.ledger().cancel(&alice, true, None).await;
    let cancelled = h.settle(h.answer(cancelled), ALICE, None).await;
    assert!(cancelled.response.msg().content.contains("\\[Verify\\]"));
    seen.push(cancelled.response.msg().clone());
    seen.extend(h.out.sent.lock().unwrap().iter().map(|s| s.msg.clone()));
    for m in &seen {
        assert_plain(&m.content);
    }
}

/// `/gin cards` answered by one process (one shard) reaches the player's hands in another
/// process's servers within a short while, with no restart.
#[tokio::test]
async fn a_card_look_chosen_in_one_process_reaches_hands_in_another() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let now = h.now.clone();
    let clock: gin::games::Clock = Arc::new(move || now.load(Ordering::SeqCst));
    let db = gin::store::Db::open(&h.url).await.unwrap();
    let other = gin::games::Games::new(db, test_config(), clock, gin::discord::HAND_TOKEN_SECONDS);
    other.settings().load_settings().await.unwrap();
    let look = |o: gin::games::Outcome| match o.reply {
        gin::games::Reply::Hand { scene, .. } => scene.look,
        r => panic!("a hand, got {r:?}"),
    };
    let alice = h.caller(ALICE, None);
    let before = look(other.matches().hand(&alice, id, false).await);
    assert_eq!(before, gin::games::CardLook::Pictures);
    h.games
        .settings()
        .set_card_look(&alice, Some(gin::games::CardLook::Text))
        .await;
    h.advance(60);
    let after = look(other.matches().hand(&alice, id, false).await);
    assert_eq!(
        after,
        gin::games::CardLook::Text,
        "the other process sees the choice"
    );
}
