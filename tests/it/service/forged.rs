//! Forged presses at the game service, where the pressed message's own buttons are not known
//! (the Discord adapter checks those too): a challenge answers only presses on its own message
//! from its own server and channel, and a match only presses from where it is played.

use crate::support::harness::*;
use gin::games::{Caller, GameChoice, UserRef};
use gin::store::ChallengeState;
use gin::ui::ids::Press;
use gin::ui::model::Response;

fn other_place(h: &Harness, user: u64, message: u64, guild: u64, channel: u64) -> Caller {
    Caller {
        place: gin::games::Place::Guild {
            guild,
            member: true,
        },
        channel_id: channel,
        ..h.caller(user, Some(message))
    }
}

/// Carol's challenge of Dave, posted in `channel` as message `message`: its id.
async fn carols_challenge(h: &Harness, message: u64) -> i64 {
    let dave = UserRef {
        id: DAVE,
        name: name_of(DAVE).into(),
        bot: false,
    };
    let o = h
        .games
        .challenges()
        .start(
            &h.caller(CAROL, None),
            &[dave],
            GameChoice::Gin(Default::default()),
            None,
        )
        .await;
    challenge_of(&h.settle_outcome(o, CAROL, Some(message)).await)
}

/// The challenge an answer posted.
fn challenge_of(a: &gin::ui::Answer) -> i64 {
    let accept = button(a.response.msg(), |p| matches!(p, Press::Accept(_)));
    match accept.and_then(|b| Press::decode(&b)) {
        Some(Press::Accept(id)) => id,
        other => panic!("a challenge: {other:?}"),
    }
}

/// Challenge A (Alice to Bob, message 5000) and B (Carol to Dave, message 5001) in one
/// channel. Dave's Accept and Decline of B pressed on A's message, or on B's message from
/// another server or channel, are refused privately; neither challenge changes, no match
/// starts, no message is written.
#[tokio::test]
async fn a_challenge_answers_only_presses_on_its_own_message() {
    let h = Harness::new().await;
    let a = challenge_of(&h.start(ALICE, &[BOB]).await);
    let b = carols_challenge(&h, 5001).await;
    assert_ne!(a, b);
    let games = &h.games;
    let seen = |id| async move {
        let row = games.db.challenges().challenge(id).await.unwrap().unwrap();
        (row.status, row.accepted, row.message_id)
    };
    let (before_a, before_b) = (seen(a).await, seen(b).await);
    assert_eq!(before_b, (ChallengeState::Open, vec![], Some(5001)));
    let sent = h.out.sent.lock().unwrap().len();

    let presses = [
        (h.caller(DAVE, Some(5000)), "on A's message"),
        (
            other_place(&h, DAVE, 5001, GUILD + 1, CHANNEL),
            "from another server",
        ),
        (
            other_place(&h, DAVE, 5001, GUILD, CHANNEL + 1),
            "from another channel",
        ),
    ];
    for (caller, place) in &presses {
        for id in [Press::Decline(b).encode(), Press::Accept(b).encode()] {
            let what = format!("{id} {place}");
            let answer = gin::ui::press(&h.games, caller, &id).await;
            let Response::Ephemeral(m) = &answer.response else {
                panic!("{what}: a private refusal, not {:?}", answer.response)
            };
            assert!(
                m.content.contains("another challenge"),
                "{what}: {}",
                m.content
            );
            assert!(answer.deliveries.is_empty(), "{what}");
            assert_eq!(seen(a).await, before_a, "{what}: A changed");
            assert_eq!(seen(b).await, before_b, "{what}: B changed");
        }
    }
    assert_eq!(
        h.out.sent.lock().unwrap().len(),
        sent,
        "a message was written"
    );
    for u in [ALICE, CAROL] {
        assert_eq!(
            h.games
                .db
                .matches()
                .active_match_for(CHANNEL, u)
                .await
                .unwrap(),
            None
        );
    }
    // On its own message, B's Accept starts Carol and Dave's match on that message.
    h.press(DAVE, 5001, &Press::Accept(b).encode()).await;
    let id = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, CAROL)
        .await
        .unwrap();
    let live = h.games.snapshot(id.expect("B's match")).await.unwrap();
    assert_eq!(live.table_message_id, Some(5001));
}

/// A player's move, My hand and Rules from another server (or another channel) are refused
/// privately, and nothing is stored.
#[tokio::test]
async fn a_match_answers_only_presses_from_where_it_is_played() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB]).await;
    let (live, mover, pass) = h.mover_pass(id).await;
    for (guild, channel) in [(GUILD + 1, CHANNEL), (GUILD, CHANNEL + 1)] {
        let caller = other_place(&h, mover, 1, guild, channel);
        for press in [
            pass.clone(),
            Press::Hand(id).encode(),
            Press::Refresh(id).encode(),
            Press::Rules(id).encode(),
        ] {
            let what = format!("{press} in {guild}/{channel}");
            let answer = gin::ui::press(&h.games, &caller, &press).await;
            let Response::Ephemeral(m) = &answer.response else {
                panic!("{what}: a private refusal, not {:?}", answer.response)
            };
            assert!(
                m.content.contains("another channel"),
                "{what}: {}",
                m.content
            );
            assert!(answer.hand_of.is_none() && answer.deliveries.is_empty());
        }
    }
    let after = h.games.snapshot(id).await.unwrap();
    assert_eq!((after.version, after.game), (live.version, live.game));
    let stored = h.games.db.matches().load_match(id).await.unwrap().unwrap();
    assert_eq!(stored.version, live.version);
    // From its own channel the same move is taken.
    h.press(mover, 1, &pass).await;
    assert_eq!(
        h.games.snapshot(id).await.unwrap().version,
        live.version + 1
    );
}
