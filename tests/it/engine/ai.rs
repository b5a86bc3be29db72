//! The computer players: they are handed a player view and nothing else, every move
//! they make is legal, `simple` plays as the EAAI baseline does, and decisions replay from
//! their seed.

use gin::engine::ai::{decide, decide_with, HardConfig, Level, Strategy};
use gin::engine::solver::deadwood_after_each_discard;
use gin::engine::*;
use std::collections::BTreeSet;
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

fn rules(overrides: &str) -> Rules {
    Rules::from_preset_and_overrides(Preset::Classic, overrides).unwrap()
}

/// `hard` with a handful of samples, so that thousands of its moves fit in a test run.
fn quick_hard() -> Strategy {
    Strategy::Hard(HardConfig {
        samples: 6,
        max_candidates: 3,
        ..HardConfig::default()
    })
}

/// A two-player match whose current hand is scripted: the hand's first player (the one offered
/// the upcard first) holds `first`, the other `second`; `stock` is listed top card first.
fn scripted(rules: Rules, first: CardSet, second: CardSet, upcard: Card, stock: &[Card]) -> Match {
    let mut m = Match::new(rules, 2, [1; 32]).unwrap();
    m.hand = Hand::with_cards(
        &m.rules,
        m.hand.players,
        m.hand.dealer,
        [first, second],
        Some(upcard),
        stock,
    );
    m
}

/// What `simple` plays in the seat to act, with seed `[seed; 32]`.
fn simple_move(m: &Match, seed: u8) -> Action {
    let seat = m.to_act().expect("a seat to act");
    decide(Level::Simple, &[seed; 32], &m.view_for(seat))
}

fn seed_of(i: usize) -> [u8; 32] {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&(i as u64).to_le_bytes());
    seed
}

// ---------------------------------------------------------------------------------------------
// The AI sees only a player view.

/// Two deals with the same public face: the first player's cards, the upcard and the stock's
/// top four cards are equal; the opponent's ten cards and the rest of the stock differ.
fn twin_matches() -> (Match, Match) {
    let mine = cs("2C 3C 4C 7H 8H JD QS KS 5D 9S");
    let upcard = card("6D");
    let rest: Vec<Card> = Card::all()
        .filter(|&c| !mine.contains(c) && c != upcard)
        .collect();
    let (top, pool) = rest.split_at(4);
    let stock = |below: &[Card]| -> Vec<Card> { top.iter().chain(below).copied().collect() };
    let a = scripted(
        Rules::default(),
        mine,
        pool[..10].iter().copied().collect(),
        upcard,
        &stock(&pool[10..]),
    );
    let b = scripted(
        Rules::default(),
        mine,
        pool[27..].iter().copied().collect(),
        upcard,
        &stock(&pool[..27]),
    );
    assert_ne!(a.hand.hands[1], b.hand.hands[1]);
    (a, b)
}

/// The cards the first player cannot see: the opponent's unshown cards and the stock.
fn hidden_from_first(m: &Match) -> Vec<Card> {
    let shown = m.hand.known[1];
    m.hand.hands[1]
        .iter()
        .filter(|&c| !shown.contains(c))
        .chain(m.hand.stock.iter().copied())
        .collect()
}

/// The first player's view is the same in both twins and names none of the hidden cards, so
/// every level decides the same in both.
fn assert_blind_to_hidden_cards(a: &Match, b: &Match) {
    let seat = a.to_act().unwrap();
    assert_eq!(seat, a.hand.players[0]);
    let (va, vb) = (a.view_for(seat), b.view_for(seat));
    assert_eq!(va, vb, "the hidden cards show in the player's view");
    for (m, view) in [(a, &va), (b, &vb)] {
        let json = serde_json::to_string(view).unwrap();
        for c in hidden_from_first(m) {
            assert!(
                !json.contains(&format!("\"{c}\"")),
                "hidden card {c} leaked"
            );
        }
    }
    for strategy in [
        Strategy::Simple,
        Strategy::Medium,
        quick_hard(),
        Level::Hard.strategy(),
        Strategy::Marjj,
        Strategy::MonteCarlo(48),
    ] {
        for seed in 0..3u8 {
            let (x, y) = (
                decide_with(&strategy, &[seed; 32], &va),
                decide_with(&strategy, &[seed; 32], &vb),
            );
            assert_eq!(x, y, "{strategy:?} saw the hidden cards");
            assert!(va.legal_actions.contains(&x));
        }
    }
}

