//! Basic Rummy (RULES.md section 12): one test per rule, then property tests of random play.
//! Seeded, so every run checks the same cases.

use gin::engine::rummy::*;
use gin::engine::{Card, CardSet};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn set(text: &str) -> CardSet {
    CardSet::parse(text).unwrap().into_iter().collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    CardSet::parse(text).unwrap()
}

/// Two players, seat 1 to move first (seat 0 deals).
fn two(rules: RummyRules, a: &str, b: &str, pile: &str, stock: &str) -> RummyHand {
    RummyHand::with_cards(&rules, 0, vec![set(a), set(b)], &cards(pile), &cards(stock))
}

fn meld(text: &str) -> RummyAction {
    RummyAction::Meld { cards: set(text) }
}

fn discard(text: &str) -> RummyAction {
    RummyAction::Discard { card: card(text) }
}

#[test]
fn the_deal_gives_ten_seven_or_six_cards_by_player_count() {
    for (players, each) in [(2u8, 10usize), (3, 7), (4, 7), (5, 6), (6, 6)] {
        let h = RummyHand::deal(&RummyRules::default(), [players; 32], players, 0);
        assert!(h.hands.iter().all(|c| c.len() == each), "{players} players");
        assert_eq!(h.discard_pile.len(), 1, "the upcard starts the pile");
        assert_eq!(h.stock.len(), 52 - usize::from(players) * each - 1);
        assert_eq!(h.to_act(), Some(1), "play starts left of the dealer");
    }
}

#[test]
fn a_turn_starts_with_a_draw() {
    let mut h = two(
        RummyRules::default(),
        "2S 3S 4S KD",
        "5H 6H 7H QC",
        "9C",
        "JD TD",
    );
    assert_eq!(h.apply(1, discard("5H")), Err(RummyError::MustDraw));
    h.apply(1, RummyAction::DrawStock).unwrap();
    assert_eq!(
        h.apply(1, RummyAction::DrawDiscard),
        Err(RummyError::AlreadyDrawn)
    );
}

#[test]
fn a_meld_is_a_set_or_a_run_and_anything_else_changes_nothing() {
    let mut h = two(
        RummyRules::default(),
        "2S 3S 4S KD",
        "5H 6H 8H QC",
        "9C",
        "JD TD",
    );
    h.apply(1, RummyAction::DrawStock).unwrap();
    let before = h.clone();
    assert_eq!(h.apply(1, meld("5H 6H 8H")), Err(RummyError::NotAMeld));
    assert_eq!(h.apply(1, meld("2S 3S 4S")), Err(RummyError::CardNotInHand));
    assert_eq!(h, before);
}

#[test]
fn one_meld_per_turn_unless_multiple_melds() {
    let hands = ("2S 3S 4S 7D 7H 7C KD", "5H 6H 8H QC 2C 3D 9S");
    let mut h = two(RummyRules::default(), hands.1, hands.0, "9C", "JD TD");
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("2S 3S 4S")).unwrap();
    assert_eq!(
        h.apply(1, meld("7D 7H 7C")),
        Err(RummyError::OneMeldPerTurn)
    );
    let rules = RummyRules {
        multiple_melds: true,
        ..RummyRules::default()
    };
    let mut h = two(rules, hands.1, hands.0, "9C", "JD TD");
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("2S 3S 4S")).unwrap();
    h.apply(1, meld("7D 7H 7C")).unwrap();
    assert_eq!(h.melds.len(), 2);
}

#[test]
fn a_layoff_extends_any_meld_on_the_table_and_never_rearranges_it() {
    let mut h = two(
        RummyRules::default(),
        "5S 9D 9H 9C KC AH",
        "2S 3S 4S 6H 6D",
        "TC",
        "JD QH 8S 7C",
    );
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("2S 3S 4S")).unwrap();
    h.apply(1, discard("JD")).unwrap();
    h.apply(0, RummyAction::DrawStock).unwrap();
    // Seat 0 extends seat 1's run: onto someone else's meld is allowed.
    h.apply(
        0,
        RummyAction::LayOff {
            card: card("5S"),
            meld: 0,
        },
    )
    .unwrap();
    assert_eq!(h.melds[0].cards, set("2S 3S 4S 5S"));
    assert_eq!(h.melds[0].owner, 1);
    assert_eq!(
        h.apply(
            0,
            RummyAction::LayOff {
                card: card("KC"),
                meld: 0
            }
        ),
        Err(RummyError::DoesNotExtend)
    );
    assert_eq!(
        h.apply(
            0,
            RummyAction::LayOff {
                card: card("KC"),
                meld: 3
            }
        ),
        Err(RummyError::NoSuchMeld)
    );
}

