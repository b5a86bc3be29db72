//! The web table's protocol (docs/activity.md): every frame the page and the bot exchange, as
//! types. The page's TypeScript (activity/src/wire.ts) is generated from them by
//! [`typescript`]; a test fails when the committed file differs.

use crate::engine::{Card, Seat, Variant};
use crate::games::Play;
use serde::{Deserialize, Serialize};
use std::any::TypeId;
use ts_rs::{Config, TypeVisitor, TS};

/// The protocol's per-game types, from the list of games: each game's parts of a frame are
/// its own, in its module here. A game's tag is its name in lowercase, which is its module's
/// name in the list (checked by `web::games::tests`).
macro_rules! wire_games {
    (() $($name:ident $module:ident $match:ty,)*) => {
        $(pub mod $module;)*

        /// The match's game, as the page tells them apart.
        #[derive(Clone, Copy, Serialize, TS)]
        #[serde(rename_all = "lowercase")]
        pub enum Game {
            $($name,)*
        }

        /// The viewer's own hand.
        #[derive(Serialize, TS)]
        #[serde(tag = "game", rename_all = "lowercase")]
        pub enum OwnHand<'a> {
            $($name($module::Own<'a>),)*
        }

        /// The public table.
        #[derive(Serialize, TS)]
        #[serde(tag = "game", rename_all = "lowercase")]
        pub enum PublicTable<'a> {
            $($name($module::Public<'a>),)*
        }

        /// The last finished deal, public with its showdown.
        #[derive(Serialize, TS)]
        #[serde(tag = "game", rename_all = "lowercase")]
        pub enum LastDeal<'a> {
            $($name($module::Last<'a>),)*
        }

        /// The match's settlement.
        #[derive(Serialize, TS)]
        #[serde(tag = "game", rename_all = "lowercase")]
        pub enum End<'a> {
            $($name($module::Over<'a>),)*
        }

        /// What a move does: a kind of its game's (games that share moves share kinds).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
        #[serde(untagged)]
        pub enum MoveKind {
            $($name($module::Kind),)*
        }

        /// A move as the page sends it back: the `play` of one of the state's moves, under
        /// its game's name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
        #[serde(rename_all = "lowercase")]
        pub enum WirePlay {
            $($name(<$match as Variant>::Action),)*
        }

        impl From<WirePlay> for Play {
            fn from(p: WirePlay) -> Play {
                match p {
                    $(WirePlay::$name(a) => Play::$name(a),)*
                }
            }
        }

        impl From<Play> for WirePlay {
            fn from(p: Play) -> WirePlay {
                match p {
                    $(Play::$name(a) => WirePlay::$name(a),)*
                }
            }
        }
    };
}
crate::engine::with_games!(wire_games);

/// What a page sends.
#[derive(Debug, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Incoming {
    Hello {
        session: String,
        /// The SDK's `instanceId`: Discord says where it runs and who is in it.
        instance_id: String,
        #[serde(default)]
        #[ts(optional)]
        lang: Option<String>,
    },
    Move {
        seq: u64,
        match_id: i64,
        version: i64,
        play: WirePlay,
    },
    /// A Gin challenge to someone who has the table open here.
    Challenge {
        seq: u64,
        opponent: String,
    },
    /// A practice match against the bot.
    Practice {
        seq: u64,
    },
    /// The viewer accepts the challenge the state frame shows them.
    Accept {
        seq: u64,
        challenge: i64,
    },
    /// The viewer declines the challenge the state frame shows them.
    Decline {
        seq: u64,
        challenge: i64,
    },
    Ping,
}

/// What the bot sends a page. Each is built, sent and dropped at once: no need to box a state.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Frame<'a> {
    Welcome {
        user: User,
        channel_id: String,
    },
    State(StateFrame<'a>),
    /// A move was taken.
    Ack {
        seq: u64,
    },
    /// A move was not taken: nothing changed.
    Refused {
        seq: u64,
        code: String,
        text: String,
    },
    /// The socket ends.
    Error {
        code: String,
        text: String,
    },
    /// Who has the table open in the channel.
    Presence {
        users: Vec<User>,
    },
    Pong,
}

impl Frame<'_> {
    /// The frame's text.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("a frame serializes")
    }
}

/// A person, their id as text (a snowflake outgrows a JavaScript number).
#[derive(Serialize, TS)]
pub struct User {
    pub id: String,
    pub name: String,
}

/// The match as the viewer sees it (all empty when the channel has none to show).
#[derive(Default, Serialize, TS)]
pub struct StateFrame<'a> {
    #[serde(rename = "match")]
    pub info: Option<MatchInfo<'a>>,
    pub seat: Option<Seat>,
    pub hand: Option<OwnHand<'a>>,
    pub table: Option<PublicTable<'a>>,
    pub arrangement: Option<Arrangement>,
    pub moves: Vec<Move>,
    pub last_deal: Option<LastDeal<'a>>,
    pub end: Option<End<'a>>,
    pub note: Option<Note>,
    /// A challenge to the viewer waiting for their answer, where the chat has no message to
    /// accept it on (a DM or group DM): the page offers Accept.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub challenge: Option<PendingChallenge>,
}

/// An open challenge to the viewer.
#[derive(Serialize, TS)]
pub struct PendingChallenge {
    pub id: i64,
    /// Who challenged them.
    pub by: User,
    /// When it runs out (seconds since the epoch).
    pub expires_at: i64,
}

