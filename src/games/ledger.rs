//! The ledger's commands: leaderboards, stats, history, score sheets, and moderators' cancel.
//! Every query names the caller's place (its ledger's key: the server, or the DM's or group
//! DM's channel): no place ever sees another's rows. Only a player's own figures from
//! everywhere span places, and only that player sees them. Public answers speak the place's
//! language, the score sheet (only for the presser) the presser's.

pub use super::formats::FormatFilter;
use super::transition::Answered;
use super::{
    BoardRow, BoardSort, Caller, EndReason, Failure, Ledger, Outcome, Refusal, Reply, UserRef,
};
use std::collections::HashMap;
use std::sync::Mutex;

/// Which matches a leaderboard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Period {
    All,
    Days30,
    Days7,
}

impl Period {
    fn since(self, now: i64) -> i64 {
        match self {
            Period::All => i64::MIN,
            Period::Days30 => now - 30 * 86_400,
            Period::Days7 => now - 7 * 86_400,
        }
    }
}

/// One page of one leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardQuery {
    pub sort: BoardSort,
    pub period: Period,
    pub format: FormatFilter,
    /// Zero-based.
    pub page: u32,
    /// A season by its number; `None`: the running one.
    pub season: Option<i64>,
    /// Only the matches of this tournament (every season's and period's).
    pub tournament: Option<i64>,
}

/// Rows per leaderboard page.
pub const PAGE: usize = 10;
/// Matches needed to appear on the win-rate board.
pub const WIN_RATE_MIN_MATCHES: i64 = 5;
/// Matches listed by `/gin history`.
pub const HISTORY_LEN: i64 = 10;

/// The player a stats or history command is about (the caller by default).
fn subject(caller: &Caller, player: Option<&UserRef>) -> (u64, String) {
    match player {
        Some(p) => (p.id, p.name.clone()),
        None => (caller.user_id, caller.name.clone()),
    }
}

/// How long one reading of a board serves its page buttons, in seconds.
const BOARD_FRESH_SECONDS: i64 = 20;
/// Readings kept at most, over every place.
const BOARDS_KEPT: usize = 256;

/// One board of one place, whatever its page.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct BoardKey {
    /// The place's ledger key (snowflakes of servers and channels never meet).
    place: u64,
    sort: BoardSort,
    period: Period,
    format: FormatFilter,
    season: Option<i64>,
    tournament: Option<i64>,
}

/// A board's rows and its season's name, as read.
type BoardReading = (Vec<BoardRow>, Option<(i64, String)>);

/// The boards read lately, with when: page buttons turn the pages of one reading instead of
/// aggregating the place's ledger again on each press.
#[derive(Default)]
pub(crate) struct BoardCache(Mutex<HashMap<BoardKey, (i64, BoardReading)>>);

impl BoardCache {
    fn fresh(&self, key: &BoardKey, now: i64) -> Option<BoardReading> {
        let boards = self.0.lock().expect("board cache lock");
        let (read_at, reading) = boards.get(key)?;
        (now - read_at < BOARD_FRESH_SECONDS).then(|| reading.clone())
    }

    fn keep(&self, key: BoardKey, now: i64, reading: &BoardReading) {
        let mut boards = self.0.lock().expect("board cache lock");
        if boards.len() >= BOARDS_KEPT {
            boards.retain(|_, (read_at, _)| now - *read_at < BOARD_FRESH_SECONDS);
        }
        if boards.len() < BOARDS_KEPT {
            boards.insert(key, (now, reading.clone()));
        }
    }
}

/// How many of a player's recent matches the stats chart shows.
const CHART_LEN: i64 = 30;

