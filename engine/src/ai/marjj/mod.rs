//! `marjj`: the arena's rendering of MARJJ, the winner of the EAAI-2021 Gin Rummy competition
//! (Ahmed, Leppo, Lesniewski, Patel, Perez and Blum, AAAI-21), written from its published
//! description. Hard meets it without being told whom it plays.
//!
//! - Draw ([`draw`]): it takes the upcard or the top discard only when the card goes into a
//!   meld of its arrangement and lowers its deadwood.
//! - Discard ([`discard`]): the loose cards near the highest are scored by the deadwood each
//!   leaves, a look-ahead over the best next draws weighted 18 × 0.9^(turn − 1), and a danger
//!   term for how useful the card is to the opponent, read from what the opponent took and
//!   what is out of its reach ([`danger`]); a tie is drawn at random.
//! - Knock ([`knock`]): with the discard so chosen, only in its first three turns; after that
//!   it plays for gin. It lays out the arrangement leaving the opponent the fewest layoffs.
//!
//! Like `simple`, it never repeats a (card taken, card discarded) pair within a hand, so that
//! two players that take pile cards cannot trade the same cards forever. Its results against
//! `simple`, and how it was checked against the published description, are in the README.

mod danger;
mod discard;
mod draw;
mod knock;
mod sight;

use super::eval::pick;
use super::knowledge::Knowledge;
use super::Random;
use crate::card::{Card, CardSet};
use crate::hand::{Action, Phase};
use crate::solver::{knock_deadwood, min_deadwood};
use crate::view::PlayerView;
use sight::Sight;

pub(super) fn decide(know: &Knowledge, view: &PlayerView, rng: &mut impl Random) -> Action {
    let legal = &view.legal_actions;
    let fallback = legal.first().copied().unwrap_or(Action::Pass);
    let turn = turn(view);
    let sight = Sight::new(know);
    let wanted = || know.top.is_some_and(|c| draw::takes(know.hand, c, &sight));
    match view.table.phase {
        Phase::UpcardOffer { .. } if wanted() => Action::TakeUpcard,
        Phase::UpcardOffer { .. } => Action::Pass,
        Phase::Draw { .. } if legal.contains(&Action::DrawDiscard) && wanted() => {
            Action::DrawDiscard
        }
        Phase::Draw { .. } => Action::DrawStock,
        // The engine offers the fiftieth card only when it lets this seat knock: taken only
        // when this seat would knock with it.
        Phase::FiftiethCard { .. } => match know.top {
            Some(top)
                if legal.contains(&Action::DrawDiscard)
                    && knock::may_knock(turn, knock_deadwood(know.hand.with(top))) =>
            {
                Action::DrawDiscard
            }
            _ => Action::Pass,
        },
        Phase::Discard { must_knock, .. } => {
            discard_or_knock(know, legal, turn, must_knock, &sight, rng).unwrap_or(fallback)
        }
        Phase::Over => fallback,
    }
}

/// This seat's turn in the hand, from 1: one more than the discards it has made.
fn turn(view: &PlayerView) -> u32 {
    let discards = view
        .table
        .actions
        .iter()
        .filter(|(seat, a)| *seat == view.seat && matches!(a, Action::Discard(_)))
        .count();
    discards as u32 + 1
}