#[test]
fn with_the_option_a_layoff_waits_for_ones_first_meld() {
    let rules = RummyRules {
        layoff_after_first_meld: true,
        ..RummyRules::default()
    };
    let mut h = two(
        rules,
        "5S 9D 9H 9C KC AH",
        "2S 3S 4S 6H 6D",
        "TC",
        "JD QH 8S 7C",
    );
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("2S 3S 4S")).unwrap();
    h.apply(1, discard("JD")).unwrap();
    h.apply(0, RummyAction::DrawStock).unwrap();
    assert_eq!(
        h.apply(
            0,
            RummyAction::LayOff {
                card: card("5S"),
                meld: 0
            }
        ),
        Err(RummyError::LayOffBeforeFirstMeld)
    );
    h.apply(0, meld("9D 9H 9C")).unwrap();
    h.apply(
        0,
        RummyAction::LayOff {
            card: card("5S"),
            meld: 0,
        },
    )
    .unwrap();
}

#[test]
fn the_card_taken_from_the_pile_is_not_discarded_that_turn_but_may_be_later() {
    let mut h = two(
        RummyRules::default(),
        "2S 3S KD 9H",
        "5H 6H QC 8D",
        "9C",
        "JD TD 4C",
    );
    h.apply(1, RummyAction::DrawDiscard).unwrap();
    assert_eq!(h.apply(1, discard("9C")), Err(RummyError::CannotRediscard));
    h.apply(1, discard("QC")).unwrap();
    h.apply(0, RummyAction::DrawStock).unwrap();
    h.apply(0, discard("KD")).unwrap();
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, discard("9C")).unwrap();
}

#[test]
fn going_out_by_a_meld_wins_at_once_and_scores_the_other_hands() {
    // Seat 1 melded in an earlier turn, so no hand rummy: it scores seat 0's cards.
    let mut h = two(
        RummyRules::default(),
        "KD 3C AH 9S",
        "2S 3S 4S 7D 7H 7C",
        "TC",
        "JD QH 8S 5C 6C",
    );
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("2S 3S 4S")).unwrap();
    h.apply(1, discard("JD")).unwrap();
    h.apply(0, RummyAction::DrawStock).unwrap();
    h.apply(0, discard("QH")).unwrap();
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("7D 7H 7C")).unwrap();
    h.apply(1, discard("8S")).unwrap();
    let Some(RummyEnd::Out {
        winner,
        points,
        hand_rummy,
        ..
    }) = h.end.clone()
    else {
        panic!("seat 1 went out: {:?}", h.end)
    };
    assert_eq!((winner, hand_rummy), (1, false));
    assert_eq!(points, 10 + 3 + 1 + 9);
}

#[test]
fn with_discard_to_go_out_the_last_card_must_be_discarded() {
    let rules = RummyRules {
        discard_to_go_out: true,
        ..RummyRules::default()
    };
    let mut h = two(rules, "KD 3C AH 9S", "2S 3S 4S", "TC", "5S QH");
    h.apply(1, RummyAction::DrawStock).unwrap();
    assert_eq!(
        h.apply(1, meld("2S 3S 4S 5S")),
        Err(RummyError::MustGoOutByDiscard)
    );
    h.apply(1, meld("2S 3S 4S")).unwrap();
    h.apply(1, discard("5S")).unwrap();
    assert!(matches!(h.end, Some(RummyEnd::Out { winner: 1, .. })));
}

