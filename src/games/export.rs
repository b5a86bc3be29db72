//! `/ginmod export`: the server's ledger (moderators), or `/gin export`: a player's own matches
//! in the ledger of the place it is asked in (a server, a DM, a group DM) as CSV, one row per
//! match and player. A file holds at most [`EXPORT_MATCHES`] matches, newest first (well
//! under Discord's upload limit); the answer names where the next file starts.

use super::{Caller, Failure, Ledger, Outcome, Refusal, Reply};
use crate::i18n::Lang;
use crate::store::ExportRow;

/// Matches per file: six players of some 500 bytes each (the rules repeat on every row) make
/// at most about 6 MB, under Discord's 10 MiB upload limit.
pub const EXPORT_MATCHES: i64 = 2_000;

/// A CSV file to attach, with what the message says of it.
#[derive(Clone, Debug)]
pub struct ExportFile {
    pub lang: Lang,
    pub name: String,
    pub csv: String,
    pub matches: usize,
    /// More, older matches: `before:<this>`.
    pub next_before: Option<i64>,
    /// Only the caller's matches (the next file is asked for the same way).
    pub mine: bool,
}

const HEADER: &str = "match,ended_at,format,preset,status,seat,user_id,player,ai,total,lines,\
line_bonus,game_bonus,final_total,net,won,rules,tournament,round";

impl Ledger<'_> {
    /// The place's ledger (`mine`: only the caller's matches; all of it only for a server's
    /// moderators) below match `before`.
    pub async fn export(
        &self,
        caller: &Caller,
        is_moderator: bool,
        mine: bool,
        before: Option<i64>,
    ) -> Outcome {
        if !mine && !is_moderator {
            return Outcome::refusal(Refusal::ModeratorsOnly);
        }
        let result = async {
            if !mine && caller.guild_id().is_none() {
                return Err(Refusal::GuildOnly.into());
            }
            let place = caller.place.ledger_key();
            let user = mine.then_some(caller.user_id);
            let rows = self
                .db
                .ledger()
                .export_rows(place, user, before, EXPORT_MATCHES)
                .await?;
            let mut ids: Vec<i64> = rows.iter().map(|r| r.match_id).collect();
            ids.dedup();
            let next_before =
                (ids.len() as i64 == EXPORT_MATCHES).then(|| *ids.last().expect("full page"));
            let name = if mine {
                format!("gin-matches-{}.csv", caller.user_id)
            } else {
                format!("gin-ledger-{place}.csv")
            };
            Ok::<_, Failure>(Outcome::reply(Reply::Export(Box::new(ExportFile {
                lang: caller.lang,
                name,
                csv: to_csv(&rows),
                matches: ids.len(),
                next_before,
                mine,
            }))))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }
}

/// RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled.
/// A name starting like a formula is kept text for spreadsheets (a leading `'`).
fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

fn to_csv(rows: &[ExportRow]) -> String {
    let mut out = String::with_capacity(64 + rows.len() * 200);
    out.push_str(HEADER);
    out.push_str("\r\n");
    for r in rows {
        let cells = [
            r.match_id.to_string(),
            utc_date(r.ended_at),
            r.format.clone(),
            r.preset.clone(),
            r.status.clone(),
            r.seat.to_string(),
            crate::store::unid(r.user_id).to_string(),
            field(&r.display_name),
            r.is_ai.to_string(),
            r.total.to_string(),
            r.lines.to_string(),
            r.line_bonus.to_string(),
            r.game_bonus.to_string(),
            r.final_total.to_string(),
            r.net.to_string(),
            r.won.to_string(),
            field(&r.rules_json),
            field(r.tournament.as_deref().unwrap_or_default()),
            r.round.map(|n| n.to_string()).unwrap_or_default(),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// Seconds since the epoch as `YYYY-MM-DDTHH:MM:SSZ` (the civil calendar from day numbers,
/// valid for every date the ledger can hold).
fn utc_date(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(utc_date(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_date(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_date(1_795_392_000 + 3_723), "2026-11-23T01:02:03Z");
    }

    #[test]
    fn fields_with_commas_quotes_or_breaks_are_quoted() {
        assert_eq!(field("Ann"), "Ann");
        assert_eq!(field("Ann, \"the Ace\""), "\"Ann, \"\"the Ace\"\"\"");
        assert_eq!(field("a\nb"), "\"a\nb\"");
        assert_eq!(field("=1+1"), "'=1+1");
    }
}
