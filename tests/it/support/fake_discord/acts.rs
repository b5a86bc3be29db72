//! The Gin games' hand buttons as the tests read and press them: their ids exactly as
//! posted (`gin:a:<match>:<version>:<code>`), so a change of the ids fails here too.

use gin::engine::{Action, Card};
use gin::ui::ids::Press;

/// A hand message's button of the Gin games (Gin, Partnership and Team Gin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    TakeUpcard,
    Pass,
    DrawStock,
    DrawDiscard,
    Discard(Card),
    Knock(Card),
    KnockMode,
    Back,
    Swap(Card),
    Return(Card),
    SwapMode,
    Hint,
}

/// A Gin games' hand button read from its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActPress {
    pub match_id: i64,
    pub version: i64,
    pub act: Act,
}

impl Act {
    fn code(self) -> String {
        match self {
            Act::TakeUpcard => "up".into(),
            Act::Pass => "pass".into(),
            Act::DrawStock => "stock".into(),
            Act::DrawDiscard => "pile".into(),
            Act::Discard(c) => format!("d-{c}"),
            Act::Knock(c) => format!("k-{c}"),
            Act::KnockMode => "km".into(),
            Act::Back => "back".into(),
            Act::Swap(c) => format!("s-{c}"),
            Act::Return(c) => format!("r-{c}"),
            Act::SwapMode => "sm".into(),
            Act::Hint => "hint".into(),
        }
    }

    fn read(code: &str) -> Option<Act> {
        let card = |s: &str| s.parse::<Card>().ok();
        Some(match code {
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
        })
    }

    /// The engine's action this button makes; `None` for the view changes and the swap's.
    pub fn action(self) -> Option<Action> {
        Some(match self {
            Act::TakeUpcard => Action::TakeUpcard,
            Act::Pass => Action::Pass,
            Act::DrawStock => Action::DrawStock,
            Act::DrawDiscard => Action::DrawDiscard,
            Act::Discard(c) => Action::Discard(c),
            Act::Knock(c) => Action::Knock(c),
            _ => return None,
        })
    }

    /// The id of this button on a hand message drawn for `version` of `match_id`.
    pub fn id(self, match_id: i64, version: i64) -> String {
        format!("gin:a:{match_id}:{version}:{}", self.code())
    }
}

/// The button that plays a Gin move.
impl From<Action> for Act {
    fn from(a: Action) -> Act {
        match a {
            Action::TakeUpcard => Act::TakeUpcard,
            Action::Pass => Act::Pass,
            Action::DrawStock => Act::DrawStock,
            Action::DrawDiscard => Act::DrawDiscard,
            Action::Discard(c) => Act::Discard(c),
            Action::Knock(c) => Act::Knock(c),
        }
    }
}

/// The Gin games' hand button `id` is, if it is one the bot reads.
pub fn act_of_id(id: &str) -> Option<ActPress> {
    Press::decode(id)?;
    let rest = id.strip_prefix("gin:a:")?;
    let mut parts = rest.splitn(3, ':');
    let match_id = parts.next()?.parse().ok()?;
    let version = parts.next()?.parse().ok()?;
    let act = Act::read(parts.next()?)?;
    Some(ActPress {
        match_id,
        version,
        act,
    })
}

/// The Gin games' hand button `p` is, if it is one.
pub fn act_press(p: Press) -> Option<ActPress> {
    act_of_id(&p.encode())
}