/// The discard its rule picks (a tie drawn at random, as the published agent does), as a
/// knock when it may knock with what is left.
fn discard_or_knock(
    know: &Knowledge,
    legal: &[Action],
    turn: u32,
    must_knock: bool,
    sight: &Sight,
    rng: &mut impl Random,
) -> Option<Action> {
    let cards =
        |pick: fn(&Action) -> Option<Card>| -> CardSet { legal.iter().filter_map(pick).collect() };
    let knocks = cards(|a| match a {
        Action::Knock(c) => Some(*c),
        _ => None,
    });
    if must_knock {
        // Only a knock may follow the fiftieth card: the least deadwood.
        return knocks
            .iter()
            .min_by_key(|&c| min_deadwood(know.hand.without(c)))
            .map(Action::Knock);
    }
    let discards = cards(|a| match a {
        Action::Discard(c) => Some(*c),
        _ => None,
    });
    let fresh = CardSet(discards.0 & !know.repeat_barred.0);
    let options = if fresh.is_empty() { discards } else { fresh };
    let card = pick(discard::best(know.hand, options, turn, sight), rng)?;
    let left = min_deadwood(know.hand.without(card));
    if knocks.contains(card) && knock::may_knock(turn, left) {
        Some(Action::Knock(card))
    } else {
        Some(Action::Discard(card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{decide, decide_with, Level, Strategy};
    use crate::card::testing::{card, hand};
    use crate::{Hand, Match, Rules, Seat};

    /// A match whose hand is scripted: the first player holds `first`, the second `second`;
    /// `stock` is listed top card first, the rest of the deck below it.
    fn scripted(first: &str, second: &str, upcard: &str, stock: &str) -> Match {
        let (first, second, upcard) = (hand(first), hand(second), card(upcard));
        let top = CardSet::parse(stock).unwrap();
        let rest = Card::all().filter(|&c| {
            !first.contains(c) && !second.contains(c) && c != upcard && !top.contains(&c)
        });
        let stock: Vec<Card> = top.iter().copied().chain(rest).collect();
        let mut m = Match::new(Rules::default(), 2, [1; 32]).unwrap();
        m.hand = Hand::with_cards(
            &m.rules,
            m.hand.players,
            m.hand.dealer,
            [first, second],
            Some(upcard),
            &stock,
        );
        m
    }

    fn marjj(m: &Match) -> Action {
        let seat = m.to_act().unwrap();
        decide_with(&Strategy::Marjj, &[7; 32], &m.view_for(seat))
    }

    fn play(m: &mut Match, actions: &[Action]) {
        for &a in actions {
            let seat = m.to_act().unwrap();
            m.apply(seat, a).unwrap();
        }
    }

    const MINE: &str = "2C 3C 4C 5H 6H 7H 9S 9D 9C KD";

    #[test]
    fn passes_an_upcard_that_lowers_the_deadwood_without_melding() {
        // AD would replace KD (simple's and baseline's take differ: simple passes, baseline
        // takes); 8H extends the hearts.
        let m = scripted(MINE, "AH 2H 3H 4S 5S 6S 7C 8C JS QS", "AD", "");
        assert_eq!(marjj(&m), Action::Pass);
        let m = scripted(MINE, "AH 2H 3H 4S 5S 6S 7C 8C JS QS", "8H", "");
        assert_eq!(marjj(&m), Action::TakeUpcard);
    }

    /// MINE against a junk hand: both pass the upcard, then both draw a card from the stock and
    /// throw it straight back for `turns` turns each, and MARJJ draws `draw`.
    fn after_turns(turns: usize, draw: &str) -> Match {
        let junk = ["QS", "JH", "TS", "QC", "JS", "TH"];
        let stock: Vec<&str> = junk[..2 * turns].iter().copied().chain([draw]).collect();
        let mut m = scripted(
            MINE,
            "AH 2H 3H 4S 5S 6S 7C 8C AD 8D",
            "QH",
            &stock.join(" "),
        );
        play(&mut m, &[Action::Pass, Action::Pass]);
        for j in junk.iter().take(2 * turns) {
            play(&mut m, &[Action::DrawStock, Action::Discard(card(j))]);
        }
        play(&mut m, &[Action::DrawStock]);
        m
    }

    #[test]
    fn knocks_in_its_first_three_turns_and_later_only_with_gin() {
        // AS leaves 1 deadwood after throwing KD.
        assert_eq!(marjj(&after_turns(0, "AS")), Action::Knock(card("KD")));
        assert_eq!(marjj(&after_turns(2, "AS")), Action::Knock(card("KD")));
        // Turn 4: it plays on for gin; simple knocks.
        let m = after_turns(3, "AS");
        assert_eq!(turn(&m.view_for(m.to_act().unwrap())), 4);
        assert!(matches!(marjj(&m), Action::Discard(_)), "{:?}", marjj(&m));
        let seat = m.to_act().unwrap();
        assert!(matches!(
            decide(Level::Simple, &[7; 32], &m.view_for(seat)),
            Action::Knock(_)
        ));
        // ... and goes gin when it can: 8H completes the hearts.
        assert_eq!(marjj(&after_turns(3, "8H")), Action::Knock(card("KD")));
    }

    #[test]
    fn does_not_throw_a_neighbour_of_the_card_the_opponent_just_took() {
        // The opponent (first) takes the upcard 7S and throws KH; MARJJ draws 8D. Its two
        // eights leave the same deadwood and the same draws; 8S lies next to the 7S the
        // opponent holds, so MARJJ throws 8D.
        let mine = "2C 3C 4C QH QD QC 8S 2D 2H AS";
        let theirs = "KH JD JC 3D 4H 5S TC TD AC 4D";
        let mut m = scripted(theirs, mine, "7S", "8D");
        play(&mut m, &[Action::TakeUpcard, Action::Discard(card("KH"))]);
        assert_eq!(marjj(&m), Action::DrawStock);
        play(&mut m, &[Action::DrawStock]);
        assert_eq!(marjj(&m), Action::Discard(card("8D")));
        // The danger alone sets them apart: blind to the take, the two eights tie.
        let seat: Seat = m.to_act().unwrap();
        let know = Knowledge::from_view(&m.view_for(seat)).unwrap();
        let sight = Sight::new(&know);
        assert_eq!(discard::best(know.hand, know.hand, 1, &sight), hand("8D"));
        let mut blind = Sight::new(&know);
        blind.unseen = CardSet(blind.unseen.0 | blind.held.0);
        blind.held = CardSet::EMPTY;
        assert_eq!(
            discard::best(know.hand, know.hand, 1, &blind),
            hand("8S 8D")
        );
    }

    #[test]
    fn plays_legal_matches_against_simple_under_every_variant() {
        use crate::Preset;
        let variants = [
            (Preset::Classic, ""),
            (Preset::Oklahoma, ""),
            (Preset::Classic, "fiftieth_card=on, allow_rediscard=on"),
            (Preset::Classic, "eleven_card_deal=on"),
        ];
        let mut hands = 0;
        for i in 0..8 {
            let (preset, overrides) = variants[i % variants.len()];
            let rules =
                Rules::from_preset_and_overrides(preset, &format!("{overrides}, target=60"))
                    .unwrap();
            let mut m = Match::new(rules, 2, [i as u8; 32]).unwrap();
            let mut moves = 0;
            while let Some(seat) = m.to_act() {
                let view = m.view_for(seat);
                let action = if seat == 0 {
                    let know = Knowledge::from_view(&view).unwrap();
                    let mut rng = crate::ai::SplitMix(5);
                    let a = super::decide(&know, &view, &mut rng);
                    assert!(view.legal_actions.contains(&a) || view.legal_actions.len() < 2);
                    decide_with(&Strategy::Marjj, &[3; 32], &view)
                } else {
                    decide(Level::Simple, &[4; 32], &view)
                };
                m.apply(seat, action).unwrap();
                moves += 1;
                assert!(moves < 20_000, "a match that never ends");
            }
            hands += m.history.len();
        }
        assert!(hands >= 16, "only {hands} hands");
    }
}
