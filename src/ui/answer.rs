//! Interactions in, answers out: a button's custom id becomes a call of the game service, and
//! its [`Reply`] becomes the message that answers the interaction.

use super::ids::Press;
use super::model::{Msg, Response};
use super::{ledger_view, render};
use crate::engine::Seat;
use crate::games::{Caller, Deliveries, Games, Outcome, Refusal, Reply, ReplyRole};
use crate::i18n::Lang;
use crate::tr;

/// An interaction's answer as a message, and what follows it.
#[derive(Debug)]
pub struct Answer {
    pub response: Response,
    /// Already stored; delivered after the response is out.
    pub deliveries: Deliveries,
    /// The response's message is this challenge's message or this match's table.
    pub reply_is: Option<ReplyRole>,
    /// The response is a hand message of this seat: its token may refresh it later.
    pub hand_of: Option<(i64, Seat)>,
}

impl Answer {
    /// The match the interaction acted on, if any: the one whose table it opened, whose hand
    /// it shows, or whose change it stored.
    pub fn acted_on(&self) -> Option<i64> {
        match self.reply_is {
            Some(ReplyRole::Table(match_id)) => Some(match_id),
            _ => self
                .hand_of
                .map(|(match_id, _)| match_id)
                .or_else(|| self.deliveries.rows.first().map(|r| r.key.match_id)),
        }
    }
}

/// A button press on one of the bot's private messages (a hand message), whose buttons are
/// not known; see [`press_on`].
pub async fn press(games: &Games, caller: &Caller, custom_id: &str) -> Answer {
    press_on(games, caller, custom_id, &[], true, None).await
}

/// Any button press, or choice in a select menu (`values`), of the bot's messages;
/// `private`: the message is ephemeral; `buttons`: the custom ids of the message's own
/// components, when known. No press rewrites a message into a kind it is not: a hand is only
/// ever written onto a private message (a hand button forged onto the table is answered with a
/// new private message), and a press that rewrites its message (a board's page, say) forged
/// onto a message without a button of the same home (kind, and challenge or match) is
/// refused, the message left alone: one challenge's Accept never answers another's message.
pub async fn press_on(
    games: &Games,
    caller: &Caller,
    custom_id: &str,
    values: &[String],
    private: bool,
    buttons: Option<&[String]>,
) -> Answer {
    let press = match values {
        [] => Press::decode(custom_id),
        [value] => Press::decode_choice(custom_id, value),
        _ => None,
    };
    let Some(press) = press else {
        return respond(Outcome::refusal(Refusal::UnknownButton), caller.lang);
    };
    if let (Some(home), Some(buttons)) = (press.home(), buttons) {
        let mut homes = buttons
            .iter()
            .filter_map(|id| Press::decode(id).and_then(Press::home));
        if !homes.any(|h| h == home) {
            return respond(Outcome::refusal(Refusal::UnknownButton), caller.lang);
        }
    }
    let mut outcome = match press {
        Press::Accept(id) => games.challenges().accept(caller, id).await,
        Press::Decline(id) => games.challenges().decline(caller, id).await,
        Press::Hand(id) => games.matches().hand(caller, id, false).await,
        Press::Refresh(id) => games.matches().hand(caller, id, true).await,
        Press::Rules(id) => games.matches().rules(caller, id).await,
        Press::Move { .. } => {
            let (match_id, version, mv) = press.as_move().expect("a move's press");
            games.matches().act(caller, match_id, version, mv).await
        }
        Press::Board(q) => games.ledger().leaderboard(caller, q, true).await,
        Press::Rematch(id) => games.matches().rematch(caller, id).await,
        Press::Watch(id) => games.matches().watch(caller, None, Some(id)).await,
        // On the public tournament message; answered to the presser alone (the message
        // itself follows from the organizer's next pass).
        Press::Join(id) => {
            games
                .tournaments()
                .tournament_join(caller, None, Some(id))
                .await
        }
        Press::Leave(id) => games.tournaments().tournament_leave(caller, Some(id)).await,
        Press::Sheet(id) => games.ledger().sheet(caller, id).await,
        Press::Replay {
            match_id,
            deal,
            step,
        } => {
            let private_update = private;
            games
                .ledger()
                .replay(
                    caller,
                    match_id,
                    Some(deal),
                    Some(step as usize),
                    private_update,
                )
                .await
        }
    };
    // A private message's answer never rewrites a public one (a forged button).
    if let Reply::Hand { update, .. } | Reply::Watch { update, .. } = &mut outcome.reply {
        *update &= private;
    }
    respond(outcome, caller.lang)
}

