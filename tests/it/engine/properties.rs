//! Property tests: the solver against a brute-force oracle, and random legal play.
//! Seeded (`RngSeed::Fixed`), so every run checks the same cases.

use gin::engine::*;
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config(cases: u32) -> Config {
    super::fixed_cases(cases, 0x6769_6e21)
}

/// Brute force, written independently of the engine: the lowest remaining card is either
/// deadwood or in a meld; as the lowest, it starts any run it is in.
fn oracle(cards: &[Card]) -> u32 {
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|c| (c.suit(), c.rank()));
    go(&sorted)
}

fn go(rest: &[Card]) -> u32 {
    let Some((&c, others)) = rest.split_first() else {
        return 0;
    };
    let mut best = c.value() as u32 + go(others);
    let without = |meld: &[Card]| -> Vec<Card> {
        others
            .iter()
            .copied()
            .filter(|x| !meld.contains(x))
            .collect()
    };
    // Sets: c with two or three others of its rank.
    let same: Vec<Card> = others
        .iter()
        .copied()
        .filter(|x| x.rank() == c.rank())
        .collect();
    for mask in 1u32..(1 << same.len()) {
        if (2..=3).contains(&mask.count_ones()) {
            let meld: Vec<Card> = (0..same.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| same[i])
                .collect();
            best = best.min(go(&without(&meld)));
        }
    }
    // Runs starting at c.
    let mut run = Vec::new();
    for r in c.rank() + 1..13 {
        let next = Card::new(r, c.suit());
        if !others.contains(&next) {
            break;
        }
        run.push(next);
        if run.len() >= 2 {
            best = best.min(go(&without(&run)));
        }
    }
    best
}

fn any_hand(n: usize) -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence(Card::all().collect::<Vec<_>>(), n).prop_shuffle()
}

/// Hands drawn from five consecutive ranks in all suits: sets and runs everywhere.
fn meld_rich_hand(n: usize) -> impl Strategy<Value = Vec<Card>> {
    (0u8..=8).prop_flat_map(move |low| {
        let pool: Vec<Card> = (low..low + 5)
            .flat_map(|r| Suit::ALL.map(|s| Card::new(r, s)))
            .collect();
        proptest::sample::subsequence(pool, n)
    })
}

fn set(cards: &[Card]) -> CardSet {
    cards.iter().copied().collect()
}

fn check_solver(cards: &[Card]) -> Result<(), TestCaseError> {
    let hand = set(cards);
    prop_assert_eq!(min_deadwood(hand), oracle(cards));
    let a = best_arrangement(hand);
    let mut covered = CardSet::EMPTY;
    for m in &a.melds {
        prop_assert!(Meld::is_valid(m.0));
        prop_assert!(covered.0 & m.0 .0 == 0, "melds overlap");
        covered.0 |= m.0 .0;
    }
    prop_assert_eq!(covered.0 | a.deadwood.0, hand.0);
    prop_assert_eq!(a.deadwood_count(), min_deadwood(hand));
    Ok(())
}

fn check_knock_deadwood(cards: &[Card]) -> Result<(), TestCaseError> {
    let best = (0..cards.len())
        .map(|i| {
            let mut rest = cards.to_vec();
            rest.remove(i);
            oracle(&rest)
        })
        .min()
        .unwrap();
    prop_assert_eq!(knock_deadwood(set(cards)), best);
    Ok(())
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn solver_equals_brute_force_on_random_hands(cards in any_hand(10)) {
        check_solver(&cards)?;
    }

    #[test]
    fn solver_equals_brute_force_on_meld_rich_hands(cards in meld_rich_hand(10)) {
        check_solver(&cards)?;
    }

    #[test]
    fn knock_deadwood_equals_brute_force_best_discard(cards in any_hand(11)) {
        check_knock_deadwood(&cards)?;
    }

    #[test]
    fn knock_deadwood_equals_brute_force_on_meld_rich_hands(cards in meld_rich_hand(11)) {
        check_knock_deadwood(&cards)?;
    }

    #[test]
    fn showdown_is_consistent(k in meld_rich_hand(10), d in any_hand(10)) {
        let (knocker, mut defender) = (set(&k), set(&d));
        defender.0 &= !knocker.0;
        if let Ok(s) = solve_showdown(knocker, defender, 10) {
            prop_assert!(s.knocker_deadwood <= 10);
            prop_assert!(s.defender_deadwood <= min_deadwood(defender), "layoffs never hurt the defender");
            if s.kind == ShowdownKind::Gin {
                prop_assert!(s.layoffs.is_empty());
            }
            let laid: CardSet = s.layoffs.iter().map(|l| l.card).collect();
            let mut shown = laid.0 | s.defender_deadwood_cards.0;
            for m in &s.defender_melds { shown |= m.0 .0; }
            prop_assert_eq!(shown, defender.0, "every defender card is shown once");
        }
    }
}

