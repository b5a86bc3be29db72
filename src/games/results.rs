//! What a finished match leaves in the ledger: each player's figures and the rating update.

use super::game::Game;
use crate::engine::hand::HandEnd;
use crate::engine::partnership::PartnershipMatch;
use crate::engine::rummy::{RummyEnd, RummyMatch, RummyRecord};
use crate::engine::team::{left_of, team_of};
use crate::engine::{
    HandRecord, Match, Seat, Settlement, ShowdownKind, TeamHandEnd, TeamHandRecord, TeamMatch,
};
use crate::store::{HandKind, HandRow, HollywoodRow, PlayerResult, RatingRow};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Every seat's figures at the end of a settled match; `None` if it has no settlement.
pub fn player_results(game: &Game) -> Option<Vec<PlayerResult>> {
    Some(match game {
        Game::Gin(m) => gin_results(m, m.settlement()?),
        Game::Rummy(m) => rummy_results(m),
        Game::Partnership(m) => partnership_results(m, m.settlement()?),
        Game::Team(m) => team_results(m, m.settlement()?),
    })
}

/// A Hollywood match's closed games, per player (none for any other match).
pub fn hollywood_rows(game: &Game) -> Vec<HollywoodRow> {
    let Some(sheet) = game.as_gin().and_then(|m| m.hollywood.as_ref()) else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for (i, g) in sheet.games.iter().enumerate() {
        let Some(c) = &g.closed else { continue };
        for seat in 0..c.finals.len() {
            rows.push(HollywoodRow {
                game: i as u8,
                seat: seat as Seat,
                total: c.totals[seat],
                lines: c.lines[seat],
                final_total: c.finals[seat],
                net: c.net[seat],
                won: usize::from(c.winner) == seat,
            });
        }
    }
    rows
}

/// The numbers of the deals finished after the first `before`.
pub fn finished_deals(game: &Game, before: usize) -> Vec<u32> {
    match game {
        Game::Gin(m) => m.history[before..].iter().map(|r| r.deal_no).collect(),
        Game::Rummy(m) => m.history[before..].iter().map(|r| r.deal_no).collect(),
        Game::Partnership(m) => m.history[before..].iter().map(|r| r.deal_no).collect(),
        Game::Team(m) => m.history[before..].iter().map(|r| r.deal_no).collect(),
    }
}

/// The ledger rows of the deals finished after the first `before`.
pub fn hand_rows(game: &Game, before: usize) -> Vec<HandRow> {
    match game {
        Game::Gin(m) => m.history[before..].iter().map(gin_hand_row).collect(),
        Game::Rummy(m) => {
            let doubles = m.rules.hand_rummy == crate::engine::rummy::HandRummy::Double;
            m.history[before..]
                .iter()
                .map(|r| rummy_hand_row(r, doubles))
                .collect()
        }
        Game::Partnership(m) => m.history[before..]
            .iter()
            .flat_map(|d| {
                d.tables.iter().enumerate().map(|(t, table)| {
                    // One row per table: hand n's tables are rows 2n and 2n + 1.
                    let mut row = gin_hand_row(&HandRecord {
                        deal_no: d.deal_no,
                        dealer: table.dealer,
                        players: table.players,
                        seed: table.seed,
                        end: table.end.clone(),
                        totals: d.totals.clone(),
                    });
                    row.deal_no = partnership_row_no(d.deal_no, t);
                    row
                })
            })
            .collect(),
        Game::Team(m) => m.history[before..].iter().map(team_hand_row).collect(),
    }
}

/// The ledger's hand number of table `table` of Partnership deal `deal_no`.
fn partnership_row_no(deal_no: u32, table: usize) -> u32 {
    deal_no * 2 + table as u32
}

