//! `/rummy`: Basic Rummy (Rommé) for 2 to 6 players.

use super::super::choices::LevelChoice;
use super::super::play::practice_against_bot;
use super::super::{answer, bot_user, caller, user_ref, Context, Error};
use crate::discord::Data;
use crate::engine::rummy::HandRummy;
use crate::games::{
    ChallengeRequest, GameChoice, RulesOf, RummyOptions, UserRef, RUMMY_PRACTICE_SEATS,
    RUMMY_PRESET,
};
use poise::serenity_prelude as serenity;

/// What going out in one turn is worth, as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum HandRummyChoice {
    #[name = "double"]
    Double,
    #[name = "plus10"]
    Plus10,
    #[name = "off"]
    Off,
}

impl From<HandRummyChoice> for HandRummy {
    fn from(c: HandRummyChoice) -> HandRummy {
        match c {
            HandRummyChoice::Double => HandRummy::Double,
            HandRummyChoice::Plus10 => HandRummy::Bonus10,
            HandRummyChoice::Off => HandRummy::Off,
        }
    }
}

/// Challenge one to five players to a Rummy match.
#[allow(clippy::too_many_arguments)] // one per slash-command option
#[poise::command(slash_command, rename = "start")]
pub async fn rummy_start(
    ctx: Context<'_>,
    opponent: serenity::User,
    opponent2: Option<serenity::User>,
    opponent3: Option<serenity::User>,
    opponent4: Option<serenity::User>,
    opponent5: Option<serenity::User>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    #[min = 1]
    #[max = 50]
    rounds: Option<i64>,
    multiple_melds: Option<bool>,
    layoff_after_meld: Option<bool>,
    aces_high: Option<bool>,
    discard_to_go_out: Option<bool>,
    hand_rummy: Option<HandRummyChoice>,
    reshuffle: Option<bool>,
) -> Result<(), Error> {
    let named: Vec<UserRef> = [Some(opponent), opponent2, opponent3, opponent4, opponent5]
        .iter()
        .flatten()
        .map(user_ref)
        .collect();
    let rules = RummyOptions {
        multiple_melds,
        layoff_after_meld,
        aces_high,
        discard_to_go_out,
        hand_rummy: hand_rummy.map(HandRummy::from),
        reshuffle,
        rounds,
    }
    .rules();
    let ask = ChallengeRequest {
        named,
        partner: None,
        game: GameChoice::Rummy(rules),
        target,
    };
    let outcome = ctx
        .data()
        .games
        .challenges()
        .challenge(&caller(ctx), ask, bot_user(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Play Rummy against the bot, which fills every other seat.
#[poise::command(slash_command, rename = "practice")]
pub async fn rummy_practice(
    ctx: Context<'_>,
    #[min = 2]
    #[max = 6]
    players: Option<u8>,
    level: Option<LevelChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
) -> Result<(), Error> {
    let seats = players.unwrap_or(RUMMY_PRACTICE_SEATS);
    let rules = RummyOptions::default().rules();
    practice_against_bot(ctx, level, GameChoice::Rummy(rules), seats, target).await
}

/// The rules of Rummy (of your match here, if it is one).
#[poise::command(slash_command, rename = "rules")]
pub async fn rummy_rules(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .matches()
        .game_rules(
            &caller(ctx),
            RUMMY_PRESET,
            RulesOf::Rummy(Default::default()),
        )
        .await;
    answer(ctx, outcome).await
}

/// Basic Rummy (Rommé), for 2 to 6 players.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    check = "crate::discord::commands::served_here",
    subcommands("rummy_start", "rummy_practice", "rummy_rules"),
    subcommand_required
)]
pub async fn rummy(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// `/rummy` and its subcommands.
pub(super) fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![rummy()]
}