/// The match followed.
#[derive(Serialize, TS)]
pub struct MatchInfo<'a> {
    pub id: i64,
    /// What a move is checked against.
    pub version: i64,
    /// The match's own count of stored actions: every change raises it.
    pub stored: i64,
    pub game: Game,
    pub preset: &'a str,
    pub names: &'a [String],
    /// Each seat's Discord id as text.
    pub users: Vec<String>,
    pub over: bool,
    pub clock: Option<Clock>,
}

/// The turn's idle clock (seconds since the epoch).
#[derive(Serialize, TS)]
pub struct Clock {
    pub remind_at: i64,
    pub forfeit_at: i64,
}

/// The viewer's cards in their best melds, the deadwood apart.
#[derive(Serialize, TS)]
pub struct Arrangement {
    pub melds: Vec<Vec<Card>>,
    pub deadwood: Vec<Card>,
    pub points: u32,
}

/// A move the viewer may make now: `play` is what the page sends back.
#[derive(Serialize, TS)]
pub struct Move {
    pub id: String,
    pub kind: MoveKind,
    pub card: Option<Card>,
    /// A Rummy meld's cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cards: Option<Vec<Card>>,
    /// The table meld a Rummy card is laid off on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meld: Option<usize>,
    pub play: WirePlay,
}

/// A refused move's code and remark.
#[derive(Serialize, TS)]
pub struct Note {
    pub code: String,
    pub text: String,
}

/// Where the generated TypeScript is committed, from the package's root.
pub const TYPESCRIPT_FILE: &str = "activity/src/wire.ts";
/// The one command that rewrites [`TYPESCRIPT_FILE`].
pub const REGENERATE: &str = "WIRE_TS=write cargo test --lib web::wire";

/// `POST /api/token`'s body: the SDK's code.
#[derive(Deserialize, TS)]
pub struct TokenRequest {
    pub code: String,
}

/// `POST /api/token`'s answer: the player's access token (for the SDK) and a session.
#[derive(Serialize, TS)]
pub struct SignedIn {
    pub access_token: String,
    pub session: String,
    pub user: User,
}

/// `GET /api/config`'s answer: the application's id (for the SDK) and the page's languages.
#[derive(Serialize, TS)]
pub struct PageConfig {
    pub client_id: String,
    pub langs: Vec<String>,
}

/// An HTTP error's body.
#[derive(Serialize, TS)]
pub struct ApiError {
    pub error: String,
}

/// The TypeScript of the protocol: every type the frames carry, the engine's among them, in
/// one module.
pub fn typescript() -> String {
    let cfg = Config::new()
        .with_large_int("number")
        .with_array_tuple_limit(4);
    let mut all = Declarations {
        cfg: &cfg,
        seen: Vec::new(),
        out: Vec::new(),
    };
    all.visit::<Frame<'static>>();
    all.visit::<Incoming>();
    all.visit::<TokenRequest>();
    all.visit::<SignedIn>();
    all.visit::<ApiError>();
    all.visit::<PageConfig>();
    all.out.sort();
    let mut ts =
        format!("// Generated from src/web/wire/: do not edit. To regenerate: {REGENERATE}\n");
    for (_, decl) in all.out {
        ts.push('\n');
        ts.push_str(&decl);
        ts.push('\n');
    }
    ts
}

/// Every declared type reachable from the frames, each once.
struct Declarations<'c> {
    cfg: &'c Config,
    seen: Vec<TypeId>,
    out: Vec<(String, String)>,
}

impl TypeVisitor for Declarations<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() || self.seen.contains(&TypeId::of::<T>()) {
            return;
        }
        self.seen.push(TypeId::of::<T>());
        let docs = T::docs().unwrap_or_default();
        let decl = format!("{docs}export {}", T::decl(self.cfg));
        self.out.push((T::ident(self.cfg), decl));
        T::visit_dependencies(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The committed TypeScript is what the types declare; with `WIRE_TS=write` it is
    /// rewritten instead (the only way this test writes a file).
    #[test]
    fn the_page_types_are_generated_from_these() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TYPESCRIPT_FILE);
        let fresh = typescript();
        if std::env::var("WIRE_TS").as_deref() == Ok("write") {
            std::fs::write(&path, &fresh).expect("write the TypeScript");
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{TYPESCRIPT_FILE} differs from the types of src/web/wire/; regenerate it: {REGENERATE}"
        );
    }

    /// The page sends back exactly what the state offered; anything else does not read.
    #[test]
    fn a_play_reads_back_as_it_was_offered() {
        for text in [
            r#"{"gin":{"action":"knock","card":"7H"}}"#,
            r#"{"partnership":{"action":"discard","card":"7H"}}"#,
            r#"{"team":{"team_action":"swap","action":"7H"}}"#,
            r#"{"rummy":{"action":"lay_off","card":"7H","meld":2}}"#,
        ] {
            let p: WirePlay = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(serde_json::to_string(&p).unwrap(), text);
            assert_eq!(WirePlay::from(Play::from(p)), p);
        }
        for bad in [
            r#"{"gin":{"action":"discard","card":"1X"}}"#,
            r#"{"chess":{"action":"draw_stock"}}"#,
            r#"{"gin":{"action":"draw_stock"},"rummy":{"action":"draw_stock"}}"#,
        ] {
            assert!(serde_json::from_str::<WirePlay>(bad).is_err(), "{bad}");
        }
    }
}
