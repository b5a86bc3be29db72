//! One test per rule of `docs/RULES.md`, named after the rule.

use gin::engine::deck::{commitment, hand_seed, verify_commitment};
use gin::engine::scoring::score_showdown;
use gin::engine::*;
use Action::*;

fn cs(text: &str) -> CardSet {
    CardSet::parse(text).unwrap().into_iter().collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    CardSet::parse(text).unwrap()
}

/// A two-player hand with chosen cards: seat 0 acts first, seat 1 deals.
fn hand(rules: &Rules, first: &str, second: &str, upcard: &str, stock: &str) -> Hand {
    Hand::with_cards(
        rules,
        [0, 1],
        1,
        [cs(first), cs(second)],
        Some(card(upcard)),
        &cards(stock),
    )
}

fn rules(overrides: &str) -> Rules {
    Rules::from_preset_and_overrides(Preset::Classic, overrides).unwrap()
}

fn showdown_of(h: &Hand) -> (&Showdown, HandScore, Seat) {
    match h.result() {
        Some(HandEnd::Knocked {
            showdown,
            score,
            knocker,
            ..
        }) => (showdown, *score, *knocker),
        other => panic!("expected a knock, got {other:?}"),
    }
}

// A knock worth 76: 2 deadwood (the 2C taken) against 78, nothing to lay off.
const KNOCKER: &str = "AS 2S 3S 4H 5H 6H 7C 7D 7S KC";
const DEFENDER: &str = "9H 9D JC QS KH 8C 5D TC 3C 4D";
// Against KNOCKER knocking with 5 (upcard 5C): the defender holds exactly 5, a tie.
const TIE_DEFENDER: &str = "9H 9D 9C TS JS QS JD QD KD 5D";
const STOCK: &str = "6C 2H 3H 4S 8H";

/// Puts chosen cards into the match's current hand, keeping its seats and dealer.
fn script(m: &mut Match, first: &str, second: &str, upcard: &str, stock: &str) {
    m.hand = Hand::with_cards(
        &m.rules,
        m.hand.players,
        m.hand.dealer,
        [cs(first), cs(second)],
        Some(card(upcard)),
        &cards(stock),
    );
}

/// The hand's first player takes the upcard and knocks with `discard`.
fn take_and_knock(m: &mut Match, discard: &str) {
    let p = m.hand.players[0];
    m.apply(p, TakeUpcard).unwrap();
    m.apply(p, Knock(card(discard))).unwrap();
}

/// Scripted hands: the first player wins 76, or is undercut for 10, or the hand dies.
fn first_player_knocks(m: &mut Match) {
    script(m, KNOCKER, DEFENDER, "2C", STOCK);
    take_and_knock(m, "KC");
}

fn first_player_is_undercut(m: &mut Match) {
    script(m, KNOCKER, TIE_DEFENDER, "5C", STOCK);
    take_and_knock(m, "KC");
}

fn dead_hand(m: &mut Match) {
    script(
        m,
        "KC QC JD TD 8H 2C 4C 6D 8D 7S",
        "AS 2S 3S 4H 5H 6H 7C 7D 9S 9H",
        "QS",
        "3C 5C 9C",
    );
    let [a, b] = m.hand.players;
    m.apply(a, Pass).unwrap();
    m.apply(b, Pass).unwrap();
    m.apply(a, DrawStock).unwrap();
    m.apply(a, Discard(card("7S"))).unwrap();
}

#[test]
fn deal_gives_ten_cards_each_one_upcard_and_a_stock_of_31() {
    let h = Hand::deal(&Rules::default(), [9; 32], [0, 1], 1);
    assert_eq!(
        (h.hands[0].len(), h.hands[1].len(), h.stock.len()),
        (10, 10, 31)
    );
    assert_eq!(h.discard_pile, vec![h.upcard.unwrap()]);
    assert_eq!(h.card_count(), 52);
    assert_eq!(
        h,
        Hand::deal(&Rules::default(), [9; 32], [0, 1], 1),
        "same seed, same deal"
    );
}

