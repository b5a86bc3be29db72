//! Ledger answers as messages: leaderboards, stats, history and the classic score sheet.

use super::ids::Press;
use super::model::{Attachment, Button, Msg, Style};
use super::text::{escape, in_code};
use crate::engine::partnership::deal_score;
use crate::engine::Seat;
use crate::games::ledger::{BoardQuery, FormatFilter, Period, PAGE};
use crate::games::{
    each_kind, BoardRow, BoardSort, EndReason, Format, HandKind, HistoryRow, Kind, MatchState,
    Sheet, SheetHand, SheetMatch, StatsRow,
};
use crate::i18n::Lang;
use crate::tr;

fn sort_key(s: BoardSort) -> &'static str {
    match s {
        BoardSort::Net => "board-sort-net",
        BoardSort::Wins => "board-sort-wins",
        BoardSort::WinRate => "board-sort-winrate",
        BoardSort::Gins => "board-sort-gins",
        BoardSort::Rating => "board-sort-rating",
    }
}

fn period_key(p: Period) -> &'static str {
    match p {
        Period::All => "board-period-all",
        Period::Days30 => "board-period-30",
        Period::Days7 => "board-period-7",
    }
}

/// The figure a board is sorted by, as shown.
fn value(sort: BoardSort, r: &BoardRow) -> String {
    match sort {
        BoardSort::Net => format!("{:+}", r.net),
        BoardSort::Wins => r.wins.to_string(),
        BoardSort::WinRate => format!("{:.0}%", r.win_rate() * 100.0),
        BoardSort::Gins => r.gins.to_string(),
        BoardSort::Rating => format!("{:.0}", r.rating),
    }
}

fn row_line(lang: Lang, rank: usize, sort: BoardSort, r: &BoardRow) -> String {
    tr!(
        lang,
        "board-row",
        rank = rank,
        player = escape(&r.name),
        value = value(sort, r),
        played = r.played,
        wins = r.wins
    )
}

/// One page of a leaderboard, the viewer's own rank below it when off the page.
pub fn leaderboard(lang: Lang, rows: &[BoardRow], q: BoardQuery, viewer: u64) -> Msg {
    leaderboard_in(lang, rows, q, viewer, None)
}

/// A board of the season named `season` (once the server has seasons).
pub fn leaderboard_in(
    lang: Lang,
    rows: &[BoardRow],
    q: BoardQuery,
    viewer: u64,
    season: Option<&str>,
) -> Msg {
    let pages = rows.len().div_ceil(PAGE).max(1) as u32;
    let page = q.page.min(pages - 1);
    let mut lines = vec![tr!(
        lang,
        "board-title",
        sort = tr!(lang, sort_key(q.sort)),
        period = tr!(lang, period_key(q.period)),
        format = tr!(lang, q.format.key),
        page = page + 1,
        pages = pages
    )];
    if let (Some(name), Some(_)) = (season, q.tournament) {
        // A tournament's board names the tournament where a season's names the season.
        lines.push(tr!(lang, "board-tournament", name = escape(name)));
    } else if let Some(name) = season {
        lines.push(tr!(lang, "board-season", season = escape(name)));
    }
    if rows.is_empty() {
        lines.push(tr!(lang, "board-empty"));
    }
    let start = page as usize * PAGE;
    for (i, r) in rows.iter().enumerate().skip(start).take(PAGE) {
        lines.push(row_line(lang, i + 1, q.sort, r));
    }
    // The board is public and anyone may turn its pages: the rank line names its player.
    let who = format!("<@{viewer}>");
    match rows.iter().position(|r| r.user_id == viewer) {
        Some(i) if !(start..start + PAGE).contains(&i) => lines.push(tr!(
            lang,
            "board-you",
            player = who,
            line = row_line(lang, i + 1, q.sort, &rows[i])
        )),
        None if !rows.is_empty() => lines.push(tr!(lang, "board-you-unranked", player = who)),
        _ => {}
    }
    let turn = |p: u32| Press::Board(BoardQuery { page: p, ..q }).encode();
    let mut prev = Button::new(
        turn(page.saturating_sub(1)),
        tr!(lang, "button-previous"),
        Style::Secondary,
    );
    prev.disabled = page == 0;
    // Distinct ids even when both are disabled on a one-page board.
    let mut next = Button::new(turn(page + 1), tr!(lang, "button-next"), Style::Secondary);
    next.disabled = page + 1 >= pages;
    Msg::text(lines.join("\n")).with_buttons(vec![prev, next])
}