fn play_both(a: &mut Match, b: &mut Match, seat: Seat, action: Action) {
    a.apply(seat, action).unwrap();
    b.apply(seat, action).unwrap();
}

#[test]
fn the_ai_is_handed_the_player_view_and_nothing_else() {
    // The signature is the guarantee: a player view in, an action out, no hand state.
    let _: fn(Level, &[u8; 32], &PlayerView) -> Action = decide;
    let _: fn(&Strategy, &[u8; 32], &PlayerView) -> Action = decide_with;

    let (mut a, mut b) = twin_matches();
    let [me, them] = a.hand.players;
    assert_eq!(b.hand.players, [me, them]);

    // The upcard offer.
    assert_blind_to_hidden_cards(&a, &b);
    play_both(&mut a, &mut b, me, Pass);
    play_both(&mut a, &mut b, them, Pass);
    play_both(&mut a, &mut b, me, DrawStock);
    // Eleven cards to discard from.
    assert_blind_to_hidden_cards(&a, &b);
    play_both(&mut a, &mut b, me, Discard(card("KS")));
    // The opponent draws the same stock card in both and throws it.
    let drawn = *a.hand.stock.last().unwrap();
    assert_eq!(b.hand.stock.last(), Some(&drawn));
    play_both(&mut a, &mut b, them, DrawStock);
    play_both(&mut a, &mut b, them, Discard(drawn));
    // A draw with a discard on the pile, then a discard again.
    assert_blind_to_hidden_cards(&a, &b);
    play_both(&mut a, &mut b, me, DrawStock);
    assert_blind_to_hidden_cards(&a, &b);
}

// ---------------------------------------------------------------------------------------------
// Every move is legal.

/// Plays a match to its end with one strategy per seat, checking every move against the
/// engine's legal actions and that every hand ends.
fn play_out(rules: Rules, players: &[Strategy], seed: [u8; 32]) -> Match {
    let mut m = Match::new(rules, players.len() as u8, seed).unwrap();
    let (mut deal, mut moves_in_deal) = (m.deal_no, 0);
    while let Some(seat) = m.to_act() {
        let view = m.view_for(seat);
        let mut ai_seed = seed;
        ai_seed[31] ^= seat + 1;
        let action = decide_with(&players[seat as usize], &ai_seed, &view);
        assert!(
            view.legal_actions.contains(&action),
            "seat {seat} ({:?}) chose {action:?}, not one of {:?}",
            players[seat as usize],
            view.legal_actions
        );
        m.apply(seat, action).unwrap();
        if m.deal_no == deal {
            moves_in_deal += 1;
            assert!(moves_in_deal < 1_000, "a hand that never ends");
        } else {
            (deal, moves_in_deal) = (m.deal_no, 0);
        }
        assert!(m.deal_no < 500, "a match that never ends");
    }
    m
}

/// Rule sets the players must cope with; short matches so that many fit in a test.
fn variant(i: usize) -> Rules {
    const VARIANTS: [(Preset, &str); 8] = [
        (Preset::Classic, ""),
        (Preset::Hoyle, ""),
        (Preset::Flipside, ""),
        (Preset::Oklahoma, ""),
        (Preset::Classic, "allow_rediscard=on"),
        (Preset::Classic, "fiftieth_card=on"),
        (Preset::Classic, "eleven_card_deal=on"),
        (
            Preset::Hoyle,
            "fiftieth_card=on, allow_rediscard=on, dealer_rule=alternate",
        ),
    ];
    let (preset, overrides) = VARIANTS[i % VARIANTS.len()];
    Rules::from_preset_and_overrides(preset, &format!("{overrides}, target=40")).unwrap()
}

#[test]
fn every_move_is_legal_over_thousands_of_seeded_hands() {
    let (s, m) = (Strategy::Simple, Strategy::Medium);
    let tables = [
        vec![s.clone(), s.clone()],
        vec![m.clone(), s.clone()],
        vec![s.clone(), m.clone()],
        vec![m.clone(), m.clone()],
        vec![s.clone(), m.clone(), s.clone()],
        vec![m.clone(), m.clone(), s.clone()],
    ];
    let mut hands = 0;
    for i in 0..1_200 {
        let done = play_out(variant(i), &tables[i % tables.len()], seed_of(i));
        assert!(done.is_over());
        hands += done.history.len();
    }
    assert!(hands >= 2_000, "only {hands} hands played");
}

