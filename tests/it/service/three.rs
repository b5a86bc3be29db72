//! Three-player matches through the handlers: the dealer sits out, the loser deals next, the
//! same dealer after a dead hand, pairwise settlement, the ledger, and a restart mid-hand.

use crate::support::harness::*;
use gin::engine::hand::HandEnd;
use gin::engine::{Match, MatchStatus};
use gin::ui::ids::Press;
use gin::ui::model::Response;

/// Plays the first hand without knocking (so it dies), then the rest normally.
async fn play_with_a_dead_first_hand(h: &Harness, id: i64) {
    while h.games.snapshot(id).await.unwrap().game.deal_no() == 0 {
        assert!(h.play_turn_with(id, false).await);
    }
    let mut turns = 0;
    while h.play_turn(id).await {
        turns += 1;
        assert!(turns < 10_000);
    }
}

fn check_rotation(game: &Match) {
    for pair in game.history.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        match a.end.winner(a.players) {
            None => assert_eq!(
                (b.dealer, b.players),
                (a.dealer, a.players),
                "same dealer after a dead hand"
            ),
            Some((winner, _)) => {
                let loser = if a.players[0] == winner {
                    a.players[1]
                } else {
                    a.players[0]
                };
                assert_eq!(b.dealer, loser, "the loser deals");
                let mut next = b.players;
                next.sort();
                let mut expected = [winner, a.dealer];
                expected.sort();
                assert_eq!(next, expected, "the winner and the previous dealer play");
                assert_eq!(
                    b.players[0],
                    (b.dealer + 1) % 3,
                    "the seat after the dealer acts first"
                );
            }
        }
    }
}

#[tokio::test]
async fn both_challenged_players_must_accept() {
    let h = Harness::new().await;
    let challenge = h.start(ALICE, &[BOB, CAROL]).await;
    assert_eq!(challenge.response.msg().mentions, vec![BOB, CAROL]);
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let first = h.press(BOB, 5000, &accept).await;
    let Response::Update(m) = &first.response else {
        panic!("update")
    };
    assert!(
        m.content.contains("<@1002> accepted") && m.rows.len() == 1,
        "{}",
        m.content
    );
    assert_eq!(m.mentions, vec![CAROL]);
    assert!(h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, ALICE)
        .await
        .unwrap()
        .is_none());
    let second = h.press(CAROL, 5000, &accept).await;
    assert!(second.response.msg().content.contains("**Gin Rummy**"));
    let id = h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, CAROL)
        .await
        .unwrap()
        .unwrap();
    let live = h.games.snapshot(id).await.unwrap();
    assert_eq!(
        live.users,
        vec![ALICE, BOB, CAROL],
        "seats in the order of the command"
    );
}

#[tokio::test]
async fn two_acceptances_at_the_same_moment_both_count() {
    let h = Harness::new().await;
    let challenge = h.start(ALICE, &[BOB, CAROL]).await;
    let accept = button(challenge.response.msg(), |p| matches!(p, Press::Accept(_))).unwrap();
    let (bob, carol) = (h.caller(BOB, Some(5000)), h.caller(CAROL, Some(5000)));
    let (a, b) = tokio::join!(
        gin::ui::press(&h.games, &bob, &accept),
        gin::ui::press(&h.games, &carol, &accept)
    );
    let tables = [&a, &b]
        .iter()
        .filter(|o| o.response.msg().content.contains("**Gin Rummy**"))
        .count();
    assert_eq!(tables, 1, "exactly one acceptance completes the challenge");
    assert!(h
        .games
        .db
        .matches()
        .active_match_for(CHANNEL, ALICE)
        .await
        .unwrap()
        .is_some());
}

