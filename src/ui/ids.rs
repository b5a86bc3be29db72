//! Button ids. Every custom_id names the match (or challenge) it belongs to, and action buttons
//! also the state version they were drawn for, so a press from an older state is recognised.
//! Format: `gin:<verb>:<id>[:<version>:<action>]`, well under Discord's 100 characters.

use crate::engine::{Action, Card};
use crate::games::ledger::{BoardQuery, FormatFilter, Period};
use crate::games::{BoardSort, Move};

const SORTS: [BoardSort; 5] = [
    BoardSort::Net,
    BoardSort::Wins,
    BoardSort::WinRate,
    BoardSort::Gins,
    BoardSort::Rating,
];
const PERIODS: [Period; 3] = [Period::All, Period::Days30, Period::Days7];
const FORMATS: [FormatFilter; 3] = [FormatFilter::Any, FormatFilter::Two, FormatFilter::Three];

fn index<T: PartialEq>(all: &[T], x: &T) -> usize {
    all.iter().position(|a| a == x).expect("listed")
}

/// What a button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    Accept(i64),
    Decline(i64),
    /// "My hand" on the table: a fresh ephemeral hand message.
    Hand(i64),
    Rules(i64),
    /// "Refresh" in a hand message.
    Refresh(i64),
    Act {
        match_id: i64,
        version: i64,
        act: Act,
    },
    /// A leaderboard page button.
    Board(BoardQuery),
    /// A history button: one match's score sheet.
    Sheet(i64),
}

/// A move (or a view change) drawn for one state of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    TakeUpcard,
    Pass,
    DrawStock,
    DrawDiscard,
    Discard(Card),
    Knock(Card),
    /// Show the knock buttons.
    KnockMode,
    /// Back from the knock buttons.
    Back,
}

impl Act {
    /// What this button asks of the match.
    pub fn to_move(self) -> Move {
        match (self, self.action()) {
            (_, Some(action)) => Move::Play(action),
            (Act::KnockMode, None) => Move::ShowKnocks,
            (_, None) => Move::Back,
        }
    }

    /// The engine's action this button makes; `None` for the view changes.
    pub fn action(self) -> Option<Action> {
        Some(match self {
            Act::TakeUpcard => Action::TakeUpcard,
            Act::Pass => Action::Pass,
            Act::DrawStock => Action::DrawStock,
            Act::DrawDiscard => Action::DrawDiscard,
            Act::Discard(c) => Action::Discard(c),
            Act::Knock(c) => Action::Knock(c),
            Act::KnockMode | Act::Back => return None,
        })
    }
}

impl Press {
    pub fn encode(self) -> String {
        match self {
            Press::Accept(id) => format!("gin:acc:{id}"),
            Press::Decline(id) => format!("gin:dec:{id}"),
            Press::Hand(id) => format!("gin:hand:{id}"),
            Press::Rules(id) => format!("gin:rules:{id}"),
            Press::Refresh(id) => format!("gin:ref:{id}"),
            Press::Sheet(id) => format!("gin:sheet:{id}"),
            Press::Board(q) => {
                let code = 1000
                    + index(&SORTS, &q.sort) * 100
                    + index(&PERIODS, &q.period) * 10
                    + index(&FORMATS, &q.format);
                format!("gin:lb:{code}:{}", q.page)
            }
            Press::Act {
                match_id,
                version,
                act,
            } => {
                let code = match act {
                    Act::TakeUpcard => "up".to_string(),
                    Act::Pass => "pass".to_string(),
                    Act::DrawStock => "stock".to_string(),
                    Act::DrawDiscard => "pile".to_string(),
                    Act::Discard(c) => format!("d-{c}"),
                    Act::Knock(c) => format!("k-{c}"),
                    Act::KnockMode => "km".to_string(),
                    Act::Back => "back".to_string(),
                };
                format!("gin:a:{match_id}:{version}:{code}")
            }
        }
    }

    /// Reads a custom_id; `None` for anything not made by [`Press::encode`].
    pub fn decode(id: &str) -> Option<Press> {
        let mut parts = id.strip_prefix("gin:")?.split(':');
        let verb = parts.next()?;
        let num: i64 = parts.next()?.parse().ok().filter(|n| *n > 0)?;
        let press = match verb {
            "acc" => Press::Accept(num),
            "dec" => Press::Decline(num),
            "hand" => Press::Hand(num),
            "rules" => Press::Rules(num),
            "ref" => Press::Refresh(num),
            "sheet" => Press::Sheet(num),
            "lb" => {
                let code = usize::try_from(num).ok()?.checked_sub(1000)?;
                let page: u32 = parts.next()?.parse().ok()?;
                Press::Board(BoardQuery {
                    sort: *SORTS.get(code / 100)?,
                    period: *PERIODS.get(code / 10 % 10)?,
                    format: *FORMATS.get(code % 10)?,
                    page,
                })
            }
            "a" => {
                let version: i64 = parts.next()?.parse().ok().filter(|v| *v >= 0)?;
                let code = parts.next()?;
                let card = |s: &str| s.parse::<Card>().ok();
                let act = match code {
                    "up" => Act::TakeUpcard,
                    "pass" => Act::Pass,
                    "stock" => Act::DrawStock,
                    "pile" => Act::DrawDiscard,
                    "km" => Act::KnockMode,
                    "back" => Act::Back,
                    _ => match code.split_once('-')? {
                        ("d", c) => Act::Discard(card(c)?),
                        ("k", c) => Act::Knock(card(c)?),
                        _ => return None,
                    },
                };
                Press::Act {
                    match_id: num,
                    version,
                    act,
                }
            }
            _ => return None,
        };
        if parts.next().is_some() {
            return None;
        }
        Some(press)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_stay_short() {
        let c: Card = "TS".parse().unwrap();
        for act in [
            Act::TakeUpcard,
            Act::Pass,
            Act::DrawStock,
            Act::DrawDiscard,
            Act::Discard(c),
            Act::Knock(c),
            Act::KnockMode,
            Act::Back,
        ] {
            let p = Press::Act {
                match_id: i64::MAX,
                version: i64::MAX,
                act,
            };
            let id = p.encode();
            assert!(id.len() <= 100);
            assert_eq!(Press::decode(&id), Some(p));
        }
        for p in [
            Press::Accept(1),
            Press::Decline(2),
            Press::Hand(3),
            Press::Rules(4),
            Press::Refresh(5),
        ] {
            assert_eq!(Press::decode(&p.encode()), Some(p));
        }
    }

    #[test]
    fn forged_ids_are_rejected() {
        for bad in [
            "",
            "gin",
            "gin:acc",
            "gin:acc:x",
            "gin:acc:-1",
            "gin:acc:0",
            "gin:a:1:2:d-XX",
            "gin:a:1:2",
            "gin:a:1:-2:up",
            "gin:a:1:2:up:extra",
            "other:acc:1",
            "gin:zzz:1",
        ] {
            assert_eq!(Press::decode(bad), None, "{bad}");
        }
    }
}