/// An outcome as the answer to a caller whose language is `lang`.
pub fn respond(outcome: Outcome, lang: Lang) -> Answer {
    Answer {
        response: response(&outcome.reply, lang),
        deliveries: outcome.deliveries,
        reply_is: outcome.reply_is,
        hand_of: outcome.hand_of,
    }
}

/// The message a reply comes to; refusals, rules and score sheets in the caller's `lang`.
pub fn response(reply: &Reply, lang: Lang) -> Response {
    let new_or_update = |msg: Msg, update: bool, public: bool| match (update, public) {
        (true, _) => Response::Update(msg),
        (false, true) => Response::Public(msg),
        (false, false) => Response::Ephemeral(msg),
    };
    match reply {
        Reply::Refused(why) => Response::Ephemeral(Msg::text(refusal_text(lang, *why))),
        Reply::Hand { scene, update } => new_or_update(render::hand_scene(scene), *update, false),
        Reply::Table { scene, update } => new_or_update(render::table_scene(scene), *update, true),
        Reply::Challenge { scene, update } => {
            new_or_update(render::challenge(scene), *update, true)
        }
        Reply::ChallengeDeclined { lang, by } => Response::Update(Msg::text(tr!(
            *lang,
            "challenge-declined",
            player = super::text::escape(by)
        ))),
        Reply::ChallengeExpired { lang } => {
            Response::Update(Msg::text(tr!(*lang, "challenge-expired")))
        }
        Reply::Rules { preset, rules } => {
            Response::Ephemeral(Msg::text(render::rules_of_text(lang, preset, rules)))
        }
        Reply::MatchEnd(scene) => Response::Public(render::match_end_scene(scene)),
        Reply::Cancelled { lang, by } => Response::Public(ledger_view::cancelled(*lang, by)),
        Reply::Leaderboard {
            lang,
            rows,
            query,
            viewer,
            update,
            season,
        } => new_or_update(
            ledger_view::leaderboard_in(*lang, rows, *query, *viewer, season.as_deref()),
            *update,
            true,
        ),
        Reply::SeasonStarted {
            lang,
            ended,
            started,
            rows,
            query,
            viewer,
        } => {
            let mut board = ledger_view::leaderboard_in(*lang, rows, *query, *viewer, Some(ended));
            board.content = format!(
                "{}\n{}",
                tr!(
                    *lang,
                    "season-started",
                    ended = super::text::escape(ended),
                    started = super::text::escape(started)
                ),
                board.content
            );
            Response::Public(board)
        }
        Reply::Stats {
            lang,
            name,
            stats,
            recent,
            look,
            everywhere,
        } => {
            let mut msg = match everywhere {
                None => ledger_view::stats(*lang, name, stats.as_ref()),
                Some(places) => ledger_view::stats_everywhere(*lang, name, stats.as_ref(), *places),
            };
            if super::pictures::deck_of(*look).is_some() {
                msg.files
                    .extend(super::pictures::stats_chart(*lang, name, recent));
            }
            match everywhere {
                None => Response::Public(msg),
                Some(_) => Response::Ephemeral(msg),
            }
        }
        Reply::CardLook {
            lang,
            look,
            changed,
        } => Response::Ephemeral(ledger_view::card_look(*lang, *look, *changed)),
        Reply::History { lang, name, rows } => {
            Response::Public(ledger_view::history(*lang, name, rows))
        }
        Reply::Sheet(sheet) => Response::Ephemeral(ledger_view::sheet(lang, sheet)),
        Reply::Export(file) => Response::Ephemeral(ledger_view::export(file)),
        Reply::Watch { scene, update } => new_or_update(render::watch(scene), *update, false),
        Reply::Settings {
            lang,
            preset,
            timeouts,
            settings,
            changed,
        } => Response::Ephemeral(ledger_view::settings(
            *lang, preset, timeouts, settings, *changed,
        )),
        Reply::Replay { scene, update } => {
            new_or_update(super::replay::replay(scene), *update, false)
        }
        Reply::Tournament { scene, update } => {
            new_or_update(render::tournament::tournament(scene), *update, true)
        }
        Reply::Standings(scene) => {
            // A fresh message: its bracket picture is never out of date (unlike one on the
            // event's message, which is edited as the event goes).
            let mut msg = render::tournament::tournament(scene);
            msg.files.extend(render::tournament::bracket_picture(scene));
            Response::Ephemeral(msg)
        }
        Reply::TournamentDone { lang, note } => {
            Response::Ephemeral(render::tournament::tournament_done(*lang, note))
        }
    }
}