#[tokio::test]
async fn a_three_player_match_rotates_settles_pairwise_and_is_recorded() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB, CAROL]).await;
    let live = h.games.snapshot(id).await.unwrap();
    let out = live
        .game
        .as_match::<gin::engine::Match>()
        .unwrap()
        .hand
        .dealer;
    let table = gin::ui::render::table_scene(
        &live.table_scene(&Default::default(), gin::games::CardLook::Text),
    );
    assert!(
        table.content.contains("deals this hand and sits it out"),
        "{}",
        table.content
    );
    let sitting = h
        .press(live.users[out as usize], 1, &Press::Hand(id).encode())
        .await;
    assert!(
        sitting.response.msg().content.contains("sit it out"),
        "{}",
        sitting.response.msg().content
    );

    play_with_a_dead_first_hand(&h, id).await;
    let live = h.games.snapshot(id).await.unwrap();
    let game = live.game.as_match::<gin::engine::Match>().unwrap();
    assert!(matches!(game.history[0].end, HandEnd::Dead));
    assert!(game.history.len() >= 3);
    check_rotation(game);
    let MatchStatus::Finished(s) = &game.status else {
        panic!("finished")
    };
    assert_eq!(s.net.iter().sum::<i64>(), 0, "zero-sum");
    // Pairwise: each player's result is the sum of its pair settlements.
    for seat in 0..3u8 {
        let from_pairs: i64 = s
            .payments
            .iter()
            .map(|p| {
                if p.payee == seat {
                    p.amount as i64
                } else if p.payer == seat {
                    -(p.amount as i64)
                } else {
                    0
                }
            })
            .sum();
        assert_eq!(from_pairs, s.net[seat as usize]);
    }
    let (status, players) = h
        .games
        .db
        .matches()
        .match_result(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(status.to_string(), "finished");
    assert_eq!(players.len(), 3);
    for (seat, final_total, net, won) in players {
        assert_eq!(
            (final_total, net, won),
            (
                s.finals[seat as usize] as i64,
                s.net[seat as usize],
                s.winner == seat
            )
        );
    }
    let hands = h.games.db.matches().match_hands(id).await.unwrap();
    assert_eq!(hands.len(), game.history.len());
    assert_eq!(hands[0].1, "dead");
    let three = h
        .games
        .db
        .ledger()
        .leaderboard(
            GUILD,
            i64::MIN,
            Some("three"),
            gin::store::BoardSort::Net,
            1,
        )
        .await
        .unwrap();
    assert_eq!(three.len(), 3);
    let two = h
        .games
        .db
        .ledger()
        .leaderboard(GUILD, i64::MIN, Some("two"), gin::store::BoardSort::Net, 1)
        .await
        .unwrap();
    assert!(two.is_empty(), "the format filter");
    use gin::games::ledger::FormatFilter;
    let c = h.caller(ALICE, None);
    let ledger = h.games.ledger();
    let stats = |f| ledger.stats(&c, None, f);
    assert!(stats(FormatFilter::named("three").unwrap())
        .await
        .said()
        .content
        .contains("Matches: 1"));
    assert!(stats(FormatFilter::named("two").unwrap())
        .await
        .said()
        .content
        .contains("no finished matches"));
    let history = h
        .games
        .ledger()
        .history(&c, None, FormatFilter::named("three").unwrap())
        .await;
    assert!(
        history.said().content.contains("vs Bob, Carol"),
        "{}",
        history.said().content
    );
    let none = h
        .games
        .ledger()
        .history(&c, None, FormatFilter::named("two").unwrap())
        .await;
    assert!(none.said().content.contains("no finished matches"));
}

#[tokio::test]
async fn a_restart_in_the_middle_of_a_three_player_hand_continues_correctly() {
    let h = Harness::new().await;
    let id = h.new_match(&[BOB, CAROL]).await;
    play_with_a_dead_first_hand(&h, id).await;
    let expected = h.games.snapshot(id).await.unwrap().game;

    let h = Harness::new().await;
    let id = h.new_match(&[BOB, CAROL]).await;
    while h.games.snapshot(id).await.unwrap().game.deal_no() == 0 {
        assert!(h.play_turn_with(id, false).await);
    }
    for _ in 0..5 {
        assert!(h.play_turn(id).await);
    }
    let before = h.games.snapshot(id).await.unwrap();
    assert!(
        !before
            .game
            .as_match::<gin::engine::Match>()
            .unwrap()
            .hand
            .actions
            .is_empty(),
        "in the middle of a hand"
    );
    let h = h.restart().await;
    let after = h.games.snapshot(id).await.unwrap();
    assert_eq!((after.version, &after.game), (before.version, &before.game));
    while h.play_turn(id).await {}
    assert_eq!(h.games.snapshot(id).await.unwrap().game, expected);
}