#[test]
fn upcard_offer_goes_to_the_non_dealer_then_the_dealer_then_the_non_dealer_draws_from_stock() {
    let mut h = Hand::deal(&Rules::default(), [3; 32], [0, 1], 1);
    assert_eq!(h.phase, Phase::UpcardOffer { player: 0 });
    assert_eq!(h.legal_actions(0), vec![TakeUpcard, Pass]);
    assert!(h.legal_actions(1).is_empty());
    let before = h.clone();
    assert_eq!(h.apply(1, Pass), Err(ActionError::NotYourTurn));
    assert_eq!(h.apply(0, DrawStock), Err(ActionError::UpcardPending));
    assert_eq!(h, before, "errors change nothing");
    h.apply(0, Pass).unwrap();
    assert_eq!(h.phase, Phase::UpcardOffer { player: 1 });
    h.apply(1, Pass).unwrap();
    assert_eq!(
        h.phase,
        Phase::Draw {
            player: 0,
            stock_only: true
        }
    );
    assert_eq!(h.legal_actions(0), vec![DrawStock]);
    assert_eq!(h.apply(0, DrawDiscard), Err(ActionError::StockOnly));
    h.apply(0, DrawStock).unwrap();
    assert_eq!(h.hands[0].len(), 11);
}

#[test]
fn upcard_taker_discards_then_the_other_player_has_a_normal_turn() {
    let mut h = Hand::deal(&Rules::default(), [4; 32], [0, 1], 1);
    let up = h.upcard.unwrap();
    h.apply(0, Pass).unwrap();
    h.apply(1, TakeUpcard).unwrap();
    assert_eq!(
        h.phase,
        Phase::Discard {
            player: 1,
            taken: Some(up),
            must_knock: false
        }
    );
    assert!(!h.legal_actions(1).contains(&Discard(up)));
    assert_eq!(h.apply(1, Discard(up)), Err(ActionError::CannotRediscard));
    let other = h.hands[1].iter().find(|&c| c != up).unwrap();
    h.apply(1, Discard(other)).unwrap();
    assert_eq!(
        h.phase,
        Phase::Draw {
            player: 0,
            stock_only: false
        }
    );
    assert_eq!(h.legal_actions(0), vec![DrawStock, DrawDiscard]);
}

#[test]
fn allow_rediscard_lets_the_card_just_taken_go_back() {
    let mut h = Hand::deal(&rules("allow_rediscard=on"), [4; 32], [0, 1], 1);
    let up = h.upcard.unwrap();
    h.apply(0, TakeUpcard).unwrap();
    assert!(h.legal_actions(0).contains(&Discard(up)));
    h.apply(0, Discard(up)).unwrap();
}

#[test]
fn discarding_a_card_not_in_hand_is_refused() {
    let mut h = hand(&Rules::default(), KNOCKER, DEFENDER, "2C", STOCK);
    h.apply(0, TakeUpcard).unwrap();
    let before = h.clone();
    assert_eq!(
        h.apply(0, Discard(card("9H"))),
        Err(ActionError::CardNotInHand)
    );
    assert_eq!(h.apply(0, DrawStock), Err(ActionError::MustDiscard));
    assert_eq!(h, before);
}

#[test]
fn knocking_above_the_knock_limit_is_refused() {
    let mut h = hand(
        &Rules::default(),
        "AS 2S 3S 4H 5H 6H 7C 8D 9S KD",
        DEFENDER,
        "2C",
        STOCK,
    );
    h.apply(0, TakeUpcard).unwrap();
    let before = h.clone();
    assert_eq!(
        h.apply(0, Knock(card("KD"))),
        Err(ActionError::AboveKnockLimit {
            deadwood: 26,
            limit: 10
        })
    );
    assert_eq!(h, before);
    assert!(!h.legal_actions(0).iter().any(|a| matches!(a, Knock(_))));
}

#[test]
fn knocking_is_allowed_from_the_very_first_turn() {
    let mut h = hand(&Rules::default(), KNOCKER, DEFENDER, "2C", STOCK);
    h.apply(0, TakeUpcard).unwrap();
    assert!(h.legal_actions(0).contains(&Knock(card("KC"))));
    h.apply(0, Knock(card("KC"))).unwrap();
    let (s, score, knocker) = showdown_of(&h);
    assert_eq!(
        (knocker, s.kind, s.knocker_deadwood, s.defender_deadwood),
        (0, ShowdownKind::Knock, 2, 78)
    );
    assert_eq!(
        (score.knocker_won, score.points, score.lines),
        (true, 76, 1)
    );
    assert_eq!(h.apply(1, DrawStock), Err(ActionError::HandOver));
}

#[test]
fn dead_hand_when_two_stock_cards_are_left_and_nobody_knocked() {
    let mut h = hand(
        &Rules::default(),
        "KC QC JD TD 8H 2C 4C 6D 8D 7S",
        "AS 2S 3S 4H 5H 6H 7C 7D 9S 9H",
        "QS",
        "3C 5C 9C",
    );
    h.apply(0, Pass).unwrap();
    h.apply(1, Pass).unwrap();
    h.apply(0, DrawStock).unwrap();
    assert_eq!(h.stock.len(), 2);
    h.apply(0, Discard(card("7S"))).unwrap();
    assert_eq!(h.result(), Some(&HandEnd::Dead));
    assert!(h.is_over());
}

