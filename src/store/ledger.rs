//! The ledger's questions: leaderboards, player stats, match history and score sheets, always
//! for one place (the ledger's key, `guild_id` of `match_players`: a server, or a DM's or
//! group DM's channel, is part of every query); only a player's own figures everywhere
//! ([`Ledger::player_stats_everywhere`]) span places.

use super::from_row::from_row;
use super::{id, unid, Flag, Format, HandKind, Ledger, MatchState, StoreError};

/// One ended match of a player, for the stats chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecentResult {
    pub net: i64,
    /// Rating and deviation after the match (`None`: it was not rated).
    pub rating: Option<(f64, f64)>,
}

/// What a leaderboard is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSort {
    Net,
    Wins,
    WinRate,
    Gins,
    Rating,
}

/// One player's line on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    pub user_id: u64,
    pub name: String,
    pub played: i64,
    pub wins: i64,
    pub net: i64,
    pub gins: i64,
    pub rating: f64,
}

impl BoardRow {
    pub fn win_rate(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            self.wins as f64 / self.played as f64
        }
    }
}

/// A player's figures in one place (or everywhere: then without a rating).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct StatsRow {
    pub name: String,
    pub played: i64,
    pub won: i64,
    pub net: i64,
    pub hands_won: i64,
    pub gins: i64,
    pub knocks: i64,
    pub undercuts_given: i64,
    pub undercuts_suffered: i64,
    pub knock_deadwood: i64,
    /// The largest net gain of one match (0 if never won).
    pub biggest_win: i64,
    pub vs_ai: i64,
    /// Consecutive results from the latest: positive wins, negative losses.
    pub streak: i64,
    /// Rating and deviation, once rated.
    pub rating: Option<(f64, f64)>,
}

impl StatsRow {
    pub fn lost(&self) -> i64 {
        self.played - self.won
    }
}

/// One ended match in a player's history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub match_id: i64,
    pub ended_at: i64,
    pub status: MatchState,
    pub format: Format,
    pub opponents: String,
    pub won: bool,
    pub net: i64,
    pub final_total: i64,
    pub vs_ai: bool,
    /// The tournament it was played in, and its round.
    pub tournament: Option<(String, i64)>,
}

/// A match's score sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetMatch {
    pub match_id: i64,
    pub status: MatchState,
    pub format: Format,
    /// Per seat: name, total, lines, line bonus, game bonus, final total, net, won.
    pub players: Vec<SheetPlayer>,
    pub hands: Vec<SheetHand>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SheetPlayer {
    pub display_name: String,
    pub total: i64,
    pub lines: i64,
    pub line_bonus: i64,
    pub game_bonus: i64,
    pub final_total: i64,
    pub net: i64,
    pub won: bool,
    /// Hints the coach gave (practice matches).
    pub hints: i64,
}