/// `/gin stats`.
pub fn stats(lang: Lang, name: &str, s: Option<&StatsRow>) -> Msg {
    let Some(s) = s else {
        return Msg::text(tr!(lang, "stats-none", player = escape(name)));
    };
    let rating = match s.rating {
        Some((r, d)) => format!("{r:.0} ± {:.0}", 2.0 * d),
        None => tr!(lang, "stats-unrated"),
    };
    let mut lines = vec![tr!(lang, "stats-title", player = escape(&s.name))];
    lines.extend(figures(lang, s));
    lines.push(tr!(
        lang,
        "stats-streak-rating",
        streak = streak(lang, s),
        rating = rating
    ));
    Msg::text(lines.join("\n"))
}

/// `/gin stats everywhere`: the caller's own figures over `places` places, which are not
/// named, and no rating (each place rates apart); under the caller's name here, not one
/// they go by elsewhere.
pub fn stats_everywhere(lang: Lang, name: &str, s: Option<&StatsRow>, places: i64) -> Msg {
    let Some(s) = s else {
        return Msg::text(tr!(lang, "stats-none-everywhere", player = escape(name)));
    };
    let mut lines = vec![tr!(
        lang,
        "stats-title-everywhere",
        player = escape(name),
        places = places
    )];
    lines.extend(figures(lang, s));
    lines.push(tr!(
        lang,
        "stats-streak-everywhere",
        streak = streak(lang, s)
    ));
    Msg::text(lines.join("\n"))
}

/// The lines of a player's figures between the title and the streak.
fn figures(lang: Lang, s: &StatsRow) -> [String; 5] {
    let rate = if s.played > 0 {
        s.won as f64 * 100.0 / s.played as f64
    } else {
        0.0
    };
    let knocks = s.knocks + s.gins;
    // Nobody's average of nothing: a dash until the first knock.
    let avg = if knocks > 0 {
        format!("{:.1}", s.knock_deadwood as f64 / knocks as f64)
    } else {
        "–".to_string()
    };
    [
        tr!(
            lang,
            "stats-matches",
            played = s.played,
            won = s.won,
            lost = s.lost(),
            rate = format!("{rate:.0}%"),
            ai = s.vs_ai
        ),
        tr!(
            lang,
            "stats-points",
            net = format!("{:+}", s.net),
            biggest = s.biggest_win
        ),
        tr!(
            lang,
            "stats-hands",
            hands = s.hands_won,
            gins = s.gins,
            knocks = s.knocks
        ),
        tr!(
            lang,
            "stats-undercuts",
            given = s.undercuts_given,
            suffered = s.undercuts_suffered
        ),
        tr!(lang, "stats-deadwood", average = avg),
    ]
}

/// The current streak, as words.
fn streak(lang: Lang, s: &StatsRow) -> String {
    match s.streak {
        n if n > 0 => tr!(lang, "stats-streak-wins", count = n),
        n if n < 0 => tr!(lang, "stats-streak-losses", count = -n),
        _ => "–".to_string(),
    }
}

fn status_key(status: MatchState) -> &'static str {
    match status {
        MatchState::Ended(EndReason::Resigned) => "history-resigned",
        MatchState::Ended(EndReason::Forfeited) => "history-forfeited",
        MatchState::Ended(EndReason::Cancelled) => "history-cancelled",
        MatchState::Ended(EndReason::PlayedOut) | MatchState::Active => "history-finished",
    }
}