#[test]
fn hard_moves_are_legal_over_hundreds_of_seeded_hands() {
    let h = quick_hard();
    let tables = [
        vec![h.clone(), Strategy::Simple],
        vec![Strategy::Medium, h.clone()],
        vec![h.clone(), h.clone()],
        vec![h.clone(), Strategy::Simple, Strategy::Medium],
    ];
    let mut hands = 0;
    for i in 0..160 {
        let done = play_out(
            variant(i),
            &tables[i % tables.len()],
            seed_of(1_000_000 + i),
        );
        hands += done.history.len();
    }
    assert!(hands >= 300, "only {hands} hands played");
}

#[test]
fn the_hard_level_as_shipped_plays_a_legal_match() {
    let done = play_out(
        variant(0),
        &[Level::Hard.strategy(), Level::Simple.strategy()],
        seed_of(7),
    );
    assert!(done.is_over());
}

// ---------------------------------------------------------------------------------------------
// `simple` as specified.

#[test]
fn simple_takes_the_upcard_only_when_it_melds() {
    let hand = cs("7H 8H 5D 5S 2C 9S JD QS KC 4S");
    let other = cs("AC 3D 6C TD TS 2H 2D AH 4D 6S");
    let stock = cards("8D 8C 7C");
    for (upcard, expected) in [
        ("9H", TakeUpcard), // 7H 8H 9H
        ("6H", TakeUpcard), // 6H 7H 8H
        ("5C", TakeUpcard), // 5D 5S 5C
        ("3S", TakeUpcard), // 3S 4S 5S
        ("KD", Pass),
        ("3C", Pass),
        ("TH", Pass),
    ] {
        // Offered first...
        let m = scripted(Rules::default(), hand, other, card(upcard), &stock);
        assert_eq!(simple_move(&m, 0), expected, "{upcard} offered first");
        // ... and as the dealer, after the other player passed.
        let mut m = scripted(Rules::default(), other, hand, card(upcard), &stock);
        m.apply(m.hand.players[0], Pass).unwrap();
        assert_eq!(simple_move(&m, 0), expected, "{upcard} offered second");
    }
}

#[test]
fn simple_draws_from_the_stock_unless_the_discard_melds() {
    // The first player (scripted) draws 3D and throws it, or throws KC; simple holds 3H 3S.
    let first = cs("2C 5D 9S JD QS KC 4S 6C 7H 8H");
    let second = cs("3H 3S TC TD 2D 7S AS 9C QH KH");
    for (thrown, expected) in [("3D", DrawDiscard), ("KC", DrawStock)] {
        let mut m = scripted(
            Rules::default(),
            first,
            second,
            card("AD"),
            &cards("3D 4H 5H 6H"),
        );
        let [p0, p1] = m.hand.players;
        m.apply(p0, Pass).unwrap();
        m.apply(p1, Pass).unwrap();
        m.apply(p0, DrawStock).unwrap();
        m.apply(p0, Discard(card(thrown))).unwrap();
        for seed in 0..4 {
            assert_eq!(simple_move(&m, seed), expected, "top card {thrown}");
        }
    }
}

#[test]
fn simple_never_discards_the_card_it_just_took() {
    // Re-discarding is allowed here, and discarding 8S would leave no deadwood, as would 5S
    // or any jack: simple knocks (gin) with one of those, never with 8S.
    let mut m = scripted(
        rules("allow_rediscard=on"),
        cs("5S 6S 7S 9H 9D 9C JC JD JH JS"),
        cs("AC 2D 3H 4C 6D 8C TC QH KD 2S"),
        card("8S"),
        &cards("AD 3C 4D 5C 7D"),
    );
    assert_eq!(simple_move(&m, 0), TakeUpcard, "8S extends 5S 6S 7S");
    m.apply(m.hand.players[0], TakeUpcard).unwrap();
    let view = m.view_for(m.hand.players[0]);
    assert!(view.legal_actions.contains(&Knock(card("8S"))));
    let allowed: BTreeSet<Card> = cards("5S JC JD JH JS").into_iter().collect();
    let mut chosen = BTreeSet::new();
    for seed in 0..64 {
        match simple_move(&m, seed) {
            Knock(c) => {
                assert!(allowed.contains(&c), "knocked with {c}");
                chosen.insert(c);
            }
            other => panic!("expected a knock, got {other:?}"),
        }
    }
    assert!(chosen.len() >= 2, "ties are broken at random: {chosen:?}");
}

