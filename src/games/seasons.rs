//! Seasons (`/ginmod season`): a server's moderators close the running season; its closing
//! board is posted, its ratings are kept with it, and boards and ratings start afresh. Earlier
//! seasons stay browsable (`/gin leaderboard season:`).

use super::ledger::{BoardQuery, FormatFilter, Period};
use super::{BoardSort, Caller, Failure, Outcome, Refusal, Reply, Seasons};
use crate::store::{Season, StoreError};
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The longest season name, in characters.
pub const SEASON_NAME_MAX: usize = 50;

impl Seasons<'_> {
    /// A server's seasons, oldest first; the running one last (the first one if it never
    /// started another).
    pub(crate) async fn season_list(
        &self,
        caller: &Caller,
        guild: u64,
    ) -> Result<Vec<Season>, StoreError> {
        let mut list = self.db.seasons().seasons(guild).await?;
        if list.is_empty() {
            list.push(Season::first(season_name(self, caller, 1)));
        }
        Ok(list)
    }

    /// `/gin leaderboard season:<name or number>`: the season's number. Seasons are a
    /// server's: a DM's board has none to choose.
    pub async fn find_season(&self, caller: &Caller, text: &str) -> Result<i64, Refusal> {
        let guild = caller.guild_id().ok_or(Refusal::ServersOnlyBoard)?;
        let list = self.season_list(caller, guild).await.map_err(|e| {
            tracing::error!(error = %e, "reading seasons");
            Refusal::Internal
        })?;
        let text = text.trim();
        list.iter()
            .rev()
            .find(|s| s.name.eq_ignore_ascii_case(text) || s.number.to_string() == text)
            .map(|s| s.number)
            .ok_or(Refusal::NoSuchSeason)
    }

    /// `/ginmod season [name]` (moderators): ends the running season and starts the next.
    pub async fn new_season(
        &self,
        caller: &Caller,
        is_moderator: bool,
        name: Option<String>,
    ) -> Outcome {
        let result = async {
            let guild = caller.guild_id().ok_or(Refusal::GuildOnly)?;
            if !is_moderator {
                return Err(Refusal::ModeratorsOnly.into());
            }
            let list = self.season_list(caller, guild).await?;
            let current = list.last().expect("a season runs").clone();
            let number = current.number + 1;
            let name = match name {
                Some(n) => checked_season_name(&n)?,
                None => season_name(self, caller, number),
            };
            // The switch falls between two seconds: whatever ended in this second (the
            // match that closed the season, say) belongs to the ended season.
            let switch = self.now() + 1;
            let next = Season {
                number,
                name: name.clone(),
                started_at: switch,
                ended_at: None,
            };
            if !self
                .db
                .seasons()
                .start_season(guild, &current, &next, switch)
                .await?
            {
                // Another moderator was first: show where things stand.
                return Err(Refusal::NoSuchSeason.into());
            }
            tracing::info!(
                guild,
                ended = current.number,
                started = number,
                "new season"
            );
            let query = BoardQuery {
                sort: BoardSort::Net,
                period: Period::All,
                format: FormatFilter::Any,
                page: 0,
                season: Some(current.number),
                tournament: None,
            };
            let ended_at = Some(switch);
            let rows = self
                .db
                .ledger()
                .season_board(
                    guild,
                    (current.started_at, ended_at),
                    None,
                    BoardSort::Net,
                    1,
                    Some(current.number),
                    crate::store::BOARD_ROWS,
                    None,
                )
                .await?;
            Ok::<_, Failure>(Outcome::reply(Reply::SeasonStarted {
                lang: self.settings().public_lang(caller),
                ended: current.name,
                started: name,
                rows,
                query,
                viewer: caller.user_id,
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }
}

/// A season name as given, trimmed; refused when it is longer than [`SEASON_NAME_MAX`], holds
/// a line break or another control character, or shows nothing (only spaces and invisible
/// format characters such as a zero-width space): boards and menus list it on one line.
fn checked_season_name(name: &str) -> Result<String, Refusal> {
    let broken = name.chars().any(|c| {
        c.is_control()
            || matches!(
                c.general_category(),
                GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
            )
    });
    let name = name.trim();
    let visible = name.chars().any(|c| {
        !c.is_whitespace()
            && !matches!(
                c.general_category(),
                GeneralCategory::Format | GeneralCategory::Control
            )
            // Fillers and joiners that draw nothing, outside the format category.
            && !matches!(c, '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{2800}' | '\u{3164}' | '\u{FFA0}')
            && !('\u{FE00}'..='\u{FE0F}').contains(&c)
    });
    if broken || !visible || name.chars().count() > SEASON_NAME_MAX {
        return Err(Refusal::SeasonName);
    }
    Ok(name.to_string())
}

/// "Season n" in the server's public language.
fn season_name(games: &super::Games, caller: &Caller, n: i64) -> String {
    crate::tr!(games.settings().public_lang(caller), "season-name", n = n)
}
