//! Tournaments: the event's row (its pairing state as JSON and the version of its last
//! stored step), its field, and each round's tables with the match opened for each.
//!
//! Every step of an event is one conditional update of its row (`WHERE version = ?`) with
//! whatever the step adds, in one transaction: however many processes or passes try the
//! same step, one stores it, and a crash leaves either all of it or none.

use super::from_row::from_row;
use super::matches::insert_match;
use super::rows::{MatchEvent, NewMatch};
use super::states::{MatchState, TournamentState};
use super::{id, unid, StoreError, Tournaments};
use sqlx::Connection;

/// A new event, in sign-up.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub guild_id: u64,
    pub channel_id: u64,
    pub name: String,
    pub created_by: u64,
    pub preset: String,
    pub rules_json: String,
    pub locale: String,
    /// The pairing core's settings (format, bye points), as JSON.
    pub settings_json: String,
    pub signup_closes: i64,
    pub round_minutes: i64,
    pub now: i64,
}

/// A stored event.
#[derive(Clone, Debug)]
pub struct TournamentRow {
    pub id: i64,
    pub guild_id: u64,
    pub channel_id: u64,
    pub message_id: Option<u64>,
    pub name: String,
    pub created_by: u64,
    pub status: TournamentState,
    pub preset: String,
    pub rules_json: String,
    pub locale: String,
    pub settings_json: String,
    /// The pairing core's state, once started.
    pub state_json: Option<String>,
    pub version: i64,
    pub shown_version: i64,
    /// The last round whose pairings were posted (0: none).
    pub announced_round: i64,
    /// Whether the end (the final standings, or the cancellation) was posted.
    pub announced_end: bool,
    pub signup_closes: i64,
    pub round_minutes: i64,
    pub round_deadline: Option<i64>,
    pub created_at: i64,
    pub ended_at: Option<i64>,
    /// Why it was called off, once cancelled (none for events stored before this was kept).
    pub cancel_cause: Option<CancelCause>,
    /// Whether its channel still takes the bot's posts.
    pub reach: Reach,
}

/// Why an event was called off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CancelCause {
    /// A moderator's `/tournament cancel`.
    Moderator,
    /// Sign-up closed with fewer than two entrants.
    TooFew,
    /// Discord refused the bot's posts in its channel for good.
    ChannelLost,
}

impl CancelCause {
    pub const fn as_str(self) -> &'static str {
        match self {
            CancelCause::Moderator => "moderator",
            CancelCause::TooFew => "too_few",
            CancelCause::ChannelLost => "channel_lost",
        }
    }

    pub fn parse(text: &str) -> Option<CancelCause> {
        Some(match text {
            "moderator" => CancelCause::Moderator,
            "too_few" => CancelCause::TooFew,
            "channel_lost" => CancelCause::ChannelLost,
            _ => return None,
        })
    }
}

/// Whether the bot may still post in an event's channel. A channel Discord refuses for good
/// (no access, no permission, deleted) is never written to again for that event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Posting,
    /// Lost: its organizer is still to be told.
    Lost,
    /// Lost, and its organizer was told (or cannot be).
    Told,
}

impl Reach {
    pub const fn as_str(self) -> &'static str {
        match self {
            Reach::Posting => "posting",
            Reach::Lost => "lost",
            Reach::Told => "told",
        }
    }

    pub fn parse(text: &str) -> Option<Reach> {
        Some(match text {
            "posting" => Reach::Posting,
            "lost" => Reach::Lost,
            "told" => Reach::Told,
            _ => return None,
        })
    }
}

struct Raw {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    message_id: Option<i64>,
    name: String,
    created_by: i64,
    status: String,
    preset: String,
    rules_json: String,
    locale: String,
    settings_json: String,
    state_json: Option<String>,
    version: i64,
    shown_version: i64,
    announced_round: i64,
    announced_end: i64,
    signup_closes: i64,
    round_minutes: i64,
    round_deadline: Option<i64>,
    created_at: i64,
    ended_at: Option<i64>,
    cancel_cause: Option<String>,
    reach: String,
}