#[test]
fn fiftieth_card_may_be_taken_to_knock_and_the_hand_dies_if_passed() {
    let r = rules("fiftieth_card=on");
    let play = |pass: bool| {
        let mut h = hand(
            &r,
            "KC QC JD TD 8H 2C 4C 6D 8D 7S",
            "AS 2S 3S 4H 5H 6H 7C 7D 9S 9H",
            "QS",
            "3C 5C 9C",
        );
        h.apply(0, Pass).unwrap();
        h.apply(1, Pass).unwrap();
        h.apply(0, DrawStock).unwrap();
        h.apply(0, Discard(card("7S"))).unwrap();
        assert_eq!(h.phase, Phase::FiftiethCard { player: 1 });
        assert_eq!(h.legal_actions(1), vec![DrawDiscard, Pass]);
        if pass {
            h.apply(1, Pass).unwrap();
        } else {
            h.apply(1, DrawDiscard).unwrap();
            assert_eq!(h.apply(1, Discard(card("9S"))), Err(ActionError::MustKnock));
            h.apply(1, Knock(card("9S"))).unwrap();
        }
        h
    };
    assert_eq!(play(true).result(), Some(&HandEnd::Dead));
    let h = play(false);
    let (s, score, knocker) = showdown_of(&h);
    // Knocker keeps 9H; the defender has 2C 3C 4C and 62 deadwood.
    assert_eq!(
        (
            knocker,
            s.knocker_deadwood,
            s.defender_deadwood,
            score.points
        ),
        (1, 9, 62, 53)
    );
}

#[test]
fn fiftieth_card_that_cannot_help_may_only_be_passed() {
    let r = rules("fiftieth_card=on");
    let mut h = hand(
        &r,
        "KC QC JD TD 8H 2C 4C 6D 8D 7S",
        "AS 2S 3S 4H 5H 6H 7C 7D 9S 9H",
        "QS",
        "3C 5C 9C",
    );
    h.apply(0, Pass).unwrap();
    h.apply(1, Pass).unwrap();
    h.apply(0, DrawStock).unwrap();
    h.apply(0, Discard(card("KC"))).unwrap();
    assert_eq!(h.legal_actions(1), vec![Pass]);
    assert_eq!(
        h.apply(1, DrawDiscard),
        Err(ActionError::FiftiethCardUseless)
    );
}

#[test]
fn eleven_card_deal_starts_with_a_discard_and_no_upcard() {
    let mut h = Hand::deal(&rules("eleven_card_deal=on"), [5; 32], [0, 1], 1);
    assert_eq!(
        (h.hands[0].len(), h.hands[1].len(), h.stock.len(), h.upcard),
        (11, 10, 31, None)
    );
    assert!(h.discard_pile.is_empty());
    assert_eq!(h.apply(0, DrawStock), Err(ActionError::MustDiscard));
    let c = h.hands[0].iter().next().unwrap();
    h.apply(0, Discard(c)).unwrap();
    assert_eq!(
        h.phase,
        Phase::Draw {
            player: 1,
            stock_only: false
        }
    );
}

#[test]
fn tie_is_an_undercut() {
    let mut h = hand(&Rules::default(), KNOCKER, TIE_DEFENDER, "5C", STOCK);
    h.apply(0, TakeUpcard).unwrap();
    h.apply(0, Knock(card("KC"))).unwrap();
    let (s, score, _) = showdown_of(&h);
    assert_eq!(
        (s.kind, s.knocker_deadwood, s.defender_deadwood),
        (ShowdownKind::Undercut, 5, 5)
    );
    assert_eq!((score.knocker_won, score.points), (false, 10));
}

#[test]
fn undercut_scores_the_difference_plus_the_undercut_bonus() {
    // Knocker 10 (KC kept? no: 9C kept), defender 5 after no layoffs: 5 + 10.
    let mut h = hand(
        &Rules::default(),
        "AS 2S 3S 4H 5H 6H 7C 7D 7S KC",
        TIE_DEFENDER,
        "TC",
        STOCK,
    );
    h.apply(0, TakeUpcard).unwrap();
    h.apply(0, Knock(card("KC"))).unwrap();
    let (s, score, _) = showdown_of(&h);
    assert_eq!(
        (
            s.kind,
            s.knocker_deadwood,
            s.defender_deadwood,
            score.points
        ),
        (ShowdownKind::Undercut, 10, 5, 15)
    );
}