/// A small deterministic generator for choosing among actions.
struct Pick(u64);

impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn rules_from(preset: usize, flags: u8, target: u32) -> Rules {
    let mut r = Preset::ALL[preset].rules();
    r.target = target;
    r.allow_rediscard = flags & 1 != 0;
    r.fiftieth_card = flags & 2 != 0;
    r.eleven_card_deal = flags & 4 != 0 && !r.oklahoma;
    r.extra_boxes = flags & 8 != 0;
    r
}

/// Every card is exactly once in a hand, the stock, the discard pile, or face down after a knock.
fn conserved(m: &Match) -> bool {
    let h = &m.hand;
    let mut all = h.hands[0].0 | h.hands[1].0;
    let mut count = h.hands[0].len() + h.hands[1].len();
    for c in h.stock.iter().chain(&h.discard_pile) {
        all |= 1 << c.bit();
        count += 1;
    }
    if let Some(HandEnd::Knocked { discard, .. }) = h.result() {
        all |= 1 << discard.bit();
        count += 1;
    }
    count == 52 && all.count_ones() == 52
}

fn no_hidden_card_in_views(m: &Match) -> bool {
    let h = &m.hand;
    if h.is_over() {
        return true;
    }
    for i in 0..2 {
        let seat = h.players[i];
        let view = serde_json::to_string(&m.view_for(seat)).unwrap();
        let table = serde_json::to_string(&m.table_view()).unwrap();
        let hidden = CardSet(h.hands[1 - i].0 & !h.known[1 - i].0);
        if hidden
            .iter()
            .any(|c| view.contains(&format!("\"{c}\"")) || table.contains(&format!("\"{c}\"")))
        {
            return false;
        }
    }
    true
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn random_legal_play_conserves_cards_never_errs_terminates_and_replays(
        seed in any::<[u8; 32]>(),
        seats in 2u8..=3,
        preset in 0usize..4,
        flags in any::<u8>(),
        target in 10u32..=60,
        pick in 1u64..u64::MAX,
    ) {
        let rules = rules_from(preset, flags, target);
        let mut m = Match::new(rules.clone(), seats, seed).unwrap();
        let mut pick = Pick(pick);
        let mut steps_in_hand = 0;
        let mut deal_no = 0;
        let universe: Vec<Action> = [Action::TakeUpcard, Action::Pass, Action::DrawStock, Action::DrawDiscard]
            .into_iter()
            .chain(Card::all().flat_map(|c| [Action::Discard(c), Action::Knock(c)]))
            .collect();
        while !m.is_over() {
            prop_assert!(conserved(&m));
            prop_assert!(no_hidden_card_in_views(&m), "a view showed a hidden card");
            let seat = m.to_act().unwrap();
            let legal = m.legal_actions(seat);
            prop_assert!(!legal.is_empty());
            // An illegal action by anyone changes nothing.
            let wrong = universe[pick.next(universe.len())];
            let who = pick.next(seats as usize) as Seat;
            if !m.legal_actions(who).contains(&wrong) {
                let before = m.clone();
                prop_assert!(m.apply(who, wrong).is_err());
                prop_assert_eq!(&m, &before);
            }
            // Knock whenever possible half the time, else a random legal action.
            let knock = legal.iter().find(|a| matches!(a, Action::Knock(_)));
            let action = match knock {
                Some(k) if pick.next(2) == 0 => *k,
                _ => legal[pick.next(legal.len())],
            };
            m.apply(seat, action).unwrap();
            steps_in_hand += 1;
            if m.deal_no != deal_no {
                deal_no = m.deal_no;
                steps_in_hand = 0;
            }
            // Taking discards does not shrink the stock, so a hand has no fixed length; random play
            // still draws from the stock often enough to end it quickly.
            prop_assert!(steps_in_hand <= 5_000, "the hand ends");
            prop_assert!(m.deal_no <= 400, "the match ends");
        }
        let s = m.settlement().unwrap();
        prop_assert_eq!(s.net.iter().sum::<i64>(), 0);
        prop_assert!(s.totals[s.winner as usize] >= rules.target);
        let replayed = Match::replay(rules, seats, seed, &m.log).unwrap();
        prop_assert_eq!(&replayed, &m);
        let json = serde_json::to_string(&m).unwrap();
        let back: Match = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &m);
    }
}
