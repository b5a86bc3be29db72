//! Button ids. Every custom_id names the match (challenge, tournament) it belongs to, and
//! action buttons also the state version they were drawn for, so a press from an older state
//! is recognised.
//! Format: `gin:<verb>:<id>[:<version>:<action>]`, well under Discord's 100 characters.
//! A select menu's id is `gin:rs:<id>:<version>:<menu>`; the chosen option's value is the
//! action, so menu and value together read as the Rummy press `gin:r:<id>:<version>:<action>`.

use crate::engine::rummy::RummyAction;
use crate::engine::{Action, Card, CardSet, TeamAction};
use crate::games::ledger::{BoardQuery, FormatFilter, Period};
use crate::games::{BoardSort, Move, Play};

const SORTS: [BoardSort; 5] = [
    BoardSort::Net,
    BoardSort::Wins,
    BoardSort::WinRate,
    BoardSort::Gins,
    BoardSort::Rating,
];
const PERIODS: [Period; 3] = [Period::All, Period::Days30, Period::Days7];

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
    /// A Rummy move, by button or by a menu's choice.
    Rummy {
        match_id: i64,
        version: i64,
        action: RummyAction,
    },
    /// A leaderboard page button.
    Board(BoardQuery),
    /// A history button: one match's score sheet.
    Sheet(i64),
    /// The match end's Rematch.
    Rematch(i64),
    /// A watcher's Refresh of a match's table.
    Watch(i64),
    /// A replay's Previous/Next: step `step` of deal `deal` (both zero-based).
    Replay {
        match_id: i64,
        deal: u32,
        step: u32,
    },
    /// A tournament message's Join: the presser signs up for that event.
    Join(i64),
    /// A tournament message's Leave: the presser's entry goes.
    Leave(i64),
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
    /// Back from the knock (or swap) buttons.
    Back,
    /// Team Gin: give this card to the partner.
    Swap(Card),
    /// Team Gin: give this card back to the partner who swapped.
    Return(Card),
    /// Team Gin: show the cards to give.
    SwapMode,
    /// The coach: the hard player's move, and why.
    Hint,
}

impl Act {
    /// What this button asks of the match.
    pub fn to_move(self) -> Move {
        match (self, self.action()) {
            (_, Some(action)) => Move::Play(Play::Gin(action)),
            (Act::Swap(c), None) => Move::Play(Play::Team(TeamAction::Swap(c))),
            (Act::Return(c), None) => Move::Play(Play::Team(TeamAction::Return(c))),
            (Act::KnockMode, None) => Move::ShowKnocks,
            (Act::SwapMode, None) => Move::ShowSwaps,
            (Act::Hint, None) => Move::Hint,
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
            Act::KnockMode
            | Act::Back
            | Act::Swap(_)
            | Act::Return(_)
            | Act::SwapMode
            | Act::Hint => return None,
        })
    }
}

/// The Rummy select menus of a hand message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    Meld,
    LayOff,
    Discard,
}

impl Menu {
    const ALL: [Menu; 3] = [Menu::Meld, Menu::LayOff, Menu::Discard];

    fn code(self) -> &'static str {
        match self {
            Menu::Meld => "meld",
            Menu::LayOff => "lay",
            Menu::Discard => "disc",
        }
    }

    /// Whether `action` is one this menu offers.
    fn offers(self, action: &RummyAction) -> bool {
        matches!(
            (self, action),
            (Menu::Meld, RummyAction::Meld { .. })
                | (Menu::LayOff, RummyAction::LayOff { .. })
                | (Menu::Discard, RummyAction::Discard { .. })
        )
    }

    /// The id of this menu in a hand message drawn for `version` of match `match_id`.
    pub fn id(self, match_id: i64, version: i64) -> String {
        format!("gin:rs:{match_id}:{version}:{}", self.code())
    }
}

/// A Rummy action as an id's last part: `stock`, `pile`, `m-7H8H9H`, `l-7H-2`, `d-7H`.
pub fn rummy_code(action: RummyAction) -> String {
    match action {
        RummyAction::DrawStock => "stock".into(),
        RummyAction::DrawDiscard => "pile".into(),
        RummyAction::Meld { cards } => {
            let mut code = String::from("m-");
            for c in cards.iter() {
                code.push_str(&c.to_string());
            }
            code
        }
        RummyAction::LayOff { card, meld } => format!("l-{card}-{meld}"),
        RummyAction::Discard { card } => format!("d-{card}"),
    }
}

