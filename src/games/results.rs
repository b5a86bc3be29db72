//! What a finished match leaves in the ledger: each player's figures and the rating update.

use crate::engine::hand::HandEnd;
use crate::engine::{Match, Seat, Settlement, ShowdownKind};
use crate::store::{PlayerResult, RatingRow};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Every seat's figures at the end of `game`.
pub fn player_results(game: &Match, s: &Settlement) -> Vec<PlayerResult> {
    (0..s.totals.len())
        .map(|i| {
            let seat = i as Seat;
            let mut r = PlayerResult {
                seat,
                total: s.totals[i],
                lines: s.lines[i],
                line_bonus: s.line_bonus[i],
                game_bonus: s.game_bonus[i],
                final_total: s.finals[i],
                net: s.net[i],
                won: s.winner == seat,
                hands_won: 0,
                gins: 0,
                knocks: 0,
                undercuts_given: 0,
                undercuts_suffered: 0,
                knock_deadwood: 0,
            };
            for rec in &game.history {
                let HandEnd::Knocked {
                    knocker,
                    showdown,
                    score,
                    ..
                } = &rec.end
                else {
                    continue;
                };
                if !rec.players.contains(&seat) {
                    continue;
                }
                let won = rec.end.winner(rec.players).is_some_and(|(w, _)| w == seat);
                r.hands_won += won as u32;
                if *knocker == seat {
                    match showdown.kind {
                        ShowdownKind::Gin => r.gins += 1,
                        ShowdownKind::Knock => r.knocks += 1,
                        ShowdownKind::Undercut => {
                            r.knocks += 1;
                            r.undercuts_suffered += 1;
                        }
                    }
                    r.knock_deadwood += showdown.knocker_deadwood;
                } else if !score.knocker_won {
                    r.undercuts_given += 1;
                }
            }
            r
        })
        .collect()
}

/// How a finished match moves ratings: matches between people only (matches against the AI
/// count for history and stats, not for ratings).
pub fn rating_policy(live: &super::Live) -> Option<crate::store::RateFn> {
    (!live.ai.iter().any(|&a| a)).then_some(rate as crate::store::RateFn)
}

/// Glicko-2 over one rating period: every pair of players meets once. The match winner beats
/// each loser; two losers of a three-player match compare final totals.
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
                    let outcome = if a.won || (!b.won && a.final_total > b.final_total) {
                        Outcomes::WIN
                    } else if b.won || b.final_total > a.final_total {
                        Outcomes::LOSS
                    } else {
                        Outcomes::DRAW
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