/// The ledger row of a Team Gin hand: the knocker, K and D, and as the winner the knocker
/// or (an undercut) the defender on its left.
fn team_hand_row(rec: &TeamHandRecord) -> HandRow {
    let first = left_of(rec.dealer);
    let mut row = HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: first,
        second_seat: left_of(first),
        knocker_seat: None,
        kind: HandKind::Dead,
        knocker_deadwood: None,
        defender_deadwood: None,
        points: 0,
        winner_seat: None,
        lines: 0,
        doubled: false,
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    };
    if let TeamHandEnd::Knocked {
        knocker,
        showdown,
        score,
        ..
    } = &rec.end
    {
        row.knocker_seat = Some(*knocker);
        row.kind = kind_of(showdown.kind);
        row.knocker_deadwood = Some(showdown.knocking_deadwood);
        row.defender_deadwood = Some(showdown.defending_deadwood);
        row.points = score.points;
        row.winner_seat = Some(if score.knocking_team_won {
            *knocker
        } else {
            left_of(*knocker)
        });
    }
    row
}

fn kind_of(kind: ShowdownKind) -> HandKind {
    match kind {
        ShowdownKind::Gin => HandKind::Gin,
        ShowdownKind::Knock => HandKind::Knock,
        ShowdownKind::Undercut => HandKind::Undercut,
    }
}

/// Each player's figures in a team match: the team's totals, bonuses, net and result
/// (RULES.md section 11: "each player's ledger result is the team's"); the hands, gins and
/// knocks are the player's own.
fn team_figures(s: &Settlement, seat: Seat) -> PlayerResult {
    settled_figures(s, team_of(seat), seat)
}

/// `seat`'s figures from side `side` of a settlement (its own, or its team's); the hand
/// counts start at zero.
fn settled_figures(s: &Settlement, side: usize, seat: Seat) -> PlayerResult {
    PlayerResult {
        seat,
        total: s.totals[side],
        lines: s.lines[side],
        line_bonus: s.line_bonus[side],
        game_bonus: s.game_bonus[side],
        final_total: s.finals[side],
        net: s.net[side],
        won: usize::from(s.winner) == side,
        hands_won: 0,
        gins: 0,
        knocks: 0,
        undercuts_given: 0,
        undercuts_suffered: 0,
        knock_deadwood: 0,
    }
}

fn partnership_results(m: &PartnershipMatch, s: &Settlement) -> Vec<PlayerResult> {
    (0..4)
        .map(|seat| {
            let mut r = team_figures(s, seat);
            for d in &m.history {
                for t in &d.tables {
                    if t.players.contains(&seat) {
                        count_gin_hand(&mut r, seat, t.players, &t.end);
                    }
                }
            }
            r
        })
        .collect()
}

fn team_results(m: &TeamMatch, s: &Settlement) -> Vec<PlayerResult> {
    (0..4)
        .map(|seat| {
            let mut r = team_figures(s, seat);
            for rec in &m.history {
                if rec.end.winner().is_some_and(|(t, _)| t == team_of(seat)) {
                    r.hands_won += 1;
                }
                let TeamHandEnd::Knocked {
                    knocker,
                    showdown,
                    score,
                    ..
                } = &rec.end
                else {
                    continue;
                };
                if *knocker == seat {
                    count_own_knock(&mut r, showdown.kind, showdown.knocking[0].deadwood);
                } else if team_of(*knocker) != team_of(seat) && !score.knocking_team_won {
                    r.undercuts_given += 1;
                }
            }
            r
        })
        .collect()
}

/// A Rummy match's figures: the points each scored, the net of the pairwise settlement, who
/// won (equal best totals share the win) and the hands each took.
fn rummy_results(m: &RummyMatch) -> Vec<PlayerResult> {
    let Some(s) = m.settlement() else {
        return Vec::new();
    };
    (0..m.players)
        .map(|seat| {
            let i = usize::from(seat);
            let hands_won = m
                .history
                .iter()
                .filter(|r| matches!(r.end, RummyEnd::Out { winner, .. } if winner == seat))
                .count() as u32;
            PlayerResult {
                seat,
                total: s.totals[i],
                lines: 0,
                line_bonus: 0,
                game_bonus: 0,
                final_total: s.totals[i],
                net: s.net[i],
                won: s.winners.contains(&seat),
                hands_won,
                gins: 0,
                knocks: 0,
                undercuts_given: 0,
                undercuts_suffered: 0,
                knock_deadwood: 0,
            }
        })
        .collect()
}