from_row! {
    Raw:
    id, guild_id, channel_id, message_id, name, created_by, status, preset, rules_json, locale,
    settings_json, state_json, version, shown_version, announced_round, announced_end,
    signup_closes, round_minutes, round_deadline, created_at, ended_at, cancel_cause, reach,
}

const COLUMNS: &str = "id, guild_id, channel_id, message_id, name, created_by, status, preset, \
     rules_json, locale, settings_json, state_json, version, shown_version, announced_round, \
     announced_end, signup_closes, round_minutes, round_deadline, created_at, ended_at, \
     cancel_cause, reach";

impl TryFrom<Raw> for TournamentRow {
    type Error = StoreError;
    fn try_from(r: Raw) -> Result<TournamentRow, StoreError> {
        Ok(TournamentRow {
            id: r.id,
            guild_id: unid(r.guild_id),
            channel_id: unid(r.channel_id),
            message_id: r.message_id.map(unid),
            name: r.name,
            created_by: unid(r.created_by),
            status: TournamentState::parse(&r.status)
                .map_err(|e| StoreError::Corrupt(format!("tournament {}: {e}", r.id)))?,
            preset: r.preset,
            rules_json: r.rules_json,
            locale: r.locale,
            settings_json: r.settings_json,
            state_json: r.state_json,
            version: r.version,
            shown_version: r.shown_version,
            announced_round: r.announced_round,
            announced_end: r.announced_end != 0,
            signup_closes: r.signup_closes,
            round_minutes: r.round_minutes,
            round_deadline: r.round_deadline,
            created_at: r.created_at,
            ended_at: r.ended_at,
            cancel_cause: r.cancel_cause.as_deref().and_then(CancelCause::parse),
            reach: Reach::parse(&r.reach).ok_or_else(|| {
                StoreError::Corrupt(format!("tournament {}: reach {}", r.id, r.reach))
            })?,
        })
    }
}

/// One entrant: a player, or a team of two. Its id is the entrant's id in the event.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRow {
    pub id: i64,
    pub user: (u64, String),
    pub partner: Option<(u64, String)>,
    pub rating: f64,
    /// Knocked out or disqualified.
    pub out: bool,
    /// A team whose partner has not confirmed yet: not entered until they do.
    pub awaiting_partner: bool,
}

struct EntryRaw {
    id: i64,
    user_id: i64,
    name: String,
    partner_id: Option<i64>,
    partner_name: Option<String>,
    rating: f64,
    out: i64,
    confirmed: i64,
}

from_row! { EntryRaw: id, user_id, name, partner_id, partner_name, rating, out, confirmed }

/// A sign-up, as asked.
#[derive(Clone, Debug)]
pub struct NewEntry {
    pub user: (u64, String),
    pub partner: Option<(u64, String)>,
    pub rating: f64,
    pub now: i64,
    /// The most entrants the event takes.
    pub limit: i64,
    /// Whether the event's entrants are teams of two.
    pub team: bool,
}

/// What a sign-up came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// Signed up: the entrant's id.
    Entered(i64),
    /// A team signed up, waiting for the partner to confirm: the entry's id.
    AwaitingPartner(i64),
    /// The partner confirmed the team that named them: the entrant's id.
    Confirmed(i64),
    /// The player (or the partner) is already in the field.
    Already,
    /// A team event, and no partner named (nor a team naming the player to confirm).
    NoPartner,
    /// Sign-up is over.
    Closed,
    Full,
}

/// One stored step of an event: its new status and pairing state, and what the step adds.
#[derive(Clone, Debug, Default)]
pub struct Step {
    pub status: Option<TournamentState>,
    pub state_json: Option<String>,
    pub round_deadline: Option<i64>,
    /// New tables `(round, table)`, both from 1, to open matches for.
    pub tables: Vec<(u32, u32)>,
    /// Entrants knocked out or disqualified by this step.
    pub out: Vec<i64>,
    pub ended_at: Option<i64>,
    /// A new deadline for the event's matches in play (an extended round).
    pub match_deadline: Option<i64>,
    /// The start: teams whose partner never confirmed leave the field.
    pub drop_unconfirmed: bool,
    /// Why the event is called off, with a step that cancels it.
    pub cancel_cause: Option<CancelCause>,
}