#[test]
fn hand_rummy_doubles_adds_ten_or_nothing() {
    for (option, expected) in [
        (HandRummy::Double, 2 * 23),
        (HandRummy::Bonus10, 23 + 10),
        (HandRummy::Off, 23),
    ] {
        let rules = RummyRules {
            multiple_melds: true,
            hand_rummy: option,
            ..RummyRules::default()
        };
        let mut h = two(rules, "KD 3C 9S AH", "2S 3S 4S 7D 7H 7C", "TC", "8S QH");
        h.apply(1, RummyAction::DrawStock).unwrap();
        h.apply(1, meld("2S 3S 4S")).unwrap();
        h.apply(1, meld("7D 7H 7C")).unwrap();
        h.apply(1, discard("8S")).unwrap();
        let Some(RummyEnd::Out {
            points, hand_rummy, ..
        }) = h.end.clone()
        else {
            panic!("out")
        };
        assert_eq!(points, expected, "{option:?}");
        assert_eq!(hand_rummy, option != HandRummy::Off);
    }
}

#[test]
fn aces_count_fifteen_and_close_a_queen_king_run_with_aces_high_low() {
    let rules = RummyRules {
        aces_high_low: true,
        hand_rummy: HandRummy::Off,
        ..RummyRules::default()
    };
    let mut h = two(rules.clone(), "AD 2C 5H", "QS KS AS", "TC", "9D JH");
    h.apply(1, RummyAction::DrawStock).unwrap();
    h.apply(1, meld("QS KS AS")).unwrap();
    h.apply(1, discard("9D")).unwrap();
    let Some(RummyEnd::Out { winner, points, .. }) = h.end.clone() else {
        panic!("out")
    };
    assert_eq!((winner, points), (1, 15 + 2 + 5));
    // Without the option Q-K-A is no run.
    let mut h = two(RummyRules::default(), "AD 2C 5H", "QS KS AS", "TC", "9D JH");
    h.apply(1, RummyAction::DrawStock).unwrap();
    assert_eq!(h.apply(1, meld("QS KS AS")), Err(RummyError::NotAMeld));
}

#[test]
fn an_empty_stock_turns_the_pile_unshuffled_and_the_third_run_out_ends_the_hand() {
    let mut h = two(
        RummyRules::default(),
        "KD QC JH 9S",
        "KS QD JC 9H",
        "2C 3D 4H 5S",
        "",
    );
    // Stock empty, seat 1 does not take the discard: the pile (but 5S) becomes the stock,
    // its bottom card 2C on top.
    h.apply(1, RummyAction::DrawStock).unwrap();
    assert_eq!(h.discard_pile, cards("5S"));
    assert!(h.hands[1].contains(card("2C")));
    assert_eq!(h.stock, vec![card("4H"), card("3D")]);
    assert_eq!(h.stock_passes, 1);
    // Run the stock out twice more without taking a discard.
    let mut seat = 1;
    while !h.is_over() {
        if h.to_act() == Some(seat) && matches!(h.phase, RummyPhase::Play { .. }) {
            let high = h.hands[usize::from(seat)]
                .iter()
                .max_by_key(|c| c.value())
                .unwrap();
            h.apply(seat, RummyAction::Discard { card: high }).unwrap();
            seat = 1 - seat;
        } else {
            h.apply(seat, RummyAction::DrawStock).unwrap();
        }
    }
    assert_eq!(h.end, Some(RummyEnd::StockExhausted));
    assert_eq!(h.stock_passes, 3);
}