#[test]
fn gin_scores_the_gin_bonus_and_receives_no_layoffs() {
    let defender = "5S 3H 7H QC QD JD 9C 9D 2C 8H";
    let mut h = hand(
        &Rules::default(),
        "AS 2S 3S 4S 4H 5H 6H 7C 7D KC",
        defender,
        "7S",
        STOCK,
    );
    h.apply(0, TakeUpcard).unwrap();
    h.apply(0, Knock(card("KC"))).unwrap();
    let (s, score, _) = showdown_of(&h);
    // 5S, 3H, 7H and 8H would all lay off onto a knock: not onto gin.
    assert_eq!(
        (s.kind, s.defender_deadwood, s.layoffs.len()),
        (ShowdownKind::Gin, 73, 0)
    );
    assert_eq!((score.knocker_won, score.points), (true, 93));
}

#[test]
fn gin_can_never_be_undercut() {
    let s = solve_showdown(
        cs("AS 2S 3S 4S 4H 5H 6H 7C 7D 7S"),
        cs("9H 9D 9C TS JS QS KS JD QD KD"),
        10,
    )
    .unwrap();
    assert_eq!((s.kind, s.defender_deadwood), (ShowdownKind::Gin, 0));
    let score = score_showdown(&s, &Rules::default(), None);
    assert_eq!((score.knocker_won, score.points), (true, 20));
}

#[test]
fn layoffs_chain_at_both_ends_of_a_run() {
    let s = solve_showdown(
        cs("5C 6C 7C 2H 2S 2D 9S 9H 9D AS"),
        cs("3C 4C 8C 9C KD QS JS TH 4D 6H"),
        10,
    )
    .unwrap();
    let laid: CardSet = s.layoffs.iter().map(|l| l.card).collect();
    assert_eq!(laid, cs("3C 4C 8C 9C"));
    assert_eq!((s.knocker_deadwood, s.defender_deadwood), (1, 50));
}

#[test]
fn defender_breaks_its_own_meld_when_laying_off_pays() {
    // knock_peers.json record 1 (OpenSpiel): the eights are broken up to lay off 8S 9S, 7C 8C.
    let s = solve_showdown(
        cs("5S 6S 7S 9C TC JC KS KC KD JD"),
        cs("2S 2C 2D 2H AC 8S 9S 7C 8C 8D"),
        10,
    )
    .unwrap();
    assert!(!s
        .defender_melds
        .iter()
        .any(|m| m.kind() == MeldKind::Set && m.0.contains(card("8S"))));
    let laid: CardSet = s.layoffs.iter().map(|l| l.card).collect();
    assert_eq!(laid, cs("8S 9S 7C 8C"));
    assert_eq!(
        (s.kind, s.knocker_deadwood, s.defender_deadwood),
        (ShowdownKind::Undercut, 10, 9)
    );
}

#[test]
fn knocker_shows_sets_rather_than_runs_to_deny_layoffs() {
    // knock_peers.json record 2: runs would take 4S 4C 4D and 8S 8C 8D and be undercut.
    let s = solve_showdown(
        cs("AS 5S 6S 7S 5C 6C 7C 5D 6D 7D"),
        cs("3S 4S 4C 4D 8S 8C 8D 5H 6H 7H"),
        10,
    )
    .unwrap();
    assert!(
        s.knocker_melds.iter().all(|m| m.kind() == MeldKind::Set),
        "{:?}",
        s.knocker_melds
    );
    assert_eq!(
        (s.kind, s.knocker_deadwood, s.defender_deadwood),
        (ShowdownKind::Knock, 1, 3)
    );
}

#[test]
fn oklahoma_knock_limit_is_the_upcard_value() {
    let ok = Preset::Oklahoma.rules();
    let mut h = hand(
        &ok,
        "AS 2S 3S 4H 5H 6H 7C 7D 7S 5C",
        DEFENDER,
        "3D",
        "KH 6C",
    );
    assert_eq!(h.knock_limit, 3);
    h.apply(0, Pass).unwrap();
    h.apply(1, Pass).unwrap();
    h.apply(0, DrawStock).unwrap();
    let before = h.clone();
    assert_eq!(
        h.apply(0, Knock(card("KH"))),
        Err(ActionError::AboveKnockLimit {
            deadwood: 5,
            limit: 3
        })
    );
    assert_eq!(h, before);
    assert_eq!(hand(&ok, KNOCKER, DEFENDER, "KD", STOCK).knock_limit, 10);
}

#[test]
fn oklahoma_ace_upcard_allows_gin_only() {
    let ok = Preset::Oklahoma.rules();
    assert_eq!(hand(&ok, KNOCKER, DEFENDER, "AD", STOCK).knock_limit, 0);
    let mut lenient = ok.clone();
    lenient.set("oklahoma_ace_gin_only", "off").unwrap();
    assert_eq!(
        hand(&lenient, KNOCKER, DEFENDER, "AD", STOCK).knock_limit,
        1
    );
}