/// A table's row as read: its number, its match, the match's status and winner, and one
/// seat's net points.
type RawTable = (i64, Option<i64>, Option<String>, Option<i64>, Option<i64>);

/// A table of a round and, once opened, its match as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// From 1.
    pub table: u32,
    pub match_id: Option<i64>,
    pub status: Option<MatchState>,
    pub winner_seat: Option<u8>,
    /// Each seat's net points, in seat order, once the match ended.
    pub nets: Vec<i64>,
}

impl Tournaments<'_> {
    /// Stores a new event in sign-up: its id, or a conflict when the channel has an open one.
    pub async fn create_tournament(&self, t: &NewTournament) -> Result<i64, StoreError> {
        let t = t.clone();
        self.write(move |conn| {
            Box::pin(async move {
                Ok(sqlx::query_scalar(
                    "INSERT INTO tournaments (guild_id, channel_id, name, created_by, status, \
                     preset, rules_json, locale, settings_json, signup_closes, round_minutes, \
                     created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
                     RETURNING id",
                )
                .bind(id(t.guild_id))
                .bind(id(t.channel_id))
                .bind(&t.name)
                .bind(id(t.created_by))
                .bind(TournamentState::SignUp.as_str())
                .bind(&t.preset)
                .bind(&t.rules_json)
                .bind(&t.locale)
                .bind(&t.settings_json)
                .bind(t.signup_closes)
                .bind(t.round_minutes)
                .bind(t.now)
                .fetch_one(&mut *conn)
                .await?)
            })
        })
        .await
    }

    pub async fn tournament(
        &self,
        tournament_id: i64,
    ) -> Result<Option<TournamentRow>, StoreError> {
        let raw: Option<Raw> =
            sqlx::query_as(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
                .bind(tournament_id)
                .fetch_optional(self.pool())
                .await?;
        raw.map(TryFrom::try_from).transpose()
    }

    /// The channel's open event (in sign-up or running), if any.
    pub async fn open_tournament_in(
        &self,
        channel_id: u64,
    ) -> Result<Option<TournamentRow>, StoreError> {
        let raw: Option<Raw> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE channel_id = $1 \
             AND status IN ('signup', 'running')"
        ))
        .bind(id(channel_id))
        .fetch_optional(self.pool())
        .await?;
        raw.map(TryFrom::try_from).transpose()
    }

    /// The channel's newest event, whatever its state (the standings of the last one).
    pub async fn latest_tournament_in(
        &self,
        channel_id: u64,
    ) -> Result<Option<TournamentRow>, StoreError> {
        let raw: Option<Raw> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE channel_id = $1 ORDER BY id DESC LIMIT 1"
        ))
        .bind(id(channel_id))
        .fetch_optional(self.pool())
        .await?;
        raw.map(TryFrom::try_from).transpose()
    }

    /// The events of this process's servers with work to do: in sign-up past its deadline,
    /// running, with a step their message does not show yet, ended with its end not yet
    /// posted or a match still in play, or whose lost channel its organizer was not told of.
    pub async fn tournaments_to_run(&self, now: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let raws: Vec<Raw> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE ((status = 'signup' AND signup_closes <= $1) \
             OR status = 'running' OR shown_version < version OR (status IN ('finished', \
             'cancelled') AND (announced_end = 0 OR EXISTS (SELECT 1 FROM matches m \
             WHERE m.tournament_id = tournaments.id AND m.status = 'active'))) \
             OR reach = 'lost') AND {} ORDER BY id",
            self.shards.condition("guild_id")
        ))
        .bind(now)
        .fetch_all(self.pool())
        .await?;
        raws.into_iter().map(TryFrom::try_from).collect()
    }

    /// The field, in registration order.
    pub async fn entries(&self, tournament_id: i64) -> Result<Vec<EntryRow>, StoreError> {
        let raws: Vec<EntryRaw> = sqlx::query_as(
            "SELECT id, user_id, name, partner_id, partner_name, rating, out, confirmed \
             FROM tournament_entries WHERE tournament_id = $1 ORDER BY id",
        )
        .bind(tournament_id)
        .fetch_all(self.pool())
        .await?;
        Ok(raws
            .into_iter()
            .map(|r| EntryRow {
                id: r.id,
                user: (unid(r.user_id), r.name),
                partner: r
                    .partner_id
                    .map(|p| (unid(p), r.partner_name.unwrap_or_default())),
                rating: r.rating,
                out: r.out != 0,
                awaiting_partner: r.confirmed == 0,
            })
            .collect())
    }

    /// Signs up a player (or a team) while sign-up is open: checked and stored in one
    /// transaction, so two sign-ups at once cannot pass the limit or enter a player twice.
    pub async fn join_tournament(
        &self,
        tournament_id: i64,
        entry: &NewEntry,
    ) -> Result<Joined, StoreError> {
        let e = entry.clone();
        self.write(move |conn| {
            Box::pin(async move {
                let mut tx = conn.begin().await?;
                let open: Option<i64> = sqlx::query_scalar(
                    "SELECT version FROM tournaments WHERE id = $1 AND status = 'signup' \
                     AND signup_closes > $2",
                )
                .bind(tournament_id)
                .bind(e.now)
                .fetch_optional(&mut *tx)
                .await?;
                if open.is_none() {
                    return Ok(Joined::Closed);
                }
                // The partner named by a team confirms it (naming its captain, or no one).
                let named: Option<i64> = sqlx::query_scalar(
                    "SELECT id FROM tournament_entries WHERE tournament_id = $1 \
                     AND partner_id = $2 AND confirmed = 0 AND ($3 IS NULL OR user_id = $3)",
                )
                .bind(tournament_id)
                .bind(id(e.user.0))
                .bind(e.partner.as_ref().map(|p| id(p.0)))
                .fetch_optional(&mut *tx)
                .await?;
                if let Some(entry) = named {
                    sqlx::query("UPDATE tournament_entries SET confirmed = 1 WHERE id = $1")
                        .bind(entry)
                        .execute(&mut *tx)
                        .await?;
                    bump(&mut tx, tournament_id).await?;
                    tx.commit().await?;
                    return Ok(Joined::Confirmed(entry));
                }
                if e.team != e.partner.is_some() {
                    return Ok(Joined::NoPartner);
                }
                let people: Vec<i64> = std::iter::once(e.user.0)
                    .chain(e.partner.as_ref().map(|p| p.0))
                    .map(id)
                    .collect();
                for &who in &people {
                    let taken: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = $1 \
                         AND (user_id = $2 OR partner_id = $2)",
                    )
                    .bind(tournament_id)
                    .bind(who)
                    .fetch_one(&mut *tx)
                    .await?;
                    if taken > 0 {
                        return Ok(Joined::Already);
                    }
                }
                let count: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = $1",
                )
                .bind(tournament_id)
                .fetch_one(&mut *tx)
                .await?;
                if count >= e.limit {
                    return Ok(Joined::Full);
                }
                let entry_id: i64 = sqlx::query_scalar(
                    "INSERT INTO tournament_entries (tournament_id, user_id, name, partner_id, \
                     partner_name, rating, joined_at, confirmed) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                )
                .bind(tournament_id)
                .bind(id(e.user.0))
                .bind(&e.user.1)
                .bind(e.partner.as_ref().map(|p| id(p.0)))
                .bind(e.partner.as_ref().map(|p| p.1.clone()))
                .bind(e.rating)
                .bind(e.now)
                .bind(i64::from(e.partner.is_none()))
                .fetch_one(&mut *tx)
                .await?;
                bump(&mut tx, tournament_id).await?;
                tx.commit().await?;
                Ok(match e.partner {
                    None => Joined::Entered(entry_id),
                    Some(_) => Joined::AwaitingPartner(entry_id),
                })
            })
        })
        .await
    }

    /// Takes a player's entry (or their team's) out while sign-up is open: whether there was
    /// one.
    pub async fn leave_tournament(
        &self,
        tournament_id: i64,
        user: u64,
    ) -> Result<bool, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                let mut tx = conn.begin().await?;
                let gone = sqlx::query(
                    "DELETE FROM tournament_entries WHERE tournament_id = $1 \
                     AND (user_id = $2 OR partner_id = $2) AND EXISTS (SELECT 1 FROM \
                     tournaments t WHERE t.id = $1 AND t.status = 'signup')",
                )
                .bind(tournament_id)
                .bind(id(user))
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if gone > 0 {
                    bump(&mut tx, tournament_id).await?;
                }
                tx.commit().await?;
                Ok(gone > 0)
            })
        })
        .await
    }

    /// Stores one step of an event taken from `version`: false (nothing stored) when another
    /// step was stored since.
    pub async fn store_step(
        &self,
        tournament_id: i64,
        version: i64,
        step: Step,
    ) -> Result<bool, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                let mut tx = conn.begin().await?;
                let changed = sqlx::query(
                    "UPDATE tournaments SET version = version + 1, \
                     status = COALESCE($3, status), state_json = COALESCE($4, state_json), \
                     round_deadline = COALESCE($5, round_deadline), \
                     ended_at = COALESCE($6, ended_at), \
                     cancel_cause = COALESCE($7, cancel_cause) WHERE id = $1 AND version = $2",
                )
                .bind(tournament_id)
                .bind(version)
                .bind(step.status.map(TournamentState::as_str))
                .bind(step.state_json)
                .bind(step.round_deadline)
                .bind(step.ended_at)
                .bind(step.cancel_cause.map(CancelCause::as_str))
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if changed == 0 {
                    return Ok(false);
                }
                for (round, table) in step.tables {
                    sqlx::query(
                        "INSERT INTO tournament_tables (tournament_id, round_no, table_no) \
                         VALUES ($1, $2, $3)",
                    )
                    .bind(tournament_id)
                    .bind(i64::from(round))
                    .bind(i64::from(table))
                    .execute(&mut *tx)
                    .await?;
                }
                for entry in step.out {
                    sqlx::query(
                        "UPDATE tournament_entries SET out = 1 WHERE id = $1 AND tournament_id = $2",
                    )
                    .bind(entry)
                    .bind(tournament_id)
                    .execute(&mut *tx)
                    .await?;
                }
                if step.drop_unconfirmed {
                    sqlx::query(
                        "DELETE FROM tournament_entries WHERE tournament_id = $1 AND confirmed = 0",
                    )
                    .bind(tournament_id)
                    .execute(&mut *tx)
                    .await?;
                }
                if let Some(deadline) = step.match_deadline {
                    sqlx::query(
                        "UPDATE matches SET deadline = $2 WHERE tournament_id = $1 \
                         AND status = 'active'",
                    )
                    .bind(tournament_id)
                    .bind(deadline)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(true)
            })
        })
        .await
    }

    /// A round's tables, with each opened match's state and, once it ended, its result.
    pub async fn round_tables(
        &self,
        tournament_id: i64,
        round: u32,
    ) -> Result<Vec<TableRow>, StoreError> {
        // One row per table and seat (one for a table without its match, or whose match
        // is in play): the nets only count once a match ended.
        let rows: Vec<RawTable> = sqlx::query_as(
            "SELECT t.table_no, t.match_id, m.status, CAST(m.winner_seat AS BIGINT), \
             CAST(p.net AS BIGINT) FROM tournament_tables t \
             LEFT JOIN matches m ON m.id = t.match_id \
             LEFT JOIN match_players p ON p.match_id = m.id AND m.status <> 'active' \
             WHERE t.tournament_id = $1 AND t.round_no = $2 ORDER BY t.table_no, p.seat",
        )
        .bind(tournament_id)
        .bind(i64::from(round))
        .fetch_all(self.pool())
        .await?;
        let mut tables: Vec<TableRow> = Vec::new();
        for (table, match_id, status, winner, net) in rows {
            let table = table as u32;
            if tables.last().is_none_or(|t| t.table != table) {
                let status = status
                    .map(|s| MatchState::parse(&s))
                    .transpose()
                    .map_err(|e| StoreError::Corrupt(format!("tournament {tournament_id}: {e}")))?;
                tables.push(TableRow {
                    table,
                    match_id,
                    status,
                    winner_seat: winner.map(|w| w as u8),
                    nets: Vec::new(),
                });
            }
            if let (Some(net), Some(t)) = (net, tables.last_mut()) {
                t.nets.push(net);
            }
        }
        Ok(tables)
    }

    /// Opens a table's match: stores it with its event and outbox, and notes it on the table,
    /// in one transaction, if the event still stands at `version` (no step since the caller
    /// read it: a cancellation or a disqualification may have decided the table). `None`
    /// (nothing stored) when the table has its match already or the event moved on; a
    /// conflict when one of its players is in another match in the channel. The match's
    /// deadline is the round's as stored.
    pub async fn open_table(
        &self,
        version: i64,
        round: u32,
        table: u32,
        m: &NewMatch,
    ) -> Result<Option<i64>, StoreError> {
        let (m, backend) = (m.clone(), self.backend());
        let Some(MatchEvent { tournament_id, .. }) = m.event else {
            return Err(StoreError::Corrupt(
                "a tournament table without its event".into(),
            ));
        };
        self.write(move |conn| {
            Box::pin(async move {
                let mut tx = conn.begin().await?;
                let match_id = insert_match(&mut tx, backend, &m).await?;
                let event = m.event.expect("checked above");
                sqlx::query(
                    "UPDATE matches SET tournament_id = $2, tournament_round = $3, deadline = \
                     COALESCE((SELECT round_deadline FROM tournaments WHERE id = $2), $4) \
                     WHERE id = $1",
                )
                .bind(match_id)
                .bind(event.tournament_id)
                .bind(i64::from(event.round))
                .bind(event.deadline)
                .execute(&mut *tx)
                .await?;
                let noted = sqlx::query(
                    "UPDATE tournament_tables SET match_id = $4 WHERE tournament_id = $1 \
                     AND round_no = $2 AND table_no = $3 AND match_id IS NULL AND EXISTS \
                     (SELECT 1 FROM tournaments WHERE id = $1 AND status = 'running' \
                     AND version = $5)",
                )
                .bind(tournament_id)
                .bind(i64::from(round))
                .bind(i64::from(table))
                .bind(match_id)
                .bind(version)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if noted == 0 {
                    // Rolled back on drop: the table has its match.
                    return Ok(None);
                }
                tx.commit().await?;
                Ok(Some(match_id))
            })
        })
        .await
    }

    /// The event's matches still being played.
    pub async fn tournament_matches_in_play(
        &self,
        tournament_id: i64,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM matches WHERE tournament_id = $1 AND status = 'active' ORDER BY id",
        )
        .bind(tournament_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Notes that the event's message shows `version` (and is `message_id`), and what was
    /// announced with it: the pairings up to `round`, and the end.
    pub async fn tournament_shown(
        &self,
        tournament_id: i64,
        version: i64,
        message_id: u64,
        (round, end): (i64, bool),
    ) -> Result<(), StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(
                    "UPDATE tournaments SET message_id = $3, shown_version = \
                     CASE WHEN shown_version < $2 THEN $2 ELSE shown_version END, \
                     announced_round = CASE WHEN announced_round < $4 THEN $4 \
                     ELSE announced_round END, \
                     announced_end = CASE WHEN $5 = 1 THEN 1 ELSE announced_end END WHERE id = $1",
                )
                .bind(tournament_id)
                .bind(version)
                .bind(id(message_id))
                .bind(round)
                .bind(i64::from(end))
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
        .await
    }

    /// The event's message, created by the answer to `/tournament create`: kept unless a
    /// delivery posted one first.
    pub async fn tournament_message_created(
        &self,
        tournament_id: i64,
        message_id: u64,
    ) -> Result<(), StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query(
                    "UPDATE tournaments SET message_id = COALESCE(message_id, $2) WHERE id = $1",
                )
                .bind(tournament_id)
                .bind(id(message_id))
                .execute(&mut *conn)
                .await?;
                Ok(())
            })
        })
        .await
    }

    /// Discord refuses the event's channel for good: nothing of it is posted there again.
    /// An open event is called off (a step); whatever it still had to show counts as shown.
    /// Whether this call noted it (false: noted before).
    pub async fn tournament_channel_lost(
        &self,
        tournament_id: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                let open = "status IN ('signup', 'running')";
                let changed = sqlx::query(&format!(
                    "UPDATE tournaments SET version = version + 1, shown_version = version + 1, \
                     announced_end = 1, reach = $3, \
                     cancel_cause = CASE WHEN {open} THEN $4 ELSE cancel_cause END, \
                     ended_at = CASE WHEN {open} THEN $2 ELSE ended_at END, \
                     status = CASE WHEN {open} THEN $5 ELSE status END \
                     WHERE id = $1 AND reach = $6"
                ))
                .bind(tournament_id)
                .bind(now)
                .bind(Reach::Lost.as_str())
                .bind(CancelCause::ChannelLost.as_str())
                .bind(TournamentState::Cancelled.as_str())
                .bind(Reach::Posting.as_str())
                .execute(&mut *conn)
                .await?
                .rows_affected();
                Ok(changed > 0)
            })
        })
        .await
    }

    /// The organizer of an event whose channel was lost was told (or cannot be).
    pub async fn tournament_organizer_told(&self, tournament_id: i64) -> Result<(), StoreError> {
        self.write(move |conn| {
            Box::pin(async move {
                sqlx::query("UPDATE tournaments SET reach = $2 WHERE id = $1 AND reach = $3")
                    .bind(tournament_id)
                    .bind(Reach::Told.as_str())
                    .bind(Reach::Lost.as_str())
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            })
        })
        .await
    }

    /// The seats of the event's matches in play: (match, seat, user).
    pub async fn tournament_seats_in_play(
        &self,
        tournament_id: i64,
    ) -> Result<Vec<(i64, u8, u64)>, StoreError> {
        let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT m.id, CAST(p.seat AS BIGINT), p.user_id FROM matches m \
             JOIN match_players p ON p.match_id = m.id \
             WHERE m.tournament_id = $1 AND m.status = 'active' ORDER BY m.id, p.seat",
        )
        .bind(tournament_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(m, seat, user)| (m, seat as u8, unid(user)))
            .collect())
    }
}

/// A step that changes the field only (a sign-up, a leave): the message must show it.
async fn bump(conn: &mut sqlx::AnyConnection, tournament_id: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1")
        .bind(tournament_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

impl Tournaments<'_> {
    /// The server's tournaments as (id, name), newest first: for finding one by name.
    pub async fn tournament_names(&self, guild_id: u64) -> Result<Vec<(i64, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT id, name FROM tournaments WHERE guild_id = $1 ORDER BY id DESC")
                .bind(id(guild_id))
                .fetch_all(self.pool())
                .await?,
        )
    }

    /// A player's rating on this server, if they have one (it seeds a tournament).
    pub async fn rating_of(&self, guild_id: u64, user_id: u64) -> Result<Option<f64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT rating FROM ratings WHERE guild_id = $1 AND user_id = $2")
                .bind(id(guild_id))
                .bind(id(user_id))
                .fetch_optional(self.pool())
                .await?,
        )
    }
}
