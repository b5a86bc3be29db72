//! Button ids. Every custom_id names the match (challenge, tournament) it belongs to, and
//! action buttons also the state version they were drawn for, so a press from an older state
//! is recognised.
//! Format: `gin:<verb>:<id>[:<version>:<action>]`, well under Discord's 100 characters.
//! A move's verb and action are its game's ([`Buttons`]); the hand message's view changes
//! (`km`, `sm`, `back`, `hint`) go under the verb `a`. A select menu's id is
//! `gin:<verb>s:<id>:<version>:<menu>`; the chosen option's value is the action, so menu and
//! value together read as the press `gin:<verb>:<id>:<version>:<action>`.

use crate::engine::GameKind;
use crate::games::ledger::{BoardQuery, FormatFilter, Period};
use crate::games::{each, each_kind, BoardSort, Kind, Move};

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
    /// A hand message's move (or view change), by button or by a menu's choice.
    Move {
        match_id: i64,
        version: i64,
        mv: Move,
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

/// A game's move buttons: the verb of their ids and each move's code. Games may share a
/// verb (the Gin games share `a`): a code is read by the first game of the list that reads
/// it, and each game takes the moves of the others that its hand messages show.
pub(crate) trait Buttons: Kind {
    const VERB: &'static str;
    /// The move as an id's last part (no `:`).
    fn code(action: &Self::Action) -> String;
    /// The move an id's last part stands for.
    fn read(code: &str) -> Option<Self::Action>;
    /// Whether the select menu `menu` (its code) offers `action`.
    fn menu_offers(_menu: &str, _action: &Self::Action) -> bool {
        false
    }
}

/// The verb of a hand message's view changes.
const VIEW_VERB: &str = "a";

/// The view changes' codes.
const VIEWS: [(Move, &str); 4] = [
    (Move::ShowKnocks, "km"),
    (Move::Back, "back"),
    (Move::ShowSwaps, "sm"),
    (Move::Hint, "hint"),
];

/// A move's verb and code.
fn move_code(mv: Move) -> (&'static str, String) {
    match mv {
        Move::Play(play) => each!(Play, &play, a, K => (K::VERB, K::code(a))),
        view => {
            let code = VIEWS.iter().find(|(v, _)| *v == view).map(|(_, c)| *c);
            (
                VIEW_VERB,
                code.expect("every view change has its code").to_string(),
            )
        }
    }
}

/// The move a verb and code stand for.
fn read_move(verb: &str, code: &str) -> Option<Move> {
    if verb == VIEW_VERB {
        if let Some((view, _)) = VIEWS.iter().find(|(_, c)| *c == code) {
            return Some(*view);
        }
    }
    GameKind::ALL.iter().find_map(|&game| {
        each_kind!(game, K => (K::VERB == verb)
            .then(|| K::read(code))
            .flatten()
            .map(|a| Move::Play(K::play(a))))
    })
}

/// The id of a select menu (`menu`, its game's code) of a hand message drawn for `version` of
/// match `match_id`, whose options' values are moves of game `K`.
pub(crate) fn menu_id<K: Buttons>(menu: &str, match_id: i64, version: i64) -> String {
    format!("gin:{}s:{match_id}:{version}:{menu}", K::VERB)
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
    /// presses that are not a move of a game (each game's codes are its [`Buttons`]).
    pub fn as_move(self) -> Option<(i64, i64, Move)> {
        match self {
            Press::Move {
                match_id,
                version,
                mv,
            } => Some((match_id, version, mv)),
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
            | Press::Move { .. }
            | Press::Sheet(_)
            | Press::Rematch(_)
            | Press::Join(_)
            | Press::Leave(_) => None,
        }
    }

    /// A menu's choice: the menu's id and the chosen value, read as the press it stands for.
    /// `None` when the value is not one of that menu's kind (a forged choice).
    pub fn decode_choice(menu_id: &str, value: &str) -> Option<Press> {
        let (verb, rest) = menu_id.strip_prefix("gin:")?.split_once(':')?;
        let verb = verb.strip_suffix('s')?;
        let (head, menu) = rest.rsplit_once(':')?;
        match Press::decode(&format!("gin:{verb}:{head}:{value}"))? {
            p @ Press::Move {
                mv: Move::Play(play),
                ..
            } if each!(Play, &play, a, K => K::VERB == verb && K::menu_offers(menu, a)) => Some(p),
            _ => None,
        }
    }

    pub fn encode(self) -> String {
        match self {
            Press::Move {
                match_id,
                version,
                mv,
            } => {
                let (verb, code) = move_code(mv);
                format!("gin:{verb}:{match_id}:{version}:{code}")
            }
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
            verb => {
                let version: i64 = parts.next()?.parse().ok().filter(|v| *v >= 0)?;
                Press::Move {
                    match_id: num,
                    version,
                    mv: read_move(verb, parts.next()?)?,
                }
            }
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

    /// Every move's id as posted: each reads back as a move and writes out as itself, so
    /// buttons already posted keep working (the Gin games' `a`, Rummy's `r`).
    #[test]
    fn ids_round_trip_and_stay_short() {
        let max = i64::MAX;
        let run = "AH2H3H4H5H6H7H8H9HTHJHQHKH";
        let codes = [
            "a:up",
            "a:pass",
            "a:stock",
            "a:pile",
            "a:d-TS",
            "a:k-TS",
            "a:km",
            "a:back",
            "a:s-TS",
            "a:r-TS",
            "a:sm",
            "a:hint",
            "r:stock",
            "r:pile",
            "r:l-7H-12",
            "r:d-AS",
        ];
        let meld = format!("r:m-{run}");
        for code in codes.into_iter().chain([meld.as_str()]) {
            let (verb, action) = code.split_once(':').unwrap();
            let id = format!("gin:{verb}:{max}:{max}:{action}");
            let p = Press::decode(&id).unwrap_or_else(|| panic!("{id}"));
            assert!(id.len() <= 100);
            assert_eq!(p.encode(), id);
            assert!(p.as_move().is_some(), "{id}");
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

    /// A leaderboard button's id: posted buttons keep working, so each filter keeps its digit.
    #[test]
    fn board_ids_keep_their_digits() {
        let filters = FormatFilter::all();
        let names: Vec<&str> = filters.iter().map(|f| f.name).collect();
        assert_eq!(
            names[..6],
            ["any", "two", "three", "rummy", "partnership", "team"],
            "posted buttons carry the digits: a new game adds its family after these"
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
        let unused = (0..10u8).find(|&d| FormatFilter::from_code(d).is_none());
        let unused = format!("gin:lb:100{}:0", unused.expect("a free digit"));
        for bad in [
            unused.as_str(),
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
            "gin:r:1:2:m-7H8",
            "gin:r:1:2:up",
            "gin:a:1:2:m-7H8H9H",
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
        let ids = [
            "gin:a:12:7:s-7H",
            "gin:a:12:7:r-7H",
            "gin:r:12:7:m-7H8H9H",
            "gin:r:12:7:l-7H-0",
        ];
        for id in ids {
            assert!(Press::decode(id).is_some(), "{id}");
        }
        for id in ids {
            let logged = Press::for_log(id);
            assert!(!logged.contains("7H") && !logged.contains("8H"), "{logged}");
            assert!(
                logged.starts_with("gin:") && logged.contains(":12:7:"),
                "{logged}"
            );
        }
        assert_eq!(Press::for_log(ids[0]), "gin:a:12:7:s");
        assert_eq!(Press::for_log("gin:hand:12"), "gin:hand:12");
        assert_eq!(Press::for_log("gin:a:12:7:pass"), "gin:a:12:7:pass");
    }
}