#[test]
fn oklahoma_spade_upcard_doubles_the_hand_bonuses_included() {
    let ok = Preset::Oklahoma.rules();
    let mut h = hand(&ok, KNOCKER, DEFENDER, "8S", STOCK);
    h.apply(0, TakeUpcard).unwrap();
    h.apply(0, Knock(card("KC"))).unwrap();
    let (_, score, _) = showdown_of(&h);
    assert_eq!((score.points, score.doubled), ((78 - 8) * 2, true));

    let mut g = hand(
        &ok,
        "AS 2S 3S 4S 4H 5H 6H 7C 7D KC",
        "5S 3H 7H QC QD JD 9C 9D 2C 8H",
        "7S",
        STOCK,
    );
    g.apply(0, TakeUpcard).unwrap();
    g.apply(0, Knock(card("KC"))).unwrap();
    assert_eq!(showdown_of(&g).1.points, (20 + 73) * 2);
}

#[test]
fn extra_boxes_give_one_for_an_undercut_two_for_gin_doubled_on_a_spade() {
    let mut r = Preset::Oklahoma.rules();
    r.set("extra_boxes", "on").unwrap();
    let gin = solve_showdown(cs("AS 2S 3S 4S 4H 5H 6H 7C 7D 7S"), cs(DEFENDER), 10).unwrap();
    let under = solve_showdown(cs("AS 2S 3S 4H 5H 6H 7C 7D 7S 5C"), cs(TIE_DEFENDER), 10).unwrap();
    let knock = solve_showdown(cs("AS 2S 3S 4H 5H 6H 7C 7D 7S 2C"), cs(DEFENDER), 10).unwrap();
    let lines = |r: &Rules, s: &Showdown, up: &str| score_showdown(s, r, Some(card(up))).lines;
    assert_eq!(
        (
            lines(&r, &knock, "9H"),
            lines(&r, &under, "9H"),
            lines(&r, &gin, "9H")
        ),
        (1, 2, 3)
    );
    assert_eq!(
        (
            lines(&r, &knock, "9S"),
            lines(&r, &under, "9S"),
            lines(&r, &gin, "9S")
        ),
        (1, 3, 5)
    );
    r.set("extra_boxes", "off").unwrap();
    assert_eq!(lines(&r, &gin, "9S"), 1);
}

#[test]
fn line_bonus_does_not_count_towards_the_target() {
    // 76 points and one line (20) pass 80 only with the line bonus: the match goes on.
    let mut m = Match::new(rules("target=80"), 2, [1; 32]).unwrap();
    let winner = m.hand.players[0];
    first_player_knocks(&mut m);
    assert_eq!(
        (m.totals[winner as usize], m.lines[winner as usize]),
        (76, 1)
    );
    assert!(!m.is_over());
}

#[test]
fn match_ends_at_the_target_with_the_game_bonus_line_bonuses_and_settlement() {
    let mut m = Match::new(rules("target=80"), 2, [2; 32]).unwrap();
    let b = m.hand.players[1];
    first_player_is_undercut(&mut m); // b: 10 points, 1 line; b's opponent deals next
    assert_eq!(m.totals[b as usize], 10);
    assert_eq!(m.hand.players[1], 1 - b, "the loser deals");
    let a = m.hand.players[0];
    assert_eq!(a, b);
    first_player_knocks(&mut m); // b again: 86
    let s = m.settlement().expect("match over").clone();
    assert_eq!(s.winner, b);
    let (w, l) = (b as usize, 1 - b as usize);
    assert_eq!((s.totals[w], s.lines[w], s.totals[l]), (86, 2, 0));
    assert_eq!(s.shutouts, vec![1 - b], "the loser never scored");
    assert_eq!(s.finals[w], 86 + 2 * 20 + 200);
    assert_eq!(s.net[w], 326);
    assert_eq!(
        s.payments,
        vec![Payment {
            payer: 1 - b,
            payee: b,
            amount: 326
        }]
    );
}

#[test]
fn game_bonus_without_shutout_and_the_lower_total_pays_the_difference() {
    let mut m = Match::new(rules("target=80"), 2, [3; 32]).unwrap();
    let a = m.hand.players[0];
    first_player_knocks(&mut m); // a: 76; the dealer lost and deals again
    assert_eq!(m.hand.players[0], a);
    first_player_is_undercut(&mut m); // the other: 10, a deals next
    let other = 1 - a;
    assert_eq!(m.hand.players[0], other);
    first_player_knocks(&mut m); // other: 86 wins
    let s = m.settlement().unwrap();
    assert_eq!(s.winner, other);
    assert!(s.shutouts.is_empty());
    let finals = (s.finals[other as usize], s.finals[a as usize]);
    assert_eq!(finals, (86 + 2 * 20 + 100, 76 + 20));
    assert_eq!(s.net[other as usize], 226 - 96);
    assert_eq!(s.net.iter().sum::<i64>(), 0);
}