fn rummy_action(code: &str) -> Option<RummyAction> {
    let card = |s: &str| s.parse::<Card>().ok();
    Some(match code {
        "stock" => RummyAction::DrawStock,
        "pile" => RummyAction::DrawDiscard,
        _ => match code.split_once('-')? {
            ("m", cards) => {
                if cards.is_empty() || cards.len() % 2 != 0 || cards.len() > 26 {
                    return None;
                }
                let mut set = CardSet::EMPTY;
                for i in (0..cards.len()).step_by(2) {
                    set.insert(card(cards.get(i..i + 2)?)?);
                }
                RummyAction::Meld { cards: set }
            }
            ("l", rest) => {
                let (c, meld) = rest.split_once('-')?;
                RummyAction::LayOff {
                    card: card(c)?,
                    meld: meld.parse().ok().filter(|m: &usize| *m < 52)?,
                }
            }
            ("d", c) => RummyAction::Discard { card: card(c)? },
            _ => return None,
        },
    })
}

/// The message a press rewrites in place when answered (a challenge turning into the table, a
/// board's next page, a watcher's refreshed table, a replay's next step): its kind, and the
/// challenge or match it shows where it shows one. A press belongs only on a message that
/// carries a button of the same home.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    Challenge(i64),
    Board,
    Watch(i64),
    Replay(i64),
}

impl Press {
    /// What a hand message's press asks of its match: (match, version, move); `None` for the
    /// presses that are not a move of a game. The one place that knows each game's buttons.
    pub fn as_move(self) -> Option<(i64, i64, Move)> {
        match self {
            Press::Act {
                match_id,
                version,
                act,
            } => Some((match_id, version, act.to_move())),
            Press::Rummy {
                match_id,
                version,
                action,
            } => Some((match_id, version, Move::Play(Play::Rummy(action)))),
            _ => None,
        }
    }

    /// The message this press may rewrite; `None` for presses that never rewrite the
    /// message they are on (or, as hand buttons, only a private one: see `answer::press_on`).
    pub fn home(self) -> Option<Home> {
        match self {
            Press::Accept(id) | Press::Decline(id) => Some(Home::Challenge(id)),
            Press::Board(_) => Some(Home::Board),
            Press::Watch(id) => Some(Home::Watch(id)),
            Press::Replay { match_id, .. } => Some(Home::Replay(match_id)),
            Press::Hand(_)
            | Press::Rules(_)
            | Press::Refresh(_)
            | Press::Act { .. }
            | Press::Rummy { .. }
            | Press::Sheet(_)
            | Press::Rematch(_)
            | Press::Join(_)
            | Press::Leave(_) => None,
        }
    }

    /// A menu's choice: the menu's id and the chosen value, read as the press it stands for.
    /// `None` when the value is not one of that menu's kind (a forged choice).
    pub fn decode_choice(menu_id: &str, value: &str) -> Option<Press> {
        let rest = menu_id.strip_prefix("gin:rs:")?;
        let (head, menu) = rest.rsplit_once(':')?;
        let menu = *Menu::ALL.iter().find(|m| m.code() == menu)?;
        match Press::decode(&format!("gin:r:{head}:{value}"))? {
            p @ Press::Rummy { action, .. } if menu.offers(&action) => Some(p),
            _ => None,
        }
    }