const CANCELLED: MatchState = MatchState::Ended(EndReason::Cancelled);

/// `/gin history`: one line per match, a score-sheet button for each.
pub fn history(lang: Lang, name: &str, rows: &[HistoryRow]) -> Msg {
    if rows.is_empty() {
        return Msg::text(tr!(lang, "history-none", player = escape(name)));
    }
    let mut lines = vec![tr!(lang, "history-title", player = escape(name))];
    let mut buttons = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let result = if r.status == CANCELLED {
            tr!(lang, "history-cancelled")
        } else if r.won {
            tr!(lang, "history-won")
        } else {
            tr!(lang, "history-lost")
        };
        lines.push(tr!(
            lang,
            "history-row",
            n = i + 1,
            date = format!("<t:{}:d>", r.ended_at),
            opponents = escape(&r.opponents),
            result = result,
            how = {
                // Two- and three-player Gin is the default; another game says so, and a
                // tournament match names its event and round.
                let mut how = match game_key(r.format) {
                    Some(key) => {
                        format!("{} · {}", tr!(lang, key), tr!(lang, status_key(r.status)))
                    }
                    None => tr!(lang, status_key(r.status)),
                };
                if let Some((event, round)) = &r.tournament {
                    how = format!(
                        "{how} · {}",
                        tr!(
                            lang,
                            "history-tournament",
                            name = escape(event),
                            round = *round
                        )
                    );
                }
                how
            },
            net = format!("{:+}", r.net)
        ));
        buttons.push(Button::new(
            Press::Sheet(r.match_id).encode(),
            tr!(lang, "button-sheet", n = i + 1),
            Style::Secondary,
        ));
    }
    Msg::text(lines.join("\n")).with_buttons(buttons)
}

/// The name of a game other than two- or three-player Gin, for history lines.
fn game_key(format: Format) -> Option<&'static str> {
    let family = FormatFilter::of(format);
    family.named_in_history.then_some(family.key)
}

/// The classic score sheet: hand by hand with running totals, then boxes, bonuses and result.
pub fn sheet(lang: Lang, m: &SheetMatch) -> Msg {
    // The names stand in a code block: nothing renders there, but a backtick would end it.
    let names: Vec<String> = m.players.iter().map(|p| in_code(&p.display_name)).collect();
    let mut lines = vec![tr!(
        lang,
        "sheet-title",
        id = m.match_id,
        how = tr!(lang, status_key(m.status))
    )];
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, 12);
    let mut table = vec![format!(
        "{:<5}{}",
        "#",
        names
            .iter()
            .map(|n| format!("{:>w$} ", truncate(n, width), w = width))
            .collect::<String>()
    )];
    let mut running = vec![0i64; names.len()];
    for line in sheet_lines(lang, m) {
        for &s in &line.credited {
            running[s] += line.points;
        }
        let cells: String = running
            .iter()
            .enumerate()
            .map(|(s, t)| {
                let mark = if line.credited.contains(&s) { "*" } else { " " };
                format!("{:>w$}{mark}", t, w = width)
            })
            .collect();
        table.push(format!("{:<5}{cells} {}", line.number, line.note));
    }
    let row = |label: &str, f: &dyn Fn(usize) -> i64| {
        format!(
            "{:<5}{}",
            truncate(label, 5),
            (0..names.len())
                .map(|i| format!("{:>w$} ", f(i), w = width))
                .collect::<String>()
        )
    };
    if FormatFilter::of(m.format).boxes {
        // Rummy has no boxes or bonuses: its totals are the points scored.
        table.push(row(&tr!(lang, "sheet-lines"), &|i| m.players[i].lines));
        table.push(row(&tr!(lang, "sheet-box-bonus"), &|i| {
            m.players[i].line_bonus
        }));
        table.push(row(&tr!(lang, "sheet-game-bonus"), &|i| {
            m.players[i].game_bonus
        }));
    }
    table.push(row(&tr!(lang, "sheet-final"), &|i| {
        m.players[i].final_total
    }));
    table.push(row(&tr!(lang, "sheet-net"), &|i| m.players[i].net));
    if m.players.iter().any(|p| p.hints > 0) {
        table.push(row(&tr!(lang, "sheet-hints"), &|i| m.players[i].hints));
    }
    // Long matches: keep the newest hands within Discord's 2,000 characters.
    let mut block = table.join("\n");
    while block.chars().count() > 1_700 && table.len() > 8 {
        table.remove(1);
        block = table.join("\n");
    }
    lines.push(format!("```\n{block}\n```"));
    Msg::text(lines.join("\n"))
}