/// The ledger row of a finished Rummy hand: who went out, for how many points (`doubles`:
/// hand rummy doubles the hand under these rules).
fn rummy_hand_row(rec: &RummyRecord, doubles: bool) -> HandRow {
    let (kind, points, winner) = match &rec.end {
        RummyEnd::Out {
            winner,
            points,
            hand_rummy,
            ..
        } => (
            if *hand_rummy {
                HandKind::HandRummy
            } else {
                HandKind::Out
            },
            *points,
            Some(*winner),
        ),
        RummyEnd::StockExhausted => (HandKind::Dead, 0, None),
    };
    HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: rec.dealer,
        second_seat: rec.dealer,
        knocker_seat: winner,
        kind,
        knocker_deadwood: None,
        defender_deadwood: None,
        points,
        winner_seat: winner,
        lines: 0,
        doubled: doubles
            && matches!(
                rec.end,
                RummyEnd::Out {
                    hand_rummy: true,
                    ..
                }
            ),
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    }
}

/// The ledger row of a finished Gin deal.
fn gin_hand_row(rec: &HandRecord) -> HandRow {
    use crate::engine::hand::opponent_of;
    let (knocker_seat, kind, kd, dd, points, winner, lines, doubled) = match &rec.end {
        HandEnd::Dead => (None, HandKind::Dead, None, None, 0, None, 0, false),
        HandEnd::Knocked {
            knocker,
            showdown,
            score,
            ..
        } => {
            let defender = opponent_of(rec.players, *knocker);
            (
                Some(*knocker),
                kind_of(showdown.kind),
                Some(showdown.knocker_deadwood),
                Some(showdown.defender_deadwood),
                score.points,
                Some(if score.knocker_won {
                    *knocker
                } else {
                    defender
                }),
                score.lines,
                score.doubled,
            )
        }
    };
    HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: rec.players[0],
        second_seat: rec.players[1],
        knocker_seat,
        kind,
        knocker_deadwood: kd,
        defender_deadwood: dd,
        points,
        winner_seat: winner,
        lines,
        doubled,
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    }
}

/// Every seat's figures at the end of a Gin match.
fn gin_results(game: &Match, s: &Settlement) -> Vec<PlayerResult> {
    (0..s.totals.len())
        .map(|i| {
            let seat = i as Seat;
            let mut r = settled_figures(s, i, seat);
            for rec in &game.history {
                if rec.players.contains(&seat) {
                    count_gin_hand(&mut r, seat, rec.players, &rec.end);
                }
            }
            r
        })
        .collect()
}

/// Adds a knock of the player's own (a gin, a knock, or a knock undercut) to its figures.
fn count_own_knock(r: &mut PlayerResult, kind: ShowdownKind, deadwood: u32) {
    match kind {
        ShowdownKind::Gin => r.gins += 1,
        ShowdownKind::Knock => r.knocks += 1,
        ShowdownKind::Undercut => {
            r.knocks += 1;
            r.undercuts_suffered += 1;
        }
    }
    r.knock_deadwood += deadwood;
}

/// Adds a two-player hand `seat` played to its figures.
fn count_gin_hand(r: &mut PlayerResult, seat: Seat, players: [Seat; 2], end: &HandEnd) {
    let HandEnd::Knocked {
        knocker,
        showdown,
        score,
        ..
    } = end
    else {
        return;
    };
    let won = end.winner(players).is_some_and(|(w, _)| w == seat);
    r.hands_won += won as u32;
    if *knocker == seat {
        count_own_knock(r, showdown.kind, showdown.knocker_deadwood);
    } else if !score.knocker_won {
        r.undercuts_given += 1;
    }
}

/// How a finished match moves ratings: matches between people only (matches against the AI
/// count for history and stats, not for ratings).
pub fn rating_policy(live: &super::Live) -> Option<crate::store::RateFn> {
    let rule = if live.game.is_teams() {
        rate_team_results as crate::store::RateFn
    } else {
        rate as crate::store::RateFn
    };
    (!live.ai.iter().any(|&a| a)).then_some(rule)
}

