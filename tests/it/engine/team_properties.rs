//! Property tests of Team Gin play (RULES.md section 11b): random legal play, swaps included.
//! Seeded (`RngSeed::Fixed`), so every run checks the same cases.

use gin::engine::team::{partner_of, team_of};
use gin::engine::*;
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config(cases: u32) -> Config {
    super::fixed_cases(cases, 0x7377_6170)
}

/// Every card is somewhere, exactly once: the four hands, the stock, the discard pile.
fn conserved(h: &TeamHand) -> bool {
    let mut all = CardSet::EMPTY;
    let mut count = 0;
    for set in h.hands {
        all = CardSet(all.0 | set.0);
        count += set.len();
    }
    for &c in h.stock.iter().chain(&h.discard_pile) {
        all.insert(c);
        count += 1;
    }
    count == 52 && all.len() == 52
}

/// No view holds a card of an opponent's hand that its holder did not see taken from the
/// discard pile, until the showdown makes the hands public.
fn views_hide_opponents(h: &TeamHand) -> bool {
    (0..4u8).all(|seat| {
        let v = h.view(seat);
        if v.end.is_some() {
            return true;
        }
        let ours = CardSet(h.hands[usize::from(seat)].0 | h.hands[usize::from(partner_of(seat))].0);
        let shown = CardSet(
            v.hand.0 | v.partner_hand.0 | v.swap_given.map_or(0, |c| CardSet::from_cards(&[c]).0),
        );
        let theirs: u64 = (0..4u8)
            .filter(|&s| team_of(s) != team_of(seat))
            .map(|s| h.hands[usize::from(s)].0 & !h.known[usize::from(s)].0)
            .fold(0, |a, b| a | b);
        shown.0 & !ours.0 == 0 && shown.0 & theirs == 0
    })
}

proptest! {
    #![proptest_config(config(64))]

    /// Random play through whole matches: cards conserved after every action, swaps
    /// included; no view shows an opponent's card; the log replays to the same match.
    #[test]
    fn random_team_play_keeps_cards_views_and_replay(
        seed in any::<[u8; 32]>(),
        choices in prop::collection::vec(any::<u32>(), 600),
    ) {
        let mut m = TeamMatch::new(Rules::default(), seed);
        for pick in choices {
            if m.is_over() {
                break;
            }
            let seat = m.hand.to_act().expect("a hand in play has a player to act");
            let legal = m.legal_actions(seat);
            prop_assert!(!legal.is_empty());
            let action = legal[pick as usize % legal.len()];
            m.apply(seat, action).unwrap();
            prop_assert!(conserved(&m.hand));
            prop_assert!(views_hide_opponents(&m.hand));
        }
        let again = TeamMatch::replay(Rules::default(), seed, &m.log).unwrap();
        prop_assert_eq!(again, m);
    }

    /// An illegal action changes nothing.
    #[test]
    fn a_refused_action_leaves_the_hand_as_it_was(
        seed in any::<[u8; 32]>(),
        seat in 0u8..4,
        card in 0usize..52,
        kind in 0u8..6,
    ) {
        let m = TeamMatch::new(Rules::default(), seed);
        let c = Card::from_index(card);
        let action = match kind {
            0 => TeamAction::Swap(c),
            1 => TeamAction::Return(c),
            2 => TeamAction::Play(Action::Discard(c)),
            3 => TeamAction::Play(Action::Knock(c)),
            4 => TeamAction::Play(Action::DrawStock),
            _ => TeamAction::Play(Action::DrawDiscard),
        };
        let mut tried = m.clone();
        if tried.apply(seat, action).is_err() {
            prop_assert_eq!(tried, m);
        }
    }
}

/// The card texts a JSON value holds (cards serialize as their text form, `TS`).
fn cards_in(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) if s.len() == 2 && s.parse::<Card>().is_ok() => {
            out.push(s.clone())
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

/// The hidden cards of table `t` (in no view but their holder's until its showdown), apart
/// from `except`'s.
fn hidden_at(m: &PartnershipMatch, t: usize, except: Option<Seat>) -> Vec<String> {
    let h = &m.tables[t];
    if h.end.is_some() {
        return Vec::new();
    }
    (0..2)
        .filter(|&i| Some(h.players[i]) != except)
        .flat_map(|i| h.hands[i].iter().filter(move |&c| !h.known[i].contains(c)))
        .map(|c| c.to_string())
        .collect()
}

/// In Partnership Gin a player sees only their own hand. Each table has a deck of its own,
/// so each view is checked against the hands of the table it shows: a player's view holds no
/// hidden card of its opponent, a table's public view none of either player.
fn partnership_views_hide_other_hands(m: &PartnershipMatch) -> bool {
    let shows = |v: serde_json::Value, hidden: Vec<String>| {
        let mut shown = Vec::new();
        cards_in(&v, &mut shown);
        hidden.iter().all(|c| !shown.contains(c))
    };
    (0..2).all(|t| {
        shows(
            serde_json::to_value(m.table_view(t)).unwrap(),
            hidden_at(m, t, None),
        )
    }) && (0..4u8).all(|seat| {
        let t = m.table_of(seat).unwrap();
        shows(
            serde_json::to_value(m.view_for(seat)).unwrap(),
            hidden_at(m, t, Some(seat)),
        )
    })
}

proptest! {
    #![proptest_config(config(48))]

    /// Random play at both tables: every view hides the other hands, and the log replays.
    #[test]
    fn random_partnership_play_hides_other_hands_and_replays(
        seed in any::<[u8; 32]>(),
        choices in prop::collection::vec(any::<u32>(), 400),
    ) {
        let mut m = PartnershipMatch::new(Rules::default(), seed);
        for pick in choices {
            if m.is_over() {
                break;
            }
            let t = (pick >> 16) as usize % 2;
            let Some(seat) = m.tables[t].to_act().or(m.tables[1 - t].to_act()) else {
                break;
            };
            let legal = m.legal_actions(seat);
            prop_assert!(!legal.is_empty());
            m.apply(seat, legal[pick as usize % legal.len()]).unwrap();
            prop_assert!(partnership_views_hide_other_hands(&m));
        }
        let again = PartnershipMatch::replay(Rules::default(), seed, &m.log).unwrap();
        prop_assert_eq!(again, m);
    }
}
