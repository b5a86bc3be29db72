//! Interaction tokens and what Discord lets the bot do with one: it lives 15 minutes (a test
//! ages tokens with [`FakeDiscord::age_tokens`] instead of waiting); it edits only the
//! messages it made (its response and its follow-ups) and, for a component, the message the
//! component is on; and an interaction whose owners map holds only a user's installation gets
//! at most 5 follow-ups. Each refusal is answered as Discord does and recorded as a violation.

use super::rest::Reply;
use super::{FakeDiscord, State};
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// How long an interaction token lives.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Follow-ups per interaction of an app the server did not install.
pub const USER_APP_FOLLOWUPS: u32 = 5;

#[derive(Clone)]
pub(crate) struct TokenInfo {
    pub channel: u64,
    pub user: u64,
    /// The message `@original` stands for.
    pub original: Option<u64>,
    /// When its interaction was sent, and the time the tests had skipped then.
    pub issued: Instant,
    pub skipped_at_send: Duration,
    /// The messages it may edit.
    pub made: HashSet<u64>,
    /// Follow-ups created with it.
    pub followups: u32,
    /// The interaction's owners map held only a user's installation.
    pub user_only: bool,
}

impl TokenInfo {
    /// Its age: the time since its interaction was sent, and what the tests skipped since.
    fn age(&self, st: &State) -> Duration {
        self.issued.elapsed() + st.skipped.saturating_sub(self.skipped_at_send)
    }

    /// Refuses the use of an expired token (401, as Discord answers one).
    pub(crate) fn check_alive(&self, st: &mut State, what: &str) -> Result<(), Reply> {
        if self.age(st) <= TOKEN_LIFETIME {
            return Ok(());
        }
        st.violation(format!(
            "{what} with a token older than {} minutes",
            TOKEN_LIFETIME.as_secs() / 60
        ));
        Err(Reply::error(401, 50027, "Invalid Webhook Token"))
    }

    /// Refuses a follow-up past the limit of an app the server did not install.
    pub(crate) fn check_followup(&self, st: &mut State) -> Result<(), Reply> {
        if !self.user_only || self.followups < USER_APP_FOLLOWUPS {
            return Ok(());
        }
        st.violation(format!(
            "follow-up {} of an interaction only a user's installation authorized (at most {USER_APP_FOLLOWUPS})",
            self.followups + 1
        ));
        Err(Reply::error(
            400,
            0,
            "Maximum number of follow-up messages reached",
        ))
    }

    /// Refuses a webhook message route to a message this token did not make.
    pub(crate) fn check_made(&self, st: &mut State, what: &str, id: u64) -> Result<(), Reply> {
        if self.made.contains(&id) {
            return Ok(());
        }
        st.violation(format!(
            "{what} of message {id} through the token of another interaction"
        ));
        Err(Reply::error(404, 10008, "Unknown Message"))
    }
}

impl FakeDiscord {
    /// Makes every interaction sent so far `by` older, its token too, answered or not yet
    /// (15 minutes expire them); later ones are not.
    pub fn age_tokens(&self, by: Duration) {
        self.inner.lock().skipped += by;
    }

    /// Follow-ups created with the token of interaction `id`.
    pub fn followups_of(&self, id: u64) -> u32 {
        let st = self.inner.lock();
        let token = st.interactions.get(&id).map(|p| p.token.as_str());
        token
            .and_then(|t| st.tokens.get(t))
            .map_or(0, |t| t.followups)
    }

    /// The most follow-ups any one interaction in `channel` made.
    pub fn most_followups_in(&self, channel: u64) -> u32 {
        let st = self.inner.lock();
        st.most_followups.get(&channel).copied().unwrap_or(0)
    }

    /// Every interaction token handed to the bot so far (a test looks for them in logs).
    pub fn tokens_issued(&self) -> Vec<String> {
        let st = self.inner.lock();
        st.interactions.values().map(|p| p.token.clone()).collect()
    }

    /// The token of interaction `id` (tests that act as the bot).
    pub fn token_of(&self, id: u64) -> Option<String> {
        self.inner
            .lock()
            .interactions
            .get(&id)
            .map(|p| p.token.clone())
    }
}