/// [`rate_teams`] for a finished four-player match, the winning team read from the results.
pub fn rate_team_results(current: &[RatingRow], results: &[PlayerResult]) -> Vec<RatingRow> {
    let winning = results
        .iter()
        .find(|r| r.won)
        .map_or(0, |r| team_of(r.seat));
    rate_teams(current, winning)
}

/// Glicko-2 over one rating period: every pair of players meets once (Gin's three players,
/// Rummy's two to six alike). A match winner beats each loser; two losers, or two tied
/// winners, compare final totals.
pub fn rate(current: &[RatingRow], results: &[PlayerResult]) -> Vec<RatingRow> {
    let config = Glicko2Config::new();
    let glicko = |r: &RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    (0..current.len())
        .map(|i| {
            let games: Vec<(Glicko2Rating, Outcomes)> = (0..current.len())
                .filter(|&j| j != i)
                .map(|j| {
                    let (a, b) = (&results[i], &results[j]);
                    // The winner beats the others; players on the same side of that line
                    // (two losers, or Rummy's tied winners) compare final totals.
                    let outcome = match (a.won, b.won) {
                        (true, false) => Outcomes::WIN,
                        (false, true) => Outcomes::LOSS,
                        _ => match a.final_total.cmp(&b.final_total) {
                            std::cmp::Ordering::Greater => Outcomes::WIN,
                            std::cmp::Ordering::Less => Outcomes::LOSS,
                            std::cmp::Ordering::Equal => Outcomes::DRAW,
                        },
                    };
                    (glicko(&current[j]), outcome)
                })
                .collect();
            let new = glicko2_rating_period(&glicko(&current[i]), &games, &config);
            RatingRow {
                user_id: current[i].user_id,
                rating: new.rating,
                deviation: new.deviation,
                volatility: new.volatility,
                matches: current[i].matches + 1,
            }
        })
        .collect()
}