#[test]
fn simple_discards_at_random_among_the_least_deadwood_cards() {
    let mut m = scripted(
        Rules::default(),
        cs("2C 3C 4C 7H 7D KS KH 5D 9S QC"),
        cs("AC 3D 6C TD TS 2H 3S AH 4D 6S"),
        card("8D"),
        &cards("AS 8C 9C 9D"),
    );
    let [p0, p1] = m.hand.players;
    m.apply(p0, Pass).unwrap();
    m.apply(p1, Pass).unwrap();
    m.apply(p0, DrawStock).unwrap();
    let after = deadwood_after_each_discard(m.hand.hands[0]);
    let least = after.iter().map(|&(_, d)| d).min().unwrap();
    let ties: BTreeSet<Card> = after
        .iter()
        .filter(|&&(_, d)| d == least)
        .map(|&(c, _)| c)
        .collect();
    assert_eq!(
        ties,
        cards("KS KH QC").into_iter().collect::<BTreeSet<Card>>()
    );
    let mut chosen = BTreeSet::new();
    for seed in 0..48 {
        match simple_move(&m, seed) {
            Discard(c) => {
                assert!(ties.contains(&c), "discarded {c}");
                chosen.insert(c);
            }
            other => panic!("expected a discard, got {other:?}"),
        }
    }
    assert!(chosen.len() >= 2, "ties are broken at random: {chosen:?}");
}

#[test]
fn simple_knocks_at_the_first_legal_chance() {
    let mut m = scripted(
        Rules::default(),
        cs("AS 2S 3S 4H 5H 6H 7C 7D 7S KC"),
        cs("9H 9D JC QS KH 8C 5D TC 3C 4D"),
        card("QD"),
        &cards("8D 2H 3H"),
    );
    let [p0, p1] = m.hand.players;
    assert_eq!(simple_move(&m, 0), Pass, "QD melds with nothing");
    m.apply(p0, Pass).unwrap();
    m.apply(p1, Pass).unwrap();
    m.apply(p0, DrawStock).unwrap();
    // Throwing KC leaves 8 (throwing 8D would leave 10, also enough): it knocks with KC.
    for seed in 0..8 {
        assert_eq!(simple_move(&m, seed), Knock(card("KC")));
    }
}

#[test]
fn simple_takes_the_fiftieth_card_when_it_lets_it_knock() {
    let setup = |thrown: &str| {
        let mut m = scripted(
            rules("fiftieth_card=on"),
            cs("9H 9D JC QS KH 7S 5D TC 3C 4D"),
            cs("AS 2S 3S 4H 5H 6H 7C 7D 8C KC"),
            card("2H"),
            &cards("6C 2C 8H"),
        );
        let [p0, p1] = m.hand.players;
        m.apply(p0, Pass).unwrap();
        m.apply(p1, Pass).unwrap();
        m.apply(p0, DrawStock).unwrap();
        m.apply(p0, Discard(card(thrown))).unwrap();
        assert_eq!(m.hand.phase, Phase::FiftiethCard { player: 1 });
        m
    };
    // 7S completes 7C 7D 7S: throwing KC then leaves 8.
    let mut m = setup("7S");
    assert_eq!(simple_move(&m, 0), DrawDiscard);
    m.apply(m.hand.players[1], DrawDiscard).unwrap();
    assert_eq!(simple_move(&m, 0), Knock(card("KC")));
    // KH does not let it knock: the hand dies.
    let m = setup("KH");
    assert_eq!(simple_move(&m, 0), Pass);
}

// ---------------------------------------------------------------------------------------------
// Gin, determinism, names.

/// A hand whose first player took the upcard 8S and holds gin with any of its cards but one.
fn gin_in_hand() -> (Match, Seat) {
    let mut m = scripted(
        rules("allow_rediscard=on"),
        cs("5S 6S 7S 9H 9D 9C JC JD JH JS"),
        cs("AC 2D 3H 4C 6D 8C TC QH KD 2S"),
        card("8S"),
        &cards("AD 3C 4D 5C 7D"),
    );
    let p0 = m.hand.players[0];
    m.apply(p0, TakeUpcard).unwrap();
    (m, p0)
}

