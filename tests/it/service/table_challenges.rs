//! A challenge made on the card table is answered there by its own place, not by what the
//! answering page took its place to be: a page may place itself in a server before the
//! gateway said the bot is there, and every table of the channel must still agree.

use crate::support::harness::*;
use gin::games::{ChallengeState, GameChoice, Place, Refusal, Reply, UserRef};

fn bob() -> UserRef {
    UserRef {
        id: BOB,
        name: name_of(BOB).into(),
        bot: false,
    }
}

/// Alice's page placed itself as in a server without the bot, so her challenge was stored
/// without a post; Bob's page knows the bot is there. It is still offered to Bob's table and
/// accepted there, and the match is dealt.
#[tokio::test]
async fn a_table_challenge_is_answered_by_its_own_place() {
    let h = Harness::new().await;
    let mut alice = h.caller(ALICE, None);
    alice.place = Place::Guild {
        guild: GUILD,
        member: false,
    };
    let game = GameChoice::Gin(Default::default());
    let o = h
        .games
        .challenges()
        .start(&alice, &[bob()], game, None)
        .await;
    h.settle_outcome(o, ALICE, None).await;
    let offered = h.games.following().challenged(CHANNEL, BOB).await.unwrap();
    let offered = offered.expect("offered to Bob's table");
    let accepted = h
        .games
        .challenges()
        .accept_on_table(&h.caller(BOB, None), offered.id)
        .await;
    assert!(
        !matches!(accepted.reply, Reply::Refused(_)),
        "{:?}",
        accepted.reply
    );
    h.settle_outcome(accepted, BOB, None).await;
    let row = h
        .games
        .db
        .challenges()
        .challenge(offered.id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, ChallengeState::Accepted, "the match is dealt");
}

/// A challenge made where the bot posts it, before its message is known, is neither offered
/// on the table nor accepted there, even by a page that took its place to be without the bot.
#[tokio::test]
async fn a_challenge_the_bot_posts_is_answered_in_chat() {
    let h = Harness::new().await;
    let game = GameChoice::Gin(Default::default());
    let o = h
        .games
        .challenges()
        .start(&h.caller(ALICE, None), &[bob()], game, None)
        .await;
    let answer = h.settle_outcome(o, ALICE, None).await;
    let accept = answer.response.msg().buttons().find_map(|b| {
        let id = b.id.strip_prefix("gin:acc:")?;
        id.parse::<i64>().ok()
    });
    let id = accept.expect("the challenge's Accept");
    assert!(h
        .games
        .following()
        .challenged(CHANNEL, BOB)
        .await
        .unwrap()
        .is_none());
    let mut bob_page = h.caller(BOB, None);
    bob_page.place = Place::Guild {
        guild: GUILD,
        member: false,
    };
    let refused = h.games.challenges().accept_on_table(&bob_page, id).await;
    assert!(
        matches!(refused.reply, Reply::Refused(Refusal::AcceptInChat)),
        "{:?}",
        refused.reply
    );
    let row = h
        .games
        .db
        .challenges()
        .challenge(id)
        .await
        .unwrap()
        .unwrap();
    assert!(row.accepted.is_empty(), "nothing changed");
    assert_eq!(row.status, ChallengeState::Open);
}