#[test]
fn shutout_doubles_variant_doubles_the_winners_running_total() {
    let mut m = Match::new(
        Rules::from_preset_and_overrides(Preset::Flipside, "target=50").unwrap(),
        2,
        [4; 32],
    )
    .unwrap();
    let a = m.hand.players[0];
    first_player_knocks(&mut m);
    let s = m.settlement().unwrap();
    assert_eq!(s.winner, a);
    assert_eq!(s.finals[a as usize], 2 * 76 + 100 + 25);
    assert_eq!(s.game_bonus[a as usize], 76 + 100);
}

#[test]
fn dealer_rule_loser_deals() {
    let mut m = Match::new(rules("dealer_rule=loser_deals"), 2, [5; 32]).unwrap();
    let dealer = m.hand.dealer;
    first_player_knocks(&mut m); // the dealer lost
    assert_eq!(m.hand.dealer, dealer);
    first_player_is_undercut(&mut m); // the dealer won
    assert_eq!(m.hand.dealer, 1 - dealer);
}

#[test]
fn dealer_rule_winner_deals() {
    let mut m = Match::new(rules("dealer_rule=winner_deals"), 2, [5; 32]).unwrap();
    let dealer = m.hand.dealer;
    first_player_knocks(&mut m);
    assert_eq!(m.hand.dealer, 1 - dealer);
    first_player_is_undercut(&mut m);
    assert_eq!(m.hand.dealer, 1 - dealer);
}

#[test]
fn dealer_rule_alternate() {
    let mut m = Match::new(rules("dealer_rule=alternate"), 2, [5; 32]).unwrap();
    let dealer = m.hand.dealer;
    first_player_knocks(&mut m);
    assert_eq!(m.hand.dealer, 1 - dealer);
    first_player_knocks(&mut m);
    assert_eq!(m.hand.dealer, dealer);
}

#[test]
fn same_dealer_deals_again_after_a_dead_hand() {
    for rule in ["loser_deals", "winner_deals", "alternate"] {
        let mut m = Match::new(rules(&format!("dealer_rule={rule}")), 2, [6; 32]).unwrap();
        let dealer = m.hand.dealer;
        dead_hand(&mut m);
        assert_eq!(
            (m.hand.dealer, m.deal_no, m.history.len()),
            (dealer, 1, 1),
            "{rule}"
        );
        assert_eq!(m.history[0].end, HandEnd::Dead);
        assert_eq!(m.totals, vec![0, 0]);
        assert_eq!(m.lines, vec![0, 0], "a dead hand wins no line");
    }
}

#[test]
fn first_dealer_is_chosen_at_random_from_the_seed() {
    let dealers: std::collections::BTreeSet<Seat> = (0..32u8)
        .map(|i| {
            Match::new(Rules::default(), 2, [i; 32])
                .unwrap()
                .hand
                .dealer
        })
        .collect();
    assert_eq!(dealers.len(), 2);
    let threes: std::collections::BTreeSet<Seat> = (0..32u8)
        .map(|i| {
            Match::new(Rules::default(), 3, [i; 32])
                .unwrap()
                .hand
                .dealer
        })
        .collect();
    assert_eq!(threes.len(), 3);
}

#[test]
fn three_player_rotation_dealer_sits_out_and_the_loser_deals_next() {
    let mut m = Match::new(Rules::default(), 3, [7; 32]).unwrap();
    let d = m.hand.dealer;
    let seat = |k: u8| (d + k) % 3;
    assert_eq!(
        m.hand.players,
        [seat(1), seat(2)],
        "the seat after the dealer acts first"
    );
    assert_eq!(m.table_view().sitting_out, Some(d));
    assert!(m.view_for(d).hand.is_none());

    first_player_knocks(&mut m); // seat 1 wins 76, seat 2 lost and deals
    assert_eq!(
        (m.hand.dealer, m.hand.players),
        (seat(2), [seat(0), seat(1)])
    );
    dead_hand(&mut m); // same dealer again
    assert_eq!(
        (m.hand.dealer, m.hand.players),
        (seat(2), [seat(0), seat(1)])
    );
    first_player_knocks(&mut m); // seat 0 wins 76, seat 1 deals
    assert_eq!(
        (m.hand.dealer, m.hand.players),
        (seat(1), [seat(2), seat(0)])
    );
    first_player_knocks(&mut m); // seat 2 wins 76, seat 0 deals
    assert_eq!(
        (m.hand.dealer, m.hand.players),
        (seat(0), [seat(1), seat(2)])
    );
    first_player_knocks(&mut m); // seat 1: 152, wins the match
    let s = m.settlement().unwrap();
    assert_eq!(s.winner, seat(1));
    let t = |k: u8| s.totals[seat(k) as usize];
    assert_eq!((t(0), t(1), t(2)), (76, 152, 76));
    let f = |k: u8| s.finals[seat(k) as usize];
    assert_eq!((f(0), f(1), f(2)), (96, 152 + 40 + 100, 96));
    let n = |k: u8| s.net[seat(k) as usize];
    assert_eq!((n(0), n(1), n(2)), (-196, 392, -196), "pairwise, zero-sum");
}