#[test]
fn medium_and_hard_go_gin_when_they_can() {
    let (m, p0) = gin_in_hand();
    let view = m.view_for(p0);
    let hand = m.hand.hands[0];
    for strategy in [Strategy::Medium, quick_hard(), Level::Hard.strategy()] {
        for seed in 0..4u8 {
            match decide_with(&strategy, &[seed; 32], &view) {
                Knock(c) => {
                    let mut rest = hand;
                    rest.remove(c);
                    assert_eq!(min_deadwood(rest), 0, "{strategy:?} knocked with {c}");
                }
                other => panic!("{strategy:?} played {other:?} with gin in hand"),
            }
        }
    }
}

#[test]
fn decisions_replay_from_their_seed() {
    for players in [
        [Strategy::Simple, Strategy::Medium],
        [quick_hard(), Strategy::Simple],
    ] {
        let a = play_out(variant(1), &players, seed_of(99));
        let b = play_out(variant(1), &players, seed_of(99));
        assert_eq!(a.log, b.log);
    }
    // The same seed and view give the same move, however often asked.
    let m = Match::new(Rules::default(), 2, [3; 32]).unwrap();
    let view = m.view_for(m.to_act().unwrap());
    for level in Level::ALL {
        let first = decide(level, &[7; 32], &view);
        for _ in 0..3 {
            assert_eq!(decide(level, &[7; 32], &view), first, "{level}");
        }
    }
}

#[test]
fn levels_are_named_for_commands_and_storage() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
        let json = serde_json::to_string(&level).unwrap();
        assert_eq!(json, format!("\"{level}\""));
        assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), level);
    }
    assert_eq!(" Hard ".parse::<Level>().unwrap(), Level::Hard);
    assert!("expert".parse::<Level>().is_err());
}

/// The coach: its move is the hard player's, and its reason states the facts.
#[test]
fn the_coach_takes_the_upcard_that_makes_a_set_and_says_what_it_saves() {
    use gin::engine::ai::coach::{hint, Why};
    let mut m = scripted(
        rules(""),
        cs("5S 6S 7S 9H 9D KC QD 2C 3H 4D"),
        cs("AC 2D 3S 4C 6D 8C TC QH KD 2S"),
        card("9C"),
        &cards("AD 3C 4S 5C 7D"),
    );
    let p0 = m.hand.players[0];
    let seed = [3u8; 32];
    let take = hint(&seed, &m.view_for(p0)).unwrap();
    assert_eq!(take.action, decide(Level::Hard, &seed, &m.view_for(p0)));
    assert_eq!(take.action, TakeUpcard);
    // 9H 9D and four loose cards (47); with 9C and KC or QD thrown: 2 + 3 + 4 + 10 = 19.
    assert_eq!(
        take.why,
        Why::Take {
            card: card("9C"),
            before: 47,
            after: 19,
            melds: true
        }
    );
    m.apply(p0, TakeUpcard).unwrap();
    let view = m.view_for(p0);
    let discard = hint(&seed, &view).unwrap();
    assert_eq!(discard.action, decide(Level::Hard, &seed, &view));
    let hand = m.hand.hands[0];
    match discard.why {
        Why::Discard {
            card: c,
            after,
            least,
            ..
        } => {
            assert_eq!(discard.action, Discard(c));
            assert_eq!(after, min_deadwood(hand.without(c)));
            assert_eq!(least, 19);
            assert!(after >= least);
        }
        other => panic!("a discard, not {other:?}"),
    }
    // The other seat has nothing to decide now: no hint.
    assert_eq!(hint(&seed, &m.view_for(m.hand.players[1])), None);
}

#[test]
fn the_coach_goes_gin_when_it_can() {
    use gin::engine::ai::coach::{hint, Why};
    let (m, p0) = gin_in_hand();
    let gin = hint(&[3u8; 32], &m.view_for(p0)).unwrap();
    let Why::Gin { card: c } = gin.why else {
        panic!("gin, not {gin:?}")
    };
    assert_eq!(gin.action, Knock(c));
    assert_eq!(min_deadwood(m.hand.hands[0].without(c)), 0);
}