#[test]
fn with_reshuffle_stock_the_turned_pile_is_shuffled_from_the_seed() {
    let rules = RummyRules {
        reshuffle_stock: true,
        ..RummyRules::default()
    };
    let pile = "2C 3D 4H 5S 6C 7D 8H 9S TC JD QH KS";
    let turn = || {
        let mut h = two(rules.clone(), "KD QC JH 9C", "AS QD JC 9H", pile, "");
        h.apply(1, RummyAction::DrawStock).unwrap();
        h
    };
    let (a, b) = (turn(), turn());
    assert_eq!(a.stock, b.stock, "the same seed shuffles the same way");
    assert_eq!(a.discard_pile, cards("KS"));
    let mut held: Vec<Card> = a.stock.clone();
    held.extend(
        a.hands[1]
            .iter()
            .filter(|c| !set("AS QD JC 9H").contains(*c)),
    );
    held.sort();
    let mut expected = cards("2C 3D 4H 5S 6C 7D 8H 9S TC JD QH");
    expected.sort();
    assert_eq!(held, expected);
    // Unshuffled, 2C would have been on top and drawn, the rest below it in pile order.
    let mut unshuffled = cards("3D 4H 5S 6C 7D 8H 9S TC JD QH");
    unshuffled.reverse();
    assert_ne!(a.stock, unshuffled, "not the pile's order");
}

#[test]
fn the_match_ends_at_the_target_and_every_pair_settles_its_difference() {
    let m = play_out(RummyRules::default(), 4, [1; 32], 0);
    let RummyStatus::Finished(s) = &m.status else {
        panic!("over")
    };
    assert!(s.totals.iter().any(|&t| t >= 100));
    assert_eq!(s.net.iter().sum::<i64>(), 0);
    assert_eq!(s.payments.len(), 6 - count_equal_pairs(&s.totals));
    // The deal passes to the left.
    for pair in m.history.windows(2) {
        assert_eq!(pair[1].dealer, (pair[0].dealer + 1) % 4);
    }
}

fn count_equal_pairs(totals: &[u32]) -> usize {
    let mut n = 0;
    for a in 0..totals.len() {
        for b in a + 1..totals.len() {
            n += usize::from(totals[a] == totals[b]);
        }
    }
    n
}

#[test]
fn with_rounds_the_highest_total_wins_after_that_many_hands() {
    let rules = RummyRules {
        rounds: Some(2),
        target: 10_000,
        ..RummyRules::default()
    };
    let m = play_out(rules, 3, [2; 32], 0);
    assert_eq!(m.history.len(), 2);
    let RummyStatus::Finished(s) = &m.status else {
        panic!("over")
    };
    let best = *s.totals.iter().max().unwrap();
    assert!(s.winners.iter().all(|&w| s.totals[usize::from(w)] == best));
}

/// Plays a match with legal moves chosen by `pick` (an index into the legal moves, by step).
fn play_out(rules: RummyRules, players: u8, seed: [u8; 32], salt: u64) -> RummyMatch {
    let mut m = RummyMatch::new(rules, players, seed).unwrap();
    let mut step = 0u64;
    while !m.is_over() {
        let seat = m.hand.to_act().unwrap();
        let legal = m.legal_actions(seat);
        assert!(!legal.is_empty(), "a player to move always has a move");
        // Prefer melds and layoffs, so hands end by going out.
        let good: Vec<&RummyAction> = legal
            .iter()
            .filter(|a| matches!(a, RummyAction::Meld { .. } | RummyAction::LayOff { .. }))
            .collect();
        let mix = step.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(salt) >> 33;
        let action = if let Some(a) = good.first() {
            **a
        } else {
            legal[mix as usize % legal.len()]
        };
        m.apply(seat, action).unwrap();
        step += 1;
        assert!(step < 200_000, "the match ends");
    }
    m
}

#[test]
fn a_seeded_game_for_each_player_count_replays_to_the_same_end() {
    for players in 2..=6u8 {
        let m = play_out(RummyRules::default(), players, [players + 40; 32], 7);
        let again = RummyMatch::replay(RummyRules::default(), players, m.seed, &m.log).unwrap();
        assert_eq!(again, m, "{players} players");
        assert!(m.is_over());
    }
}

#[test]
fn both_ai_levels_play_legal_moves_and_medium_wins_more_hands_than_simple() {
    use gin::engine::rummy::ai::play_hand;
    let rules = RummyRules::default();
    let (mut medium, mut simple) = (0, 0);
    for g in 0..60u8 {
        let levels: Vec<RummyLevel> = (0..4u8)
            .map(|s| {
                if (s + g) % 2 == 0 {
                    RummyLevel::Medium
                } else {
                    RummyLevel::Simple
                }
            })
            .collect();
        if let RummyEnd::Out { winner, .. } = play_hand(&levels, &rules, [g; 32], g % 4) {
            if levels[usize::from(winner)] == RummyLevel::Medium {
                medium += 1;
            } else {
                simple += 1;
            }
        }
    }
    assert!(medium > simple, "medium {medium}, simple {simple}");
}