/// A refusal in words.
pub fn refusal_text(lang: Lang, why: Refusal) -> String {
    match why {
        Refusal::DeclinedRecently { user, minutes } => tr!(
            lang,
            refusal_key(why),
            player = format!("<@{user}>"),
            minutes = minutes
        ),
        _ => tr!(lang, refusal_key(why)),
    }
}

fn refusal_key(why: Refusal) -> &'static str {
    match why {
        Refusal::UnknownButton => "err-unknown-button",
        Refusal::UnknownMatch => "err-unknown-match",
        Refusal::NotAPlayer => "err-not-a-player",
        Refusal::NotChallenged => "err-not-challenged",
        Refusal::ChallengeClosed => "err-challenge-closed",
        Refusal::MatchOver => "err-match-over",
        Refusal::Stale => "err-stale",
        Refusal::NoMatchHere => "err-no-match-here",
        Refusal::GuildOnly => "err-guild-only",
        Refusal::ChallengeInBotDm => "err-challenge-bot-dm",
        Refusal::SelfChallenge => "err-self-challenge",
        Refusal::BotChallenge => "err-bot-challenge",
        Refusal::SameOpponent => "err-same-opponent",
        Refusal::PlayerCount => "err-player-count",
        Refusal::YouBusy => "err-you-busy",
        Refusal::OpponentBusy => "err-opponent-busy",
        Refusal::AlreadyPlaying => "err-already-playing",
        Refusal::DeclinedRecently { .. } => "err-declined-recently",
        Refusal::TargetRange => "err-target-range",
        Refusal::RoundsRange => "err-rounds-range",
        Refusal::ModeratorsOnly => "err-moderators-only",
        Refusal::NothingToCancel => "err-nothing-to-cancel",
        Refusal::CancelWhich => "err-cancel-which",
        Refusal::ReplayInPlay => "err-replay-in-play",
        Refusal::ReplayGinOnly => "err-replay-gin-only",
        Refusal::PlayedElsewhere => "err-played-elsewhere",
        Refusal::OtherChallenge => "err-other-challenge",
        Refusal::AcceptInChat => "err-accept-in-chat",
        Refusal::MatchElsewhere => "err-match-elsewhere",
        Refusal::NoSuchHand => "err-no-such-hand",
        Refusal::RematchInPlay => "err-rematch-in-play",
        Refusal::NothingToWatch => "err-nothing-to-watch",
        Refusal::ChannelNotAllowed => "err-channel-not-allowed",
        Refusal::NoSuchSeason => "err-no-such-season",
        Refusal::SeasonName => "err-season-name",
        Refusal::NoTournamentHere => "err-no-tournament-here",
        Refusal::TournamentExists => "err-tournament-exists",
        Refusal::TournamentName => "err-tournament-name",
        Refusal::TournamentTimes => "err-tournament-times",
        Refusal::SwissRounds => "err-swiss-rounds",
        Refusal::CannotPostHere => "err-cannot-post-here",
        Refusal::SignUpClosed => "err-signup-closed",
        Refusal::PartnerNeeded => "err-partner-needed",
        Refusal::PartnerNotWanted => "err-partner-not-wanted",
        Refusal::AlreadyEntered => "err-already-entered",
        Refusal::NotEntered => "err-not-entered",
        Refusal::TournamentFull => "err-tournament-full",
        Refusal::TournamentRunning => "err-tournament-running",
        Refusal::TooFewEntrants => "err-too-few-entrants",
        Refusal::TournamentNotRunning => "err-tournament-not-running",
        Refusal::NotAnEntrant => "err-not-an-entrant",
        Refusal::AlreadyOut => "err-already-out",
        Refusal::TournamentMatch => "err-tournament-match",
        Refusal::NoSuchTournament => "err-no-such-tournament",
        Refusal::ServersOnlyBoard => "err-servers-only-board",
        Refusal::OwnFiguresOnly => "err-own-figures-only",
        Refusal::SettingRange(bound) => match bound {
            crate::games::SettingBound::Target => "err-setting-target",
            crate::games::SettingBound::Reminder => "err-setting-reminder",
            crate::games::SettingBound::Forfeit => "err-setting-forfeit",
            crate::games::SettingBound::AiDelay => "err-setting-ai-delay",
            crate::games::SettingBound::Channels => "err-setting-channels",
        },
        Refusal::Internal => "err-internal",
    }
}