impl Ledger<'_> {
    /// `/gin leaderboard` (a new message) or a page button (`update`).
    pub async fn leaderboard(&self, caller: &Caller, q: BoardQuery, update: bool) -> Outcome {
        let result = async {
            let place = caller.place.ledger_key();
            if caller.guild_id().is_none() && (q.season.is_some() || q.tournament.is_some()) {
                return Err(Refusal::ServersOnlyBoard.into());
            }
            let min = if q.sort == BoardSort::WinRate {
                WIN_RATE_MIN_MATCHES
            } else {
                1
            };
            let key = BoardKey {
                place,
                sort: q.sort,
                period: q.period,
                format: q.format,
                season: q.season,
                tournament: q.tournament,
            };
            // The command reads afresh; its page buttons reuse that reading for a while.
            let now = self.now();
            let cached = if update {
                self.boards.fresh(&key, now)
            } else {
                None
            };
            let (rows, season) = match cached {
                Some(reading) => reading,
                None => {
                    let reading = self.board_rows(caller, place, q, min).await?;
                    // Under the season its buttons will name (see below).
                    let season = match q.tournament {
                        None => reading.1.as_ref().map(|(n, _)| *n).or(q.season),
                        Some(_) => None,
                    };
                    self.boards.keep(BoardKey { season, ..key }, now, &reading);
                    reading
                }
            };
            // Once seasons exist, a board's page buttons keep its season (a new one may
            // begin before they are pressed).
            let mut query = q;
            if let Some((number, _)) = season.as_ref().filter(|_| q.tournament.is_none()) {
                query.season = Some(*number);
            }
            Ok::<_, Failure>(Outcome::reply(Reply::Leaderboard {
                lang: self.settings().public_lang(caller),
                rows,
                query,
                viewer: caller.user_id,
                update,
                season: season.map(|(_, name)| name),
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// A board's rows: the query's season (the running one by default) cut to its period,
    /// with the ratings of now or those the season ended with; and the season's name when
    /// the server has started seasons. Outside servers (`place` a DM's channel) no season
    /// was ever started: its one season holds every match.
    async fn board_rows(
        &self,
        caller: &Caller,
        place: u64,
        q: BoardQuery,
        min: i64,
    ) -> Result<BoardReading, Failure> {
        if let Some(tournament) = q.tournament {
            // A tournament's board: all its matches, with the ratings of now.
            let rows = self
                .db
                .ledger()
                .season_board(
                    place,
                    (0, None),
                    q.format.pattern,
                    q.sort,
                    min,
                    None,
                    crate::store::BOARD_ROWS,
                    Some(tournament),
                )
                .await?;
            let name = self
                .db
                .tournaments()
                .tournament(tournament)
                .await?
                .filter(|t| t.guild_id == place)
                .ok_or(Refusal::NoSuchTournament)?
                .name;
            return Ok((rows, Some((0, name))));
        }
        let seasons = self.seasons().season_list(caller, place).await?;
        let season = match q.season {
            None => seasons.last().expect("a season runs"),
            Some(n) => seasons
                .iter()
                .find(|s| s.number == n)
                .ok_or(Refusal::NoSuchSeason)?,
        };
        let since = q.period.since(self.now()).max(season.started_at);
        let archived = season.ended_at.map(|_| season.number);
        let rows = self
            .db
            .ledger()
            .season_board(
                place,
                (since, season.ended_at),
                q.format.pattern,
                q.sort,
                min,
                archived,
                crate::store::BOARD_ROWS,
                None,
            )
            .await?;
        let named = seasons.len() > 1 || season.started_at > 0;
        Ok((rows, named.then(|| (season.number, season.name.clone()))))
    }

    /// `/gin stats [player]`: a player's figures here, in public.
    pub async fn stats(
        &self,
        caller: &Caller,
        player: Option<&UserRef>,
        format: FormatFilter,
    ) -> Outcome {
        let result = async {
            let (user, name) = subject(caller, player);
            let place = caller.place.ledger_key();
            let ledger = self.db.ledger();
            let stats = ledger.player_stats(place, user, format.pattern).await?;
            let recent = ledger
                .recent_results(place, user, format.pattern, CHART_LEN)
                .await?;
            Ok::<_, Failure>(Outcome::reply(Reply::Stats {
                lang: self.settings().public_lang(caller),
                name,
                stats,
                recent,
                look: self.look_here(caller),
                everywhere: None,
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// `/gin stats everywhere:true`: the caller's own figures over every place they played
    /// in, to them alone, without a rating (each place rates apart) and naming no place.
    /// Never someone else's (`player`): that would tell where they play.
    pub async fn stats_everywhere(
        &self,
        caller: &Caller,
        player: Option<&UserRef>,
        format: FormatFilter,
    ) -> Outcome {
        let result = async {
            let (user, name) = subject(caller, player);
            if user != caller.user_id {
                return Err(Refusal::OwnFiguresOnly.into());
            }
            let ledger = self.db.ledger();
            let found = ledger.player_stats_everywhere(user, format.pattern).await?;
            let recent = ledger
                .recent_results_everywhere(user, format.pattern, CHART_LEN)
                .await?;
            let places = found.as_ref().map_or(0, |(_, n)| *n);
            Ok::<_, Failure>(Outcome::reply(Reply::Stats {
                lang: caller.lang,
                name,
                stats: found.map(|(s, _)| s),
                recent,
                look: self.settings().player_look(caller.user_id).await,
                everywhere: Some(places),
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// How the caller's server shows public messages (the defaults outside servers).
    fn look_here(&self, caller: &Caller) -> super::CardLook {
        self.settings()
            .public_look(caller.place.guild().unwrap_or_default())
    }

    /// `/gin history [player]`: recent matches here, each with a score-sheet button.
    pub async fn history(
        &self,
        caller: &Caller,
        player: Option<&UserRef>,
        format: FormatFilter,
    ) -> Outcome {
        let result = async {
            let (user, name) = subject(caller, player);
            let rows = self
                .db
                .ledger()
                .history(caller.place.ledger_key(), user, format.pattern, HISTORY_LEN)
                .await?;
            Ok::<_, Failure>(Outcome::reply(Reply::History {
                lang: self.settings().public_lang(caller),
                name,
                rows,
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// A history button: one match's score sheet, for the presser only, under the rule of
    /// replays ([`super::replay::may_see_hands`]).
    pub async fn sheet(&self, caller: &Caller, match_id: i64) -> Outcome {
        let result = async {
            let row = self.match_with_hands(caller, match_id).await?;
            let sheet = self
                .db
                .ledger()
                .score_sheet(super::replay::ledger_key(&row), match_id)
                .await?
                .ok_or(Refusal::UnknownMatch)?;
            Ok::<_, Failure>(Outcome::reply(Reply::Sheet(Box::new(sheet))))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// `/ginmod cancel [player]` (Manage Server): ends a stuck match here without scoring. The
    /// table and every open hand message then say so.
    pub async fn cancel(
        &self,
        caller: &Caller,
        is_moderator: bool,
        player: Option<&UserRef>,
    ) -> Outcome {
        if !is_moderator {
            return Outcome::refusal(Refusal::ModeratorsOnly);
        }
        let result = async {
            let ids = match player {
                Some(p) => self
                    .db
                    .matches()
                    .active_match_for(caller.channel_id, p.id)
                    .await?
                    .into_iter()
                    .collect(),
                None => {
                    self.db
                        .matches()
                        .active_matches_in_channel(caller.channel_id)
                        .await?
                }
            };
            let id = match ids.as_slice() {
                [] => return Err(Refusal::NothingToCancel.into()),
                [id] => *id,
                _ => return Err(Refusal::CancelWhich.into()),
            };
            let mut live = self.hold(id).await?;
            if let Some(event) = live.event {
                // Its round waits for its result: the tournament's commands decide it, while
                // the tournament runs.
                let running = self
                    .db
                    .tournaments()
                    .tournament(event.tournament_id)
                    .await?
                    .is_some_and(|t| t.status == crate::store::TournamentState::Running);
                if running {
                    return Err(Refusal::TournamentMatch.into());
                }
            }
            let deliveries = match self
                .commit(
                    &mut live,
                    super::Event::Cancel,
                    EndReason::Cancelled,
                    Answered::Nothing,
                )
                .await?
            {
                Ok(d) => d,
                Err(_) => return Err(Refusal::MatchOver.into()),
            };
            tracing::info!(match_id = id, by = caller.user_id, "match cancelled");
            Ok::<_, Failure>(Outcome {
                reply: Reply::Cancelled {
                    lang: self.settings().public_lang(caller),
                    by: caller.name.clone(),
                },
                deliveries,
                reply_is: None,
                hand_of: None,
            })
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::super::formats::holds;
    use super::*;
    use crate::store::Format;

    /// Each stored format is in one family, as the database's LIKE would find it.
    #[test]
    fn every_format_has_one_family() {
        for f in Format::all() {
            let families: Vec<_> = FormatFilter::all()
                .into_iter()
                .filter(|g| g.pattern.is_some_and(|p| holds(p, f.as_str())))
                .collect();
            assert_eq!(families, [FormatFilter::of(f)], "{f}");
        }
        let rummy_4 = Format::parse("rummy-4").unwrap();
        assert_eq!(
            Some(FormatFilter::of(rummy_4)),
            FormatFilter::named("rummy")
        );
        assert!(FormatFilter::all()
            .into_iter()
            .filter_map(|g| g.pattern)
            .all(|p| !p.contains('_') && !p.trim_end_matches('%').contains('%')));
    }

    /// Names, keys and digits tell the filters apart; a digit fits one place of a button id.
    #[test]
    fn filters_are_told_apart() {
        let all = FormatFilter::all();
        let names: Vec<&str> = all.iter().map(|f| f.name).collect();
        // Posted buttons carry the digits: the games listed so far keep theirs, a new game adds
        // its own after them.
        assert_eq!(
            names[..6],
            ["any", "two", "three", "rummy", "partnership", "team"]
        );
        for (i, f) in all.iter().enumerate() {
            assert!(f.code < 10, "{}", f.name);
            assert_eq!(FormatFilter::from_code(f.code), Some(*f));
            for g in &all[i + 1..] {
                assert!(f.name != g.name && f.key != g.key && f.code != g.code);
            }
        }
        assert_eq!(all[0], FormatFilter::Any);
    }
}