#[test]
fn three_player_shutout_applies_per_loser() {
    let mut m = Match::new(Rules::default(), 3, [8; 32]).unwrap();
    let d = m.hand.dealer;
    let seat = |k: u8| (d + k) % 3;
    first_player_knocks(&mut m); // seat 1: 76; seat 2 deals; seat 0 and seat 1 play
    first_player_is_undercut(&mut m); // seat 1 (second player) undercuts: 86; seat 0 deals
    assert_eq!(
        (m.hand.dealer, m.hand.players),
        (seat(0), [seat(1), seat(2)])
    );
    first_player_knocks(&mut m); // seat 1: 162
    let s = m.settlement().unwrap();
    assert_eq!(s.winner, seat(1));
    assert_eq!(s.shutouts.len(), 2);
    assert_eq!(s.finals[seat(1) as usize], 162 + 3 * 20 + 200);
    assert_eq!(s.net[seat(1) as usize], 2 * 422);
    assert_eq!(s.net.iter().sum::<i64>(), 0);
}

#[test]
fn resignation_ends_the_match_for_the_opponent() {
    let mut m = Match::new(Rules::default(), 2, [9; 32]).unwrap();
    m.resign(0).unwrap();
    let s = m.settlement().unwrap();
    assert_eq!((s.winner, s.resigned), (1, Some(0)));
    assert_eq!(m.apply(1, DrawStock), Err(MatchError::MatchOver));
    assert_eq!(m.resign(1), Err(MatchError::MatchOver));
}

/// A moderator's cancel ends the match where it stands: nobody wins, nobody pays, no more
/// moves; the table view says so and the log replays to it.
#[test]
fn a_cancelled_match_ends_without_settlement() {
    let mut m = Match::new(Rules::default(), 2, [9; 32]).unwrap();
    let seat = m.to_act().unwrap();
    m.apply(seat, Pass).unwrap();
    m.apply_event(MatchEvent::Cancel).unwrap();
    assert!(m.is_over() && m.is_cancelled());
    assert_eq!(m.settlement(), None);
    assert_eq!(m.to_act(), None);
    assert!(m.legal_actions(0).is_empty() && m.legal_actions(1).is_empty());
    assert_eq!(m.table_view().status, MatchStatus::Cancelled);
    assert_eq!(m.apply(1, DrawStock), Err(MatchError::MatchOver));
    assert_eq!(m.resign(1), Err(MatchError::MatchOver));
    assert_eq!(
        m.apply_event(MatchEvent::Cancel),
        Err(MatchError::MatchOver)
    );
    let replayed = Match::replay(m.rules.clone(), 2, m.seed, &m.log).unwrap();
    assert_eq!(replayed, m);
}

#[test]
fn each_hand_has_a_commitment_that_its_revealed_seed_verifies() {
    let mut m = Match::new(Rules::default(), 2, [10; 32]).unwrap();
    let published = m.current_commitment();
    assert_eq!(published, commitment(&hand_seed(&[10; 32], 0)));
    let dealt = m.hand.clone();
    while m.deal_no == 0 {
        let seat = m.to_act().unwrap();
        m.apply(seat, m.legal_actions(seat)[0]).unwrap();
    }
    let revealed = m.history[0].seed;
    assert!(verify_commitment(&revealed, &published));
    let redeal = Hand::deal(&m.rules, revealed, dealt.players, dealt.dealer);
    assert_eq!(redeal, dealt, "the revealed seed reproduces the deal");
    assert_ne!(
        m.current_commitment(),
        published,
        "every deal has its own seed"
    );
}