/// One line of a score sheet: the hand, who scores its points, what happened.
struct SheetLine {
    number: String,
    /// The seats the points go to (a team's points go to both partners).
    credited: Vec<usize>,
    points: i64,
    note: String,
}

/// How a hand ended, as the sheet notes it.
fn kind_note(lang: Lang, h: &SheetHand) -> String {
    let k = match h.kind {
        HandKind::Dead => return tr!(lang, "sheet-dead"),
        HandKind::Gin => tr!(lang, "sheet-gin"),
        HandKind::Undercut => tr!(lang, "sheet-undercut"),
        HandKind::Knock => tr!(lang, "sheet-knock"),
        HandKind::Out => tr!(lang, "sheet-out"),
        HandKind::HandRummy => tr!(lang, "sheet-hand-rummy"),
    };
    if h.doubled {
        format!("{k} ×2")
    } else {
        k
    }
}

/// The sheet's lines: a hand each; a Partnership deal's two tables on one line, scored for
/// the teams as the deal was (the sum, or the difference).
fn sheet_lines(lang: Lang, m: &SheetMatch) -> Vec<SheetLine> {
    let sheet = each_kind!(m.format.game(), K => K::SHEET);
    if sheet != Sheet::TwoTables {
        return m
            .hands
            .iter()
            .map(|h| {
                let credited = match h.winner_seat {
                    // Team Gin: a hand's points are the team's.
                    Some(w) if sheet == Sheet::TeamHands => vec![w as usize, (w as usize + 2) % 4],
                    Some(w) => vec![w as usize],
                    None => Vec::new(),
                };
                SheetLine {
                    number: (h.deal_no + 1).to_string(),
                    credited,
                    points: h.points,
                    note: kind_note(lang, h),
                }
            })
            .collect();
    }
    m.hands
        .chunk_by(|a, b| a.deal_no / 2 == b.deal_no / 2)
        .map(|deal| {
            let result = |h: &SheetHand| h.winner_seat.map(|w| (w as Seat, h.points as u32));
            let tables = [deal.first().and_then(result), deal.get(1).and_then(result)];
            let (credited, points) = match deal_score(tables) {
                Some((team, points)) => (vec![team, team + 2], i64::from(points)),
                None => (Vec::new(), 0),
            };
            SheetLine {
                number: (deal[0].deal_no / 2 + 1).to_string(),
                credited,
                points,
                note: deal
                    .iter()
                    .map(|h| kind_note(lang, h))
                    .collect::<Vec<_>>()
                    .join(" · "),
            }
        })
        .collect()
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// A server's settings, as in effect (its own, or the bot's defaults).
pub fn settings(
    lang: Lang,
    preset: &str,
    t: &crate::config::Timeouts,
    s: &crate::store::GuildSettings,
    changed: bool,
) -> Msg {
    let channels = if s.channels.is_empty() {
        tr!(lang, "settings-everywhere")
    } else {
        s.channels
            .iter()
            .map(|c| format!("<#{c}>"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let language = match s.language.as_deref() {
        Some(code) => Lang::from_locale(code).code().to_string(),
        None => tr!(lang, "settings-server-language"),
    };
    let target = match s.target {
        Some(t) => t.to_string(),
        None => tr!(lang, "settings-preset-target"),
    };
    let mut lines = Vec::new();
    if changed {
        lines.push(tr!(lang, "settings-changed"));
    }
    lines.push(tr!(
        lang,
        "settings-text",
        preset = preset.to_string(),
        target = target,
        channels = channels,
        reminder = t.reminder_minutes,
        forfeit = t.forfeit_hours,
        delay = t.ai_delay_ms,
        language = language,
        cards = look_name(
            lang,
            s.cards
                .as_deref()
                .and_then(crate::games::CardLook::from_code)
                .unwrap_or_default()
        )
    ));
    Msg::text(lines.join("\n"))
}

/// A way of showing cards, in words.
pub fn look_name(lang: Lang, look: crate::games::CardLook) -> String {
    use crate::games::CardLook;
    let key = match look {
        CardLook::Pictures => "cards-look-pictures",
        CardLook::FourColour => "cards-look-four-colour",
        CardLook::Text => "cards-look-text",
    };
    tr!(lang, key)
}

/// `/gin cards`: the caller's choice.
pub fn card_look(lang: Lang, look: crate::games::CardLook, changed: bool) -> Msg {
    let key = if changed {
        "cards-changed"
    } else {
        "cards-now"
    };
    Msg::text(tr!(lang, key, look = look_name(lang, look)))
}

/// A moderator cancelled a match.
pub fn cancelled(lang: Lang, by: &str) -> Msg {
    Msg::text(tr!(lang, "cancelled", player = escape(by)))
}

/// A CSV export: the file, how many matches it holds and where the next one starts.
pub fn export(f: &crate::games::ExportFile) -> Msg {
    let lang = f.lang;
    if f.matches == 0 {
        return Msg::text(tr!(lang, "export-none"));
    }
    let mut lines = vec![tr!(lang, "export-done", matches = f.matches)];
    if let Some(before) = f.next_before {
        let mine = if f.mine { "yes" } else { "no" };
        lines.push(tr!(lang, "export-more", before = before, mine = mine));
    }
    let mut msg = Msg::text(lines.join("\n"));
    msg.files = vec![Attachment {
        name: f.name.clone(),
        bytes: f.csv.clone().into_bytes(),
        description: None,
    }];
    msg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SheetPlayer;

    fn hand(deal_no: i64, winner: Option<i64>, points: i64, kind: HandKind) -> SheetHand {
        SheetHand {
            deal_no,
            dealer_seat: 0,
            knocker_seat: winner,
            kind,
            knocker_deadwood: None,
            defender_deadwood: None,
            points,
            winner_seat: winner,
            lines: 0,
            doubled: false,
        }
    }

    /// A Partnership deal is one line scored for the teams: both tables to one team add up,
    /// one each scores the difference; the running totals end at the team totals.
    #[test]
    fn a_partnership_sheet_scores_each_deal_for_the_teams() {
        let player = |name: &str| SheetPlayer {
            display_name: name.into(),
            total: 0,
            lines: 0,
            line_bonus: 0,
            game_bonus: 0,
            final_total: 0,
            net: 0,
            won: false,
            hints: 0,
        };
        let m = SheetMatch {
            match_id: 1,
            status: MatchState::Ended(EndReason::PlayedOut),
            format: Format::parse("partnership").unwrap(),
            players: ["Ann", "Bob", "Cat", "Dan"].map(player).to_vec(),
            hands: vec![
                hand(0, Some(0), 20, HandKind::Knock),
                hand(1, Some(1), 15, HandKind::Knock),
                hand(2, Some(2), 30, HandKind::Gin),
                hand(3, None, 0, HandKind::Dead),
            ],
        };
        let lines = sheet_lines(Lang::En, &m);
        assert_eq!(lines.len(), 2, "a line per deal");
        assert_eq!(
            (lines[0].credited.clone(), lines[0].points),
            (vec![0, 2], 5)
        );
        assert_eq!(
            (lines[1].credited.clone(), lines[1].points),
            (vec![0, 2], 30)
        );
        let text = sheet(Lang::En, &m).content;
        assert!(text.contains("   35*"), "{text}");
    }
}
