//! How a match is shown where the bot reaches the chat only through interaction tokens
//! ([`super::Reach::Tokens`]): the table is edited through a token that may edit it (the one
//! whose answer or follow-up it is), and new messages go out as follow-ups of the freshest
//! interaction on the match, at most [`FOLLOWUPS`] per interaction. Tokens live in memory
//! only; with none left alive, nothing is shown until the next interaction on the match.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Follow-ups the bot creates per interaction: Discord allows a user-installed app five, and
/// the bot keeps to that everywhere it reaches through tokens.
pub const FOLLOWUPS: u8 = 5;

/// An interaction token: for 15 minutes whoever holds it can post and edit as the bot in
/// that channel. A credential, so its `Debug` (what log lines print) never shows it; stored
/// as the plain string it is.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    /// The token itself, for the request that uses it (never for a log line).
    pub fn secret(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(***)")
    }
}

/// How an existing message is reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// Through the channel: the bot is in it.
    Channel { channel: u64, message: u64 },
    /// Through an interaction's token: its own response (`message: None`, `@original`) or a
    /// follow-up it made.
    Token { token: Token, message: Option<u64> },
}

/// Where a new message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostTo {
    Channel(u64),
    /// A public follow-up of an interaction.
    Followup(Followup),
}

/// A follow-up taken from an interaction's budget: its token, and when it was issued (a
/// message it makes may be edited through it only while the token lives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Followup {
    pub token: Token,
    /// When the token was issued (seconds).
    pub at: i64,
}

/// A token that may edit a match's table message.
#[derive(Clone, Debug)]
struct TableHandle {
    token: Token,
    message: u64,
    /// The message is the token's own response (`@original`), not a follow-up of it.
    original: bool,
    /// When the token was issued (seconds).
    at: i64,
}

/// The freshest interaction on a match, and the follow-ups taken from it so far.
#[derive(Clone, Debug)]
struct Latest {
    token: Token,
    at: i64,
    followups: u8,
}

/// The tokens of the matches played through tokens.
#[derive(Default)]
pub(crate) struct MatchTokens {
    tables: HashMap<i64, TableHandle>,
    latest: HashMap<i64, Latest>,
    /// When expired entries were last swept (seconds).
    swept_at: i64,
}

impl MatchTokens {
    /// An interaction acted on `match_id`, issued at `now`; `followups` of its follow-ups are
    /// used already (a deferred press answered with a new message).
    pub fn acted(&mut self, match_id: i64, token: Token, now: i64, followups: u8, window: i64) {
        self.sweep(now, window);
        match self.latest.get_mut(&match_id) {
            Some(l) if l.token == token => l.followups = l.followups.max(followups),
            _ => {
                let latest = Latest {
                    token,
                    at: now,
                    followups,
                };
                self.latest.insert(match_id, latest);
            }
        }
    }

    /// `message`, the match's table, may be edited through `token` (issued at `at`): its own
    /// response when `original`, else a follow-up it made.
    pub fn table(&mut self, match_id: i64, token: Token, message: u64, original: bool, at: i64) {
        let handle = TableHandle {
            token,
            message,
            original,
            at,
        };
        self.tables.insert(match_id, handle);
    }

    /// How the table `message` can be edited now, if a token that may is alive.
    pub fn table_via(&self, match_id: i64, message: u64, now: i64, window: i64) -> Option<Via> {
        let h = self.tables.get(&match_id)?;
        let usable = h.message == message && super::token_fresh(now, h.at, window);
        usable.then(|| Via::Token {
            token: h.token.clone(),
            message: (!h.original).then_some(h.message),
        })
    }

    /// A follow-up of the freshest interaction on the match, if it is alive and has one left:
    /// taken from its budget now, so that no interaction ever gets a sixth.
    pub fn take_followup(&mut self, match_id: i64, now: i64, window: i64) -> Option<Followup> {
        let l = self.latest.get_mut(&match_id)?;
        if !super::token_fresh(now, l.at, window) || l.followups >= FOLLOWUPS {
            return None;
        }
        l.followups += 1;
        Some(Followup {
            token: l.token.clone(),
            at: l.at,
        })
    }

    /// The table message `message` is a follow-up made through `followup`: that token may
    /// edit it while it lives.
    pub fn followup_table(&mut self, match_id: i64, followup: Followup, message: u64) {
        self.table(match_id, followup.token, message, false, followup.at);
    }

    /// Discord refused `token` (expired before its time, say): whatever of the match it held
    /// is out of reach until the next interaction shows the match again.
    pub fn token_gone(&mut self, match_id: i64, token: &Token) {
        if self
            .tables
            .get(&match_id)
            .is_some_and(|h| h.token == *token)
        {
            self.tables.remove(&match_id);
        }
        if self
            .latest
            .get(&match_id)
            .is_some_and(|l| l.token == *token)
        {
            self.latest.remove(&match_id);
        }
    }