from_row! {
    SheetPlayer:
    display_name, total, lines, line_bonus, game_bonus, final_total, net, won as Flag, hints,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SheetHand {
    pub deal_no: i64,
    pub dealer_seat: i64,
    pub knocker_seat: Option<i64>,
    pub kind: HandKind,
    pub knocker_deadwood: Option<i64>,
    pub defender_deadwood: Option<i64>,
    pub points: i64,
    pub winner_seat: Option<i64>,
    pub lines: i64,
    pub doubled: bool,
}

from_row! {
    SheetHand:
    deal_no, dealer_seat, knocker_seat, kind as String, knocker_deadwood, defender_deadwood, points,
    winner_seat, lines, doubled as Flag,
}

struct RawBoard {
    user_id: i64,
    name: String,
    played: i64,
    wins: i64,
    net: i64,
    gins: i64,
    rating: f64,
}

from_row! { RawBoard: user_id, name, played, wins, net, gins, rating }

struct RawStats {
    name: String,
    played: i64,
    won: i64,
    net: i64,
    hands_won: i64,
    gins: i64,
    knocks: i64,
    undercuts_given: i64,
    undercuts_suffered: i64,
    knock_deadwood: i64,
    biggest_win: i64,
    vs_ai: i64,
    places: i64,
}

from_row! {
    RawStats:
    name, played, won, net, hands_won, gins, knocks, undercuts_given, undercuts_suffered,
    knock_deadwood, biggest_win, vs_ai, places,
}

struct RawHistory {
    match_id: i64,
    ended_at: i64,
    status: String,
    format: String,
    opponents: Option<String>,
    won: bool,
    net: i64,
    final_total: i64,
    vs_ai: bool,
    tournament: Option<String>,
    round: Option<i64>,
}

from_row! {
    RawHistory:
    match_id, ended_at, status, format, opponents, won as Flag, net, final_total, vs_ai as Flag,
    tournament, round,
}

/// Players a leaderboard lists at most (a hundred pages).
pub const BOARD_ROWS: i64 = 1000;

impl Ledger<'_> {
    /// Every player with at least `min_matches` counted matches ended since `since`, in
    /// the formats matching `format_like` (a LIKE pattern: `two`, `rummy-%`; any when `None`), sorted by `sort` (ties: more matches, then user id).
    pub async fn leaderboard(
        &self,
        guild_id: u64,
        since: i64,
        format_like: Option<&str>,
        sort: BoardSort,
        min_matches: i64,
    ) -> Result<Vec<BoardRow>, StoreError> {
        self.season_board(
            guild_id,
            (since, None),
            format_like,
            sort,
            min_matches,
            None,
            BOARD_ROWS,
            None,
        )
        .await
    }

    /// As [`Ledger::leaderboard`], for matches ended in `[since, until)`, with the ratings season
    /// `archived` ended with (`None`: the ratings of now); the first `limit` players only;
    /// only the matches of `tournament`, when given.
    #[allow(clippy::too_many_arguments)]
    pub async fn season_board(
        &self,
        guild_id: u64,
        (since, until): (i64, Option<i64>),
        format_like: Option<&str>,
        sort: BoardSort,
        min_matches: i64,
        archived: Option<i64>,
        limit: i64,
        tournament: Option<i64>,
    ) -> Result<Vec<BoardRow>, StoreError> {
        let ratings = match archived {
            // ($6 is bound either way: a statement takes exactly the parameters it names.)
            None => "ratings r ON r.guild_id = $1 AND r.user_id = g.user_id AND $6 IS NULL",
            Some(_) => {
                "season_ratings r ON r.guild_id = $1 AND r.season = $6 AND r.user_id = g.user_id"
            }
        };
        // The order below, in SQL: the same players make the cut as the sort keeps.
        let key = match sort {
            BoardSort::Net => "g.net",
            BoardSort::Wins => "g.wins",
            BoardSort::WinRate => "CAST(g.wins AS DOUBLE PRECISION) / g.played",
            BoardSort::Gins => "g.gins",
            BoardSort::Rating => "rating",
        };
        // Aggregate on the covering index first, then look up the names of the first `limit`
        // players only, not one per match row: that keeps the all-time board of 100,000
        // matches in milliseconds, and a server of many players from sending them all.
        let raw: Vec<RawBoard> = sqlx::query_as(&format!(
            "SELECT t.user_id, \
             (SELECT n.display_name FROM match_players n WHERE n.guild_id = $1 AND n.user_id = t.user_id \
              ORDER BY n.ended_at DESC LIMIT 1) AS name, \
             t.played, t.wins, t.net, t.gins, t.rating \
             FROM (SELECT g.user_id, g.played, g.wins, g.net, g.gins, \
             COALESCE(r.rating, 1500.0) AS rating \
             FROM (SELECT user_id, COUNT(*) AS played, SUM(won) AS wins, SUM(net) AS net, SUM(gins) AS gins \
                   FROM match_players WHERE guild_id = $1 AND counted = 1 AND ended_at >= $2 \
                   AND ($5 IS NULL OR ended_at < $5) \
                   AND ($3 IS NULL OR format LIKE $3) \
                   AND ($8 IS NULL OR match_id IN (SELECT id FROM matches WHERE tournament_id = $8)) \
                   GROUP BY user_id HAVING COUNT(*) >= $4) g \
             LEFT JOIN {ratings} ORDER BY {key} DESC, g.played DESC, g.user_id LIMIT $7) t"
        ))
        .bind(id(guild_id))
        .bind(since)
        .bind(format_like)
        .bind(min_matches)
        .bind(until)
        .bind(archived)
        .bind(limit)
        .bind(tournament)
        .fetch_all(self.pool())
        .await?;
        let mut rows: Vec<BoardRow> = raw
            .into_iter()
            .map(|r| BoardRow {
                user_id: unid(r.user_id),
                name: r.name,
                played: r.played,
                wins: r.wins,
                net: r.net,
                gins: r.gins,
                rating: r.rating,
            })
            .collect();
        let key = |r: &BoardRow| -> f64 {
            match sort {
                BoardSort::Net => r.net as f64,
                BoardSort::Wins => r.wins as f64,
                BoardSort::WinRate => r.win_rate(),
                BoardSort::Gins => r.gins as f64,
                BoardSort::Rating => r.rating,
            }
        };
        rows.sort_by(|a, b| {
            key(b)
                .total_cmp(&key(a))
                .then(b.played.cmp(&a.played))
                .then(a.user_id.cmp(&b.user_id))
        });
        Ok(rows)
    }

    /// A player's figures over every ended match (against the AI too), or `None` if they have
    /// none in this place.
    pub async fn player_stats(
        &self,
        guild_id: u64,
        user_id: u64,
        format_like: Option<&str>,
    ) -> Result<Option<StatsRow>, StoreError> {
        let Some((mut stats, _)) = self.figures(Some(guild_id), user_id, format_like).await? else {
            return Ok(None);
        };
        stats.rating = sqlx::query_as(
            "SELECT rating, deviation FROM ratings WHERE guild_id = $1 AND user_id = $2",
        )
        .bind(id(guild_id))
        .bind(id(user_id))
        .fetch_optional(self.pool())
        .await?;
        Ok(Some(stats))
    }

    /// A player's figures over every ended match in every place they played in, and how many
    /// places that is; no rating (ratings are kept per place). `None` if they have none.
    pub async fn player_stats_everywhere(
        &self,
        user_id: u64,
        format_like: Option<&str>,
    ) -> Result<Option<(StatsRow, i64)>, StoreError> {
        self.figures(None, user_id, format_like).await
    }

    /// A player's figures in one place (`place`), or in all of them (`None`), with the number
    /// of places they come from; without a rating.
    async fn figures(
        &self,
        place: Option<u64>,
        user_id: u64,
        format_like: Option<&str>,
    ) -> Result<Option<(StatsRow, i64)>, StoreError> {
        let whose = whose_rows(place);
        let row: Option<RawStats> = sqlx::query_as(&format!(
            "SELECT MAX(display_name) AS name, COUNT(*) AS played, SUM(won) AS won, SUM(net) AS net, \
             SUM(hands_won) AS hands_won, SUM(gins) AS gins, SUM(knocks) AS knocks, \
             SUM(undercuts_given) AS undercuts_given, SUM(undercuts_suffered) AS undercuts_suffered, \
             SUM(knock_deadwood) AS knock_deadwood, MAX(CASE WHEN won = 1 THEN net ELSE 0 END) AS biggest_win, \
             SUM(vs_ai) AS vs_ai, COUNT(DISTINCT guild_id) AS places \
             FROM match_players WHERE {whose} AND ended_at IS NOT NULL AND status <> 'cancelled' \
             AND ($3 IS NULL OR format LIKE $4) HAVING COUNT(*) > 0"
        ))
        .bind(place.map(id))
        .bind(id(user_id))
        .bind(format_like)
        .bind(format_like)
        .fetch_optional(self.pool())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let recent: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT won FROM match_players WHERE {whose} AND ended_at IS NOT NULL \
             AND status <> 'cancelled' AND ($3 IS NULL OR format LIKE $4) ORDER BY ended_at DESC, match_id DESC LIMIT 200"
        ))
        .bind(place.map(id))
        .bind(id(user_id))
        .bind(format_like)
        .bind(format_like)
        .fetch_all(self.pool())
        .await?;
        let streak = match recent.first() {
            Some(&first) => {
                let n = recent.iter().take_while(|&&w| w == first).count() as i64;
                if first != 0 {
                    n
                } else {
                    -n
                }
            }
            None => 0,
        };
        let stats = StatsRow {
            name: r.name,
            played: r.played,
            won: r.won,
            net: r.net,
            hands_won: r.hands_won,
            gins: r.gins,
            knocks: r.knocks,
            undercuts_given: r.undercuts_given,
            undercuts_suffered: r.undercuts_suffered,
            knock_deadwood: r.knock_deadwood,
            biggest_win: r.biggest_win,
            vs_ai: r.vs_ai,
            streak,
            rating: None,
        };
        Ok(Some((stats, r.places)))
    }

    /// A player's last `limit` ended matches here, oldest first: net points, and the rating
    /// and deviation after the match where it was rated (the stats chart).
    pub async fn recent_results(
        &self,
        guild_id: u64,
        user_id: u64,
        format_like: Option<&str>,
        limit: i64,
    ) -> Result<Vec<RecentResult>, StoreError> {
        self.recent(Some(guild_id), user_id, format_like, limit)
            .await
    }

    /// As [`Ledger::recent_results`], over every place the player played in, without the
    /// ratings (each place rates apart).
    pub async fn recent_results_everywhere(
        &self,
        user_id: u64,
        format_like: Option<&str>,
        limit: i64,
    ) -> Result<Vec<RecentResult>, StoreError> {
        let mut rows = self.recent(None, user_id, format_like, limit).await?;
        for r in &mut rows {
            r.rating = None;
        }
        Ok(rows)
    }

    /// A player's last `limit` ended matches in one place (`place`) or in all (`None`).
    async fn recent(
        &self,
        place: Option<u64>,
        user_id: u64,
        format_like: Option<&str>,
        limit: i64,
    ) -> Result<Vec<RecentResult>, StoreError> {
        let whose = whose_rows(place);
        let mut rows: Vec<(i64, Option<f64>, Option<f64>)> = sqlx::query_as(&format!(
            "SELECT net, rating_after, deviation_after FROM match_players WHERE {whose} \
             AND ended_at IS NOT NULL AND status <> 'cancelled' AND ($3 IS NULL OR format LIKE $4) \
             ORDER BY ended_at DESC, match_id DESC LIMIT $5"
        ))
        .bind(place.map(id))
        .bind(id(user_id))
        .bind(format_like)
        .bind(format_like)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.reverse();
        Ok(rows
            .into_iter()
            .map(|(net, rating, deviation)| RecentResult {
                net,
                rating: rating.zip(deviation),
            })
            .collect())
    }

    /// A player's most recent ended matches here, newest first.
    pub async fn history(
        &self,
        guild_id: u64,
        user_id: u64,
        format_like: Option<&str>,
        limit: i64,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        let rows: Vec<RawHistory> = sqlx::query_as(
            "SELECT p.match_id, p.ended_at, p.status, p.format, \
             (SELECT string_agg(o.display_name, ', ') FROM match_players o WHERE o.match_id = p.match_id AND o.seat <> p.seat \
             AND NOT (p.format IN ('partnership', 'team') AND o.seat % 2 = p.seat % 2)) \
             AS opponents, p.won, p.net, p.final_total, p.vs_ai, t.name AS tournament, \
             CAST(m.tournament_round AS BIGINT) AS round \
             FROM match_players p JOIN matches m ON m.id = p.match_id \
             LEFT JOIN tournaments t ON t.id = m.tournament_id WHERE p.guild_id = $1 AND p.user_id = $2 AND p.ended_at IS NOT NULL \
             AND ($3 IS NULL OR p.format LIKE $4) ORDER BY p.ended_at DESC, p.match_id DESC LIMIT $5",
        )
        .bind(id(guild_id))
        .bind(id(user_id))
        .bind(format_like)
        .bind(format_like)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(HistoryRow {
                    match_id: r.match_id,
                    ended_at: r.ended_at,
                    status: MatchState::parse(&r.status).map_err(corrupt)?,
                    format: Format::parse(&r.format).map_err(corrupt)?,
                    opponents: r.opponents.unwrap_or_default(),
                    won: r.won,
                    net: r.net,
                    final_total: r.final_total,
                    vs_ai: r.vs_ai,
                    tournament: r.tournament.zip(r.round),
                })
            })
            .collect()
    }

    /// The score sheet of an ended match of this place (a server, or a DM's channel).
    pub async fn score_sheet(
        &self,
        guild_id: u64,
        match_id: i64,
    ) -> Result<Option<SheetMatch>, StoreError> {
        let m: Option<(String, String)> = sqlx::query_as(
            "SELECT status, format FROM matches WHERE id = $1 AND COALESCE(place_id, guild_id) = $2 \
             AND status <> 'active'",
        )
        .bind(match_id)
        .bind(id(guild_id))
        .fetch_optional(self.pool())
        .await?;
        let Some((status, format)) = m else {
            return Ok(None);
        };
        let players: Vec<SheetPlayer> = sqlx::query_as(
            "SELECT display_name, total, lines, line_bonus, game_bonus, final_total, net, won, hints \
             FROM match_players WHERE match_id = $1 ORDER BY seat",
        )
        .bind(match_id)
        .fetch_all(self.pool())
        .await?;
        let hands: Vec<SheetHand> = sqlx::query_as(
            "SELECT deal_no, dealer_seat, knocker_seat, kind, knocker_deadwood, defender_deadwood, points, \
             winner_seat, lines, doubled FROM hands WHERE match_id = $1 ORDER BY deal_no",
        )
        .bind(match_id)
        .fetch_all(self.pool())
        .await?;
        Ok(Some(SheetMatch {
            match_id,
            status: MatchState::parse(&status).map_err(corrupt)?,
            format: Format::parse(&format).map_err(corrupt)?,
            players,
            hands,
        }))
    }
}

