//! The acceptance rule, written once: an acceptance joins its challenge's list; a challenge
//! no longer open is left alone, one whose time ran out (`expires_at <= now`) closes as
//! expired, and the acceptance that completes the list (every opponent in it) closes it as
//! accepted. The database decides, in the statement that reads the challenge, so that two
//! players accepting at once (on PostgreSQL from two processes) are decided one after the
//! other on the row each read; Rust only reads the outcome. The two dialects differ in how a
//! JSON list is searched and grown, nothing else.

use super::rows::Acceptance;
use super::states::ChallengeState;
use super::{Backend, StoreError};

/// The outcome column's values.
pub(super) const CLOSED: &str = "closed";
const EXPIRED: &str = "expired";
pub(super) const COMPLETE: &str = "complete";
const WAITING: &str = "waiting";

/// The challenge's list of acceptances `accepted` (JSON text) with `user` (the id as
/// decimal text) added unless it is there already. The lists hold the ids as unsigned
/// numbers, which an `i64` cannot all be: PostgreSQL compares them as `NUMERIC`, SQLite
/// as the text of each element (`->`), since its `json_each` reads the largest as `REAL`.
pub(super) fn with_user(backend: Backend, accepted: &str, user: &str) -> String {
    match backend {
        Backend::Postgres => format!(
            "CASE WHEN {accepted}::jsonb @> to_jsonb({user}::NUMERIC) THEN {accepted}::jsonb \
             ELSE {accepted}::jsonb || to_jsonb({user}::NUMERIC) END"
        ),
        Backend::Sqlite => format!(
            "CASE WHEN EXISTS (SELECT 1 FROM json_each({accepted}) \
             WHERE {accepted} -> fullkey = {user}) \
             THEN json({accepted}) ELSE json_insert({accepted}, '$[#]', json({user})) END"
        ),
    }
}

/// Whether the JSON list `list` holds `user` (the id as decimal text), compared as
/// [`with_user`] does.
pub(super) fn holds(backend: Backend, list: &str, user: &str) -> String {
    match backend {
        Backend::Postgres => format!("{list}::jsonb @> to_jsonb({user}::NUMERIC)"),
        Backend::Sqlite => {
            format!("EXISTS (SELECT 1 FROM json_each({list}) WHERE {list} -> fullkey = {user})")
        }
    }
}

/// The outcome of an acceptance (see the module's doc) of a challenge read as `status`,
/// `expires_at` and `opponents` (JSON: `jsonb` on PostgreSQL), at `now`, with `accepted`
/// the list after it (see [`with_user`]).
pub(super) fn outcome(
    backend: Backend,
    [status, expires_at, now, accepted, opponents]: [&str; 5],
) -> String {
    let everyone = match backend {
        Backend::Postgres => format!("{accepted} @> {opponents}"),
        Backend::Sqlite => format!(
            "NOT EXISTS (SELECT 1 FROM json_each({opponents}) o \
             WHERE {opponents} -> o.fullkey NOT IN \
             (SELECT {accepted} -> fullkey FROM json_each({accepted})))"
        ),
    };
    format!(
        "CASE WHEN {status} <> '{open}' THEN '{CLOSED}' WHEN {expires_at} <= {now} \
         THEN '{EXPIRED}' WHEN {everyone} THEN '{COMPLETE}' ELSE '{WAITING}' END",
        open = ChallengeState::Open.as_str(),
    )
}

/// What the challenge's row becomes for an acceptance with `outcome` and the list
/// `accepted` after it (a `SET` clause; a closed challenge is not written at all): an expired
/// one changes its status only, and a complete one closes as accepted.
pub(super) fn set_after(outcome: &str, accepted: &str, table: &str) -> String {
    format!(
        "status = CASE {outcome} WHEN '{EXPIRED}' THEN '{expired}' WHEN '{COMPLETE}' \
         THEN '{accepted_state}' ELSE {table}status END, \
         accepted_ids = CASE WHEN {outcome} = '{EXPIRED}' THEN {table}accepted_ids \
         ELSE {accepted} END",
        expired = ChallengeState::Expired.as_str(),
        accepted_state = ChallengeState::Accepted.as_str(),
    )
}

/// What an outcome says, with the list after it (`accepted`) and the match it stored;
/// no outcome: the challenge does not exist.
pub(super) fn read(
    challenge_id: i64,
    outcome: Option<&str>,
    accepted: Option<&str>,
    match_id: Option<i64>,
) -> Result<Acceptance, StoreError> {
    Ok(match (outcome, match_id) {
        (None | Some(CLOSED), _) => Acceptance::Closed,
        (Some(EXPIRED), _) => Acceptance::Expired,
        (Some(COMPLETE), Some(match_id)) => Acceptance::Complete(match_id),
        (Some(WAITING), _) => {
            let accepted: Vec<u64> = serde_json::from_str(accepted.unwrap_or("[]"))
                .map_err(|e| StoreError::Corrupt(format!("challenge {challenge_id}: {e}")))?;
            Acceptance::Waiting(accepted)
        }
        (other, _) => {
            return Err(StoreError::Corrupt(format!(
                "challenge {challenge_id}: acceptance came out as {other:?}"
            )))
        }
    })
}