    pub fn encode(self) -> String {
        match self {
            Press::Rummy {
                match_id,
                version,
                action,
            } => format!("gin:r:{match_id}:{version}:{}", rummy_code(action)),
            Press::Accept(id) => format!("gin:acc:{id}"),
            Press::Decline(id) => format!("gin:dec:{id}"),
            Press::Hand(id) => format!("gin:hand:{id}"),
            Press::Rules(id) => format!("gin:rules:{id}"),
            Press::Refresh(id) => format!("gin:ref:{id}"),
            Press::Sheet(id) => format!("gin:sheet:{id}"),
            Press::Rematch(id) => format!("gin:rm:{id}"),
            Press::Watch(id) => format!("gin:watch:{id}"),
            Press::Join(id) => format!("gin:tj:{id}"),
            Press::Leave(id) => format!("gin:tl:{id}"),
            Press::Replay {
                match_id,
                deal,
                step,
            } => format!("gin:rp:{match_id}:{deal}:{step}"),
            Press::Board(q) => {
                let code = 1000
                    + index(&SORTS, &q.sort) * 100
                    + index(&PERIODS, &q.period) * 10
                    + usize::from(q.format.code);
                match (q.tournament, q.season) {
                    (Some(t), _) => format!("gin:lb:{code}:{}:t{t}", q.page),
                    (None, Some(season)) => format!("gin:lb:{code}:{}:{season}", q.page),
                    (None, None) => format!("gin:lb:{code}:{}", q.page),
                }
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
                    Act::Swap(c) => format!("s-{c}"),
                    Act::Return(c) => format!("r-{c}"),
                    Act::SwapMode => "sm".to_string(),
                    Act::Hint => "hint".to_string(),
                };
                format!("gin:a:{match_id}:{version}:{code}")
            }
        }
    }

    /// A custom_id fit for a log line: its verb and numbers, and of the action only its kind
    /// (`gin:a:12:7:s-7H` gives `gin:a:12:7:s`). A swap's card is hidden from all but the
    /// partner, and a span field is printed with every line inside the span.
    pub fn for_log(id: &str) -> String {
        let mut parts = id.splitn(6, ':');
        let head: Vec<&str> = parts.by_ref().take(4).collect();
        let mut out = head.join(":");
        if let Some(action) = parts.next() {
            out.push(':');
            out.push_str(action.split('-').next().unwrap_or_default());
        }
        out
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
            "rm" => Press::Rematch(num),
            "watch" => Press::Watch(num),
            "tj" => Press::Join(num),
            "tl" => Press::Leave(num),
            "rp" => Press::Replay {
                match_id: num,
                deal: parts.next()?.parse().ok().filter(|d| *d < 10_000)?,
                step: parts.next()?.parse().ok().filter(|s| *s < 10_000)?,
            },
            "lb" => {
                let code = usize::try_from(num).ok()?.checked_sub(1000)?;
                let page: u32 = parts.next()?.parse().ok()?;
                // An earlier season's board names it; the running season's does not; a
                // tournament's board names the tournament (`t<id>`) instead.
                let (season, tournament) = match parts.next() {
                    Some(t) if t.starts_with('t') => {
                        (None, Some(t[1..].parse().ok().filter(|n: &i64| *n > 0)?))
                    }
                    Some(n) => (Some(n.parse().ok().filter(|n: &i64| *n > 0)?), None),
                    None => (None, None),
                };
                if parts.next().is_some() {
                    return None;
                }
                Press::Board(BoardQuery {
                    sort: *SORTS.get(code / 100)?,
                    period: *PERIODS.get(code / 10 % 10)?,
                    format: FormatFilter::from_code((code % 10) as u8)?,
                    page,
                    season,
                    tournament,
                })
            }
            "r" => {
                let version: i64 = parts.next()?.parse().ok().filter(|v| *v >= 0)?;
                Press::Rummy {
                    match_id: num,
                    version,
                    action: rummy_action(parts.next()?)?,
                }
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
                    "sm" => Act::SwapMode,
                    "hint" => Act::Hint,
                    _ => match code.split_once('-')? {
                        ("d", c) => Act::Discard(card(c)?),
                        ("k", c) => Act::Knock(card(c)?),
                        ("s", c) => Act::Swap(card(c)?),
                        ("r", c) => Act::Return(card(c)?),
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
            Act::Swap(c),
            Act::Return(c),
            Act::SwapMode,
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
            Press::Rematch(9),
            Press::Watch(10),
            Press::Join(11),
            Press::Leave(i64::MAX),
            Press::Replay {
                match_id: 6,
                deal: 7,
                step: 8,
            },
        ] {
            assert_eq!(Press::decode(&p.encode()), Some(p));
        }
    }

    #[test]
    fn rummy_ids_and_menu_choices_round_trip() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let mut run = CardSet::EMPTY;
        for card in [
            "9H", "TH", "JH", "QH", "KH", "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H",
        ] {
            run.insert(c(card));
        }
        for action in [
            RummyAction::DrawStock,
            RummyAction::DrawDiscard,
            RummyAction::Meld { cards: run },
            RummyAction::LayOff {
                card: c("7H"),
                meld: 12,
            },
            RummyAction::Discard { card: c("AS") },
        ] {
            let p = Press::Rummy {
                match_id: i64::MAX,
                version: i64::MAX,
                action,
            };
            let id = p.encode();
            assert!(id.len() <= 100, "{id}");
            assert_eq!(Press::decode(&id), Some(p));
        }
        let menu = Menu::Discard.id(5, 7);
        assert_eq!(
            Press::decode_choice(&menu, "d-7H"),
            Some(Press::Rummy {
                match_id: 5,
                version: 7,
                action: RummyAction::Discard { card: c("7H") }
            })
        );
        // A value of another menu, or garbage, is no choice of this one.
        assert_eq!(Press::decode_choice(&menu, "m-7H8H9H"), None);
        assert_eq!(Press::decode_choice(&menu, "d-7H:extra"), None);
        assert_eq!(Press::decode_choice(&menu, "m-7H8"), None);
        assert_eq!(Press::decode_choice("gin:rs:5:7:zzz", "d-7H"), None);
    }

    /// A leaderboard button's id: posted buttons keep working, so each filter keeps its digit.
    #[test]
    fn board_ids_keep_their_digits() {
        let filters = FormatFilter::all();
        let names: Vec<&str> = filters.iter().map(|f| f.name).collect();
        assert_eq!(
            names,
            ["any", "two", "three", "rummy", "partnership", "team"]
        );
        for (digit, format) in filters.into_iter().enumerate() {
            let q = BoardQuery {
                sort: BoardSort::Rating,
                period: Period::Days7,
                format,
                page: 3,
                season: None,
                tournament: None,
            };
            let id = Press::Board(q).encode();
            assert_eq!(id, format!("gin:lb:142{digit}:3"));
            assert_eq!(Press::decode(&id), Some(Press::Board(q)));
            let q = BoardQuery {
                season: Some(2),
                ..q
            };
            assert_eq!(
                Press::decode(&format!("gin:lb:142{digit}:3:2")),
                Some(Press::Board(q))
            );
        }
        for bad in [
            "gin:lb:1006:0",
            "gin:lb:1009:0",
            "gin:lb:999:0",
            "gin:lb:1000:0:0",
        ] {
            assert_eq!(Press::decode(bad), None, "{bad}");
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
            "gin:tj",
            "gin:tj:0",
            "gin:tj:-4",
            "gin:tj:1:2",
            "gin:tl:x",
        ] {
            assert_eq!(Press::decode(bad), None, "{bad}");
        }
    }

    /// A challenge's buttons share its home, and no other challenge's do; likewise a watched
    /// table's and a replay's of their match. Boards are all one home.
    #[test]
    fn a_home_names_its_challenge_or_match() {
        assert_eq!(Press::Accept(4).home(), Press::Decline(4).home());
        assert_ne!(Press::Accept(4).home(), Press::Accept(5).home());
        assert_ne!(Press::Decline(4).home(), Press::Decline(5).home());
        assert_ne!(Press::Watch(4).home(), Press::Watch(5).home());
        let replay = |match_id, step| Press::Replay {
            match_id,
            deal: 0,
            step,
        };
        assert_eq!(replay(4, 1).home(), replay(4, 2).home());
        assert_ne!(replay(4, 1).home(), replay(5, 1).home());
        assert_eq!(Press::Hand(4).home(), None);
    }

    /// A logged custom_id keeps what names the press and the match, and no card.
    #[test]
    fn a_logged_id_names_no_card() {
        let c: Card = "7H".parse().unwrap();
        let set = CardSet::from_cards(&["7H".parse().unwrap(), "8H".parse().unwrap()]);
        let ids = [
            Press::Act {
                match_id: 12,
                version: 7,
                act: Act::Swap(c),
            }
            .encode(),
            Press::Act {
                match_id: 12,
                version: 7,
                act: Act::Return(c),
            }
            .encode(),
            Press::Rummy {
                match_id: 12,
                version: 7,
                action: RummyAction::Meld { cards: set },
            }
            .encode(),
            Press::Rummy {
                match_id: 12,
                version: 7,
                action: RummyAction::LayOff { card: c, meld: 0 },
            }
            .encode(),
        ];
        for id in &ids {
            let logged = Press::for_log(id);
            assert!(!logged.contains("7H") && !logged.contains("8H"), "{logged}");
            assert!(
                logged.starts_with("gin:") && logged.contains(":12:7:"),
                "{logged}"
            );
        }
        assert_eq!(Press::for_log(&ids[0]), "gin:a:12:7:s");
        assert_eq!(Press::for_log("gin:hand:12"), "gin:hand:12");
        assert_eq!(Press::for_log("gin:a:12:7:pass"), "gin:a:12:7:pass");
    }
}