/// The condition on `match_players` for user `$2`'s rows: those of place `$1`, or (with `$1`
/// bound to NULL) every place's. `$1` is named either way: a statement takes exactly the
/// parameters it names.
fn whose_rows(place: Option<u64>) -> &'static str {
    match place {
        Some(_) => "guild_id = $1 AND user_id = $2",
        None => "$1 IS NULL AND user_id = $2",
    }
}

fn corrupt(e: super::UnknownState) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

/// One player's line of an ended match, for the CSV export.
#[derive(Debug, Clone)]
pub struct ExportRow {
    pub match_id: i64,
    pub ended_at: i64,
    pub format: String,
    pub preset: String,
    pub rules_json: String,
    pub status: String,
    pub seat: i64,
    /// A Discord id, as stored (see [`super::unid`]).
    pub user_id: i64,
    pub display_name: String,
    pub is_ai: bool,
    pub total: i64,
    pub lines: i64,
    pub line_bonus: i64,
    pub game_bonus: i64,
    pub final_total: i64,
    pub net: i64,
    pub won: bool,
    /// The tournament it was played in (its name), and its round.
    pub tournament: Option<String>,
    pub round: Option<i64>,
}

from_row! {
    ExportRow:
    match_id, ended_at, format, preset, rules_json, status, seat, user_id, display_name,
    is_ai as Flag, total, lines, line_bonus, game_bonus, final_total, net, won as Flag,
    tournament, round,
}