/// Glicko-2 for the four-player modes (RULES.md section 11), seats 0 and 2 against 1 and 3:
/// each player meets the other team as one composite opponent (the mean of its two ratings
/// and volatilities, the root mean square of its deviations) and takes the team's result. A
/// partner's rating does not move a player's; both partners move by the same rule.
pub fn rate_teams(current: &[RatingRow], winning_team: usize) -> Vec<RatingRow> {
    let config = Glicko2Config::new();
    let composite = |team: usize| {
        let members: Vec<&RatingRow> = current.iter().skip(team).step_by(2).collect();
        let n = members.len() as f64;
        Glicko2Rating {
            rating: members.iter().map(|r| r.rating).sum::<f64>() / n,
            deviation: (members.iter().map(|r| r.deviation.powi(2)).sum::<f64>() / n).sqrt(),
            volatility: members.iter().map(|r| r.volatility).sum::<f64>() / n,
        }
    };
    current
        .iter()
        .enumerate()
        .map(|(seat, r)| {
            let team = seat % 2;
            let outcome = if team == winning_team {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            let own = Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            };
            let new = glicko2_rating_period(&own, &[(composite(1 - team), outcome)], &config);
            RatingRow {
                user_id: r.user_id,
                rating: new.rating,
                deviation: new.deviation,
                volatility: new.volatility,
                matches: r.matches + 1,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(user_id: u64) -> RatingRow {
        RatingRow {
            user_id,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            matches: 0,
        }
    }

    fn result(seat: Seat, won: bool, final_total: u32) -> PlayerResult {
        PlayerResult {
            seat,
            total: 0,
            lines: 0,
            line_bonus: 0,
            game_bonus: 0,
            final_total,
            net: 0,
            won,
            hands_won: 0,
            gins: 0,
            knocks: 0,
            undercuts_given: 0,
            undercuts_suffered: 0,
            knock_deadwood: 0,
        }
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses_from_equal_ratings() {
        let new = rate(
            &[row(1), row(2)],
            &[result(0, true, 200), result(1, false, 40)],
        );
        assert!(new[0].rating > 1500.0 && new[1].rating < 1500.0);
        assert!((new[0].rating - 1500.0 + new[1].rating - 1500.0).abs() < 1e-6);
        assert_eq!((new[0].matches, new[1].matches), (1, 1));
    }

    #[test]
    fn three_players_the_winner_rises_most_the_last_falls_most() {
        let new = rate(
            &[row(1), row(2), row(3)],
            &[
                result(0, false, 90),
                result(1, true, 300),
                result(2, false, 20),
            ],
        );
        assert!(new[1].rating > new[0].rating && new[0].rating > new[2].rating);
    }

    #[test]
    fn rummy_winners_who_tie_draw_with_each_other_and_beat_the_rest() {
        let new = rate(
            &[row(1), row(2), row(3), row(4)],
            &[
                result(0, true, 120),
                result(1, false, 30),
                result(2, true, 120),
                result(3, false, 0),
            ],
        );
        assert!(
            (new[0].rating - new[2].rating).abs() < 1e-9,
            "a tie is a draw"
        );
        assert!(new[0].rating > 1500.0 && new[1].rating > new[3].rating);
        assert!(new[3].rating < 1500.0);
    }

    /// A Rummy match's figures are its settlement's: points, net, every tied winner.
    #[test]
    fn a_rummy_match_leaves_its_totals_net_and_winners() {
        use crate::engine::rummy::RummyEvent;
        let mut m = RummyMatch::new(Default::default(), 3, [4; 32]).unwrap();
        m.totals = vec![40, 10, 40];
        m.apply_event(RummyEvent::Resign { seat: 1 }).unwrap();
        let s = m.settlement().unwrap();
        assert_eq!(
            s.net,
            vec![40, -80, 40],
            "who resigns pays everyone's total"
        );
        let results = player_results(&Game::Rummy(m.clone())).unwrap();
        let s = m.settlement().unwrap();
        assert_eq!(results.len(), 3);
        for r in &results {
            let i = usize::from(r.seat);
            assert_eq!((r.final_total, r.net), (s.totals[i], s.net[i]));
        }
        let won: Vec<bool> = results.iter().map(|r| r.won).collect();
        assert_eq!(won, vec![true, false, true]);
    }

    /// A Hollywood match's ledger rows add up to its settlement, also when a resignation
    /// closes the open games.
    #[test]
    fn hollywood_rows_sum_to_the_settlement_after_a_resignation() {
        use crate::engine::{MatchEvent, Preset};
        let mut rules = Preset::Classic.rules();
        rules.hollywood = true;
        let mut m = Match::new(rules, 2, [5; 32]).unwrap();
        m.apply_event(MatchEvent::Resign { seat: 0 }).unwrap();
        let rows = hollywood_rows(&Game::Gin(m.clone()));
        assert_eq!(rows.len(), 6, "three games, two players");
        let s = m.settlement().unwrap();
        for seat in 0..2u8 {
            let mine = rows.iter().filter(|r| r.seat == seat);
            let net: i64 = mine.clone().map(|r| r.net).sum();
            let finals: u32 = mine.map(|r| r.final_total).sum();
            assert_eq!(
                (net, finals),
                (s.net[seat as usize], s.finals[seat as usize])
            );
        }
    }

    #[test]
    fn team_ratings_move_both_partners_by_the_teams_result() {
        let new = rate_teams(&[row(1), row(2), row(3), row(4)], 1);
        assert!(new[1].rating > 1500.0 && new[3].rating > 1500.0);
        assert!(new[0].rating < 1500.0 && new[2].rating < 1500.0);
        assert!((new[1].rating - new[3].rating).abs() < 1e-9);
        assert!(new.iter().all(|r| r.matches == 1));
    }

    #[test]
    fn beating_a_stronger_team_gains_more() {
        let strong = |id| RatingRow {
            rating: 1800.0,
            ..row(id)
        };
        let upset = rate_teams(&[row(1), strong(2), row(3), strong(4)], 0);
        let expected = rate_teams(&[row(1), row(2), row(3), row(4)], 0);
        assert!(upset[0].rating > expected[0].rating);
    }
}