fn config(cases: u32) -> Config {
    super::fixed_cases(cases, 0x7275_6d6d)
}

/// Every card exactly once: hands, table melds, stock and discard pile.
fn conserved(h: &RummyHand) -> bool {
    let mut all = 0u64;
    let mut count = 0;
    for s in h.hands.iter().chain(h.melds.iter().map(|m| &m.cards)) {
        all |= s.0;
        count += s.len();
    }
    for &c in h.stock.iter().chain(&h.discard_pile) {
        all |= CardSet::from_cards(&[c]).0;
        count += 1;
    }
    count == 52 && CardSet(all).len() == 52
}

proptest! {
    #![proptest_config(config(40))]

    /// Random legal play: cards conserved, every offered action accepted, no view shows a
    /// hidden card of another hand, every hand ends (the stock rule bounds it), replay equal.
    #[test]
    fn random_rummy_play(
        players in 2u8..=6,
        seed in any::<[u8; 32]>(),
        multiple_melds in any::<bool>(),
        aces_high_low in any::<bool>(),
        layoff_after_first_meld in any::<bool>(),
        discard_to_go_out in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 1500),
    ) {
        let rules = RummyRules {
            multiple_melds,
            aces_high_low,
            layoff_after_first_meld,
            discard_to_go_out,
            target: 60,
            ..RummyRules::default()
        };
        let mut m = RummyMatch::new(rules.clone(), players, seed).unwrap();
        for pick in choices {
            if m.is_over() {
                break;
            }
            let seat = m.hand.to_act().unwrap();
            let legal = m.legal_actions(seat);
            prop_assert!(!legal.is_empty());
            m.apply(seat, legal[usize::from(pick) % legal.len()]).unwrap();
            prop_assert!(conserved(&m.hand));
            // The public table names no card of any hand but those everyone saw taken.
            let table = serde_json::to_string(&m.table_view()).unwrap();
            for (seat, hand) in m.hand.hands.iter().enumerate() {
                for c in hand.iter().filter(|&c| !m.hand.known[seat].contains(c)) {
                    let quoted = format!("\"{c}\"");
                    prop_assert!(!table.contains(&quoted));
                }
            }
            for viewer in 0..players {
                let v = m.view_for(viewer);
                if v.end.is_some() {
                    continue;
                }
                let shown = serde_json::to_string(&v).unwrap();
                for (other, hand) in m.hand.hands.iter().enumerate() {
                    if other == usize::from(viewer) {
                        continue;
                    }
                    for c in hand.iter().filter(|&c| !m.hand.known[other].contains(c)) {
                        // A card of another hand is never in the view, whatever its form.
                        prop_assert!(!v.hand.contains(c));
                        let quoted = format!("\"{c}\"");
                        prop_assert!(!shown.contains(&quoted));
                    }
                }
            }
        }
        let again = RummyMatch::replay(rules, players, seed, &m.log).unwrap();
        prop_assert_eq!(again, m);
    }
}

/// Leaving a match (a resignation or a forfeit) never gains: the player who leaves settles as
/// if they had scored nothing and pays each other player that player's total.
#[test]
fn a_player_who_resigns_while_leading_pays_every_other_player() {
    let mut m = RummyMatch::new(RummyRules::default(), 3, [3; 32]).unwrap();
    m.totals = vec![60, 5, 20];
    m.apply_event(RummyEvent::Resign { seat: 0 }).unwrap();
    let s = m.settlement().unwrap();
    assert_eq!(s.winners, vec![2]);
    assert_eq!(s.resigned, Some(0));
    assert_eq!(s.net, vec![-25, -10, 35]);
    assert_eq!(s.totals, vec![60, 5, 20], "the sheet keeps what was scored");
}