impl Ledger<'_> {
    /// Every player's line of the newest `matches` ended matches of a place (a server, or a
    /// DM's channel: the ledger's key of its players' rows) with ids below `before`, newest
    /// first, seats in order: those `user` played, or with no `user` all of a server's (no
    /// DM's is exported whole).
    pub async fn export_rows(
        &self,
        guild_id: u64,
        user: Option<u64>,
        before: Option<i64>,
        matches: i64,
    ) -> Result<Vec<ExportRow>, StoreError> {
        // Two texts, so that each reads through its index (a player's rows, a server's matches).
        let which = match user {
            Some(_) => {
                "id IN (SELECT match_id FROM match_players WHERE guild_id = $1 AND user_id = $2)"
            }
            None => "guild_id = $1 AND $2 IS NULL",
        };
        Ok(sqlx::query_as(&format!(
            "SELECT p.match_id, COALESCE(p.ended_at, m.ended_at, m.started_at) AS ended_at, m.format, m.preset, m.rules_json, m.status, p.seat, \
             p.user_id, p.display_name, p.is_ai, p.total, p.lines, p.line_bonus, p.game_bonus, \
             p.final_total, p.net, p.won, t.name AS tournament, \
             CAST(m.tournament_round AS BIGINT) AS round \
             FROM match_players p JOIN matches m ON m.id = p.match_id \
             LEFT JOIN tournaments t ON t.id = m.tournament_id \
             WHERE p.match_id IN (SELECT id FROM matches WHERE {which} AND status <> 'active' \
               AND ($3 IS NULL OR id < $3) ORDER BY id DESC LIMIT $4) \
             ORDER BY p.match_id DESC, p.seat"
        ))
        .bind(id(guild_id))
        .bind(user.map(id))
        .bind(before)
        .bind(matches)
        .fetch_all(self.pool())
        .await?)
    }
}