#[test]
fn player_view_shows_own_hand_and_public_facts_only() {
    let m = Match::new(Rules::default(), 2, [11; 32]).unwrap();
    for seat in 0..2 {
        let v = m.view_for(seat);
        let own: CardSet = v.hand.clone().unwrap().into_iter().collect();
        assert_eq!(own, m.hand.hand_of(seat).unwrap());
        let text = serde_json::to_string(&v).unwrap();
        for c in m.hand.hand_of(1 - seat).unwrap().iter() {
            assert!(
                !text.contains(&format!("\"{c}\"")),
                "{c} leaked into seat {seat}'s view"
            );
        }
    }
    let table = serde_json::to_string(&m.table_view()).unwrap();
    for c in m.hand.hands[0].iter().chain(m.hand.hands[1].iter()) {
        assert!(!table.contains(&format!("\"{c}\"")));
    }
}

#[test]
fn invalid_rule_overrides_are_refused() {
    assert!(Match::new(rules("target=100"), 4, [0; 32]).is_err());
    let bad = Rules {
        target: 5,
        ..Rules::default()
    };
    assert!(matches!(
        Match::new(bad, 2, [0; 32]),
        Err(MatchError::Rules(RulesError::OutOfRange { .. }))
    ));
    assert!(Rules::from_preset_and_overrides(Preset::Classic, "knock_limit=11").is_err());
}

/// RULES.md section 13, Straight Gin: with `knock_limit = 0` only gin ends a hand; a hand one
/// point from gin cannot knock, whatever it discards.
#[test]
fn straight_gin_knocks_only_with_gin() {
    let r = rules("knock_limit=0");
    let mut h = hand(
        &r,
        "AS 2S 3S 4H 5H 6H 7C 7D 7S AD",
        "KH QH JH TH 9C 8C 2D 3D 4D 5D",
        "KC",
        "AH QC",
    );
    h.apply(0, Pass).unwrap();
    h.apply(1, Pass).unwrap();
    h.apply(0, DrawStock).unwrap();
    // With the ace of hearts drawn, the best discard still leaves an ace: deadwood 1, no gin.
    assert!(h.legal_actions(0).iter().all(|a| !matches!(a, Knock(_))));
    for c in h.hand_of(0).unwrap().iter() {
        assert!(matches!(
            h.clone().apply(0, Knock(c)),
            Err(ActionError::AboveKnockLimit { limit: 0, .. })
        ));
    }
}

/// RULES.md section 13, Hollywood Gin: a whole match ends only when all three games are
/// closed; the result is the sum of the three settlements.
#[test]
fn a_hollywood_match_ends_when_its_three_games_are_closed() {
    use gin::engine::ai::{decide, Level};
    let r = Rules {
        hollywood: true,
        ..Rules::default()
    };
    assert!(
        Match::new(r.clone(), 3, [1; 32]).is_err(),
        "two players only"
    );
    let mut m = Match::new(r.clone(), 2, [6; 32]).unwrap();
    while let Some(seat) = m.to_act() {
        let action = decide(Level::Simple, &[seat; 32], &m.view_for(seat));
        m.apply(seat, action).unwrap();
    }
    let sheet = m.hollywood.clone().unwrap();
    assert!(sheet.all_closed());
    let s = m.settlement().unwrap();
    let games_net: i64 = sheet
        .games
        .iter()
        .map(|g| g.closed.as_ref().unwrap().net[0])
        .sum();
    assert_eq!(s.net[0], games_net);
    assert_eq!(s.net.iter().sum::<i64>(), 0);
    // Game 1 closed first: it holds every point scored until then.
    assert!(sheet.games[0].totals.iter().max().unwrap() >= &r.target);
    assert_eq!(Match::replay(r, 2, [6; 32], &m.log).unwrap(), m);
}

/// A finished hand can be stepped through from the seed and the log: the first step is the
/// deal, the last reaches the stored result; a deal still in play has no replay.
#[test]
fn a_finished_hand_replays_step_by_step_to_its_stored_result() {
    use gin::engine::ai::{decide, Level};
    let mut m = Match::new(Rules::default(), 2, [8; 32]).unwrap();
    while m.history.len() < 2 {
        let seat = m.to_act().unwrap();
        let action = decide(Level::Simple, &[seat; 32], &m.view_for(seat));
        m.apply(seat, action).unwrap();
    }
    for record in &m.history {
        let steps = m.hand_steps(record.deal_no).unwrap();
        assert_eq!(steps[0].seed, record.seed);
        assert!(steps[0].actions.is_empty());
        let last = steps.last().unwrap();
        assert_eq!(last.end.as_ref(), Some(&record.end));
        assert_eq!(steps.len(), last.actions.len() + 1);
    }
    assert!(m.hand_steps(m.deal_no).is_none(), "the hand in play");
}