    /// Expired tokens go once a minute, not on every interaction.
    fn sweep(&mut self, now: i64, window: i64) {
        if now - self.swept_at < 60 {
            return;
        }
        self.tables
            .retain(|_, h| super::token_fresh(now, h.at, window));
        self.latest
            .retain(|_, l| super::token_fresh(now, l.at, window));
        self.swept_at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: i64 = 14 * 60;
    const MATCH: i64 = 7;

    fn token(s: &str) -> Token {
        Token::new(s)
    }

    #[test]
    fn an_interaction_gives_five_follow_ups_and_never_a_sixth() {
        let mut t = MatchTokens::default();
        t.acted(MATCH, token("a"), 100, 0, WINDOW);
        for _ in 0..FOLLOWUPS {
            assert_eq!(
                t.take_followup(MATCH, 101, WINDOW).unwrap().token,
                token("a")
            );
        }
        assert_eq!(t.take_followup(MATCH, 101, WINDOW), None, "a sixth");
        // The same interaction again (its answer's delivery) does not refill it.
        t.acted(MATCH, token("a"), 102, 1, WINDOW);
        assert_eq!(t.take_followup(MATCH, 102, WINDOW), None);
        // A new interaction brings its own five.
        t.acted(MATCH, token("b"), 103, 0, WINDOW);
        assert_eq!(
            t.take_followup(MATCH, 103, WINDOW).unwrap().token,
            token("b")
        );
    }

    #[test]
    fn follow_ups_already_used_count() {
        let mut t = MatchTokens::default();
        t.acted(MATCH, token("a"), 100, FOLLOWUPS - 1, WINDOW);
        assert!(t.take_followup(MATCH, 100, WINDOW).is_some());
        assert_eq!(t.take_followup(MATCH, 100, WINDOW), None);
    }

    #[test]
    fn an_expired_interaction_reaches_nothing() {
        let mut t = MatchTokens::default();
        t.acted(MATCH, token("a"), 100, 0, WINDOW);
        t.table(MATCH, token("a"), 55, true, 100);
        assert!(t.table_via(MATCH, 55, 100 + WINDOW - 1, WINDOW).is_some());
        assert_eq!(t.table_via(MATCH, 55, 100 + WINDOW, WINDOW), None);
        assert_eq!(t.take_followup(MATCH, 100 + WINDOW, WINDOW), None);
        assert_eq!(t.take_followup(MATCH + 1, 100, WINDOW), None, "unknown");
    }

    #[test]
    fn the_table_is_edited_through_the_token_that_made_it_and_only_it() {
        let mut t = MatchTokens::default();
        t.table(MATCH, token("cmd"), 55, true, 100);
        let own = Via::Token {
            token: token("cmd"),
            message: None,
        };
        assert_eq!(t.table_via(MATCH, 55, 101, WINDOW), Some(own));
        assert_eq!(t.table_via(MATCH, 56, 101, WINDOW), None, "another table");
        t.table(MATCH, token("press"), 56, false, 102);
        let followup = Via::Token {
            token: token("press"),
            message: Some(56),
        };
        assert_eq!(t.table_via(MATCH, 56, 103, WINDOW), Some(followup));
        assert_eq!(t.table_via(MATCH, 55, 103, WINDOW), None, "retired");
        t.token_gone(MATCH, &token("cmd"));
        assert!(
            t.table_via(MATCH, 56, 103, WINDOW).is_some(),
            "not its token"
        );
        t.token_gone(MATCH, &token("press"));
        assert_eq!(
            t.table_via(MATCH, 56, 103, WINDOW),
            None,
            "refused by Discord"
        );
    }

    /// A table posted as a follow-up is edited through its token only while that lives,
    /// counted from the token's interaction, not from the post.
    #[test]
    fn a_follow_up_table_lives_as_long_as_its_token() {
        let mut t = MatchTokens::default();
        t.acted(MATCH, token("a"), 100, 0, WINDOW);
        let followup = t.take_followup(MATCH, 100 + 13 * 60, WINDOW).unwrap();
        t.followup_table(MATCH, followup, 56);
        assert!(t.table_via(MATCH, 56, 100 + 13 * 60, WINDOW).is_some());
        assert_eq!(t.table_via(MATCH, 56, 100 + 14 * 60, WINDOW), None);
    }

    /// A token Discord refused is dropped from what it held, and only from that: no later
    /// follow-up or edit goes through it.
    #[test]
    fn a_refused_token_is_dropped() {
        let mut t = MatchTokens::default();
        t.acted(MATCH, token("a"), 100, 0, WINDOW);
        t.table(MATCH, token("a"), 55, true, 100);
        t.token_gone(MATCH, &token("b"));
        assert!(
            t.take_followup(MATCH, 101, WINDOW).is_some(),
            "another token"
        );
        t.token_gone(MATCH, &token("a"));
        assert_eq!(t.take_followup(MATCH, 101, WINDOW), None);
        assert_eq!(t.table_via(MATCH, 55, 101, WINDOW), None);
    }
}
