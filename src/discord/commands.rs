//! The `/gin` slash commands. Their descriptions and German names come from the message
//! catalogue ([`localize`]), so every text lives in `locales/`.

use super::{adapter, display_name, Context, Data, Error};
use crate::engine::ai::Level;
use crate::engine::rummy::{HandRummy, RummyRules};
use crate::engine::Preset;
use crate::games::CardLook;
use crate::games::{Caller, GameChoice, GinChoice, Outcome, TeamMode, UserRef};
use crate::i18n::{self, Lang};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;

/// Rule presets as a choice (registered as integers 0..4 by poise).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PresetChoice {
    #[name = "classic"]
    Classic,
    #[name = "hoyle"]
    Hoyle,
    #[name = "flipside"]
    Flipside,
    #[name = "oklahoma"]
    Oklahoma,
}

impl From<PresetChoice> for Preset {
    fn from(p: PresetChoice) -> Preset {
        match p {
            PresetChoice::Classic => Preset::Classic,
            PresetChoice::Hoyle => Preset::Hoyle,
            PresetChoice::Flipside => Preset::Flipside,
            PresetChoice::Oklahoma => Preset::Oklahoma,
        }
    }
}

/// The four-player games as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ModeChoice {
    #[name = "partnership"]
    Partnership,
    #[name = "team"]
    Team,
}

impl From<ModeChoice> for TeamMode {
    fn from(m: ModeChoice) -> TeamMode {
        match m {
            ModeChoice::Partnership => TeamMode::Partnership,
            ModeChoice::Team => TeamMode::Team,
        }
    }
}

/// The AI's levels as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "simple"]
    Simple,
    #[name = "medium"]
    Medium,
    #[name = "hard"]
    Hard,
}

impl From<LevelChoice> for Level {
    fn from(l: LevelChoice) -> Level {
        match l {
            LevelChoice::Simple => Level::Simple,
            LevelChoice::Medium => Level::Medium,
            LevelChoice::Hard => Level::Hard,
        }
    }
}

/// The bot's own user (the AI's seat).
fn bot_user(ctx: Context<'_>) -> (u64, String) {
    let me = ctx.serenity_context().cache.current_user();
    (
        me.id.get(),
        me.global_name.clone().unwrap_or_else(|| me.name.clone()),
    )
}

fn caller(ctx: Context<'_>) -> Caller {
    let (guild_lang, member) = match ctx {
        poise::Context::Application(a) => (
            a.interaction
                .guild_locale
                .as_deref()
                .map(Lang::from_locale)
                .unwrap_or_default(),
            a.interaction.member.as_deref().cloned(),
        ),
        poise::Context::Prefix(_) => (Lang::En, None),
    };
    Caller {
        guild_id: ctx.guild_id().map(|g| g.get()),
        channel_id: ctx.channel_id().get(),
        user_id: ctx.author().id.get(),
        name: display_name(ctx.author(), member.as_ref()),
        lang: ctx.locale().map(Lang::from_locale).unwrap_or_default(),
        guild_lang,
        message_id: None,
    }
}

/// Sends an outcome as the command's reply, then carries out what follows it.
async fn answer(ctx: Context<'_>, outcome: Outcome) -> Result<(), Error> {
    let lang = ctx.locale().map(Lang::from_locale).unwrap_or_default();
    // The stats chart is CPU work: drawn on the painter's thread.
    let answer = ctx.data().deliverer.respond(outcome, lang).await;
    let shown = ctx
        .data()
        .deliverer
        .faces()
        .dress_response(&answer.response);
    let sent = ctx.send(adapter::reply(&shown)).await;
    let message = match (&sent, answer.reply_is) {
        (Ok(handle), Some(_)) => handle.message().await.ok().map(|m| m.id.get()),
        _ => None,
    };
    let token = match ctx {
        poise::Context::Application(a) => a.interaction.token.clone(),
        poise::Context::Prefix(_) => String::new(),
    };
    let data = ctx.data();
    super::after_answer(&data.games, &data.deliverer, answer, &token, lang, message).await;
    sent.map(|_| ())?;
    Ok(())
}

fn user_ref(u: &serenity::User) -> UserRef {
    UserRef {
        id: u.id.get(),
        name: u.global_name.clone().unwrap_or_else(|| u.name.clone()),
        bot: u.bot,
    }
}

/// Gin Rummy.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "start",
        "practice",
        "hand",
        "resign",
        "rules",
        "leaderboard",
        "stats",
        "history",
        "replay",
        "export",
        "watch",
        "settings",
        "cards"
    ),
    subcommand_required
)]
pub async fn gin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

// A top-level command of its own: Discord hides a command from members without its
// `default_member_permissions` only at the top level (poise drops the setting on
// subcommands). Servers may lift that, so every subcommand checks at run time too.
/// Moderators' commands (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    subcommands("mod_settings", "mod_season", "mod_cancel", "mod_export"),
    subcommand_required
)]
pub async fn ginmod(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge one to three players to a match.
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn start(
    ctx: Context<'_>,
    opponent: serenity::User,
    opponent2: Option<serenity::User>,
    opponent3: Option<serenity::User>,
    mode: Option<ModeChoice>,
    partner: Option<serenity::User>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    straight: Option<bool>,
    hollywood: Option<bool>,
) -> Result<(), Error> {
    let games = &ctx.data().games;
    let choice = GameChoice::Gin(GinChoice {
        preset: preset.map(Preset::from),
        straight: straight.unwrap_or(false),
        hollywood: hollywood.unwrap_or(false),
        teams: mode.map(TeamMode::from),
    });
    let bot = bot_user(ctx);
    // Challenging the bot itself starts a practice match at the medium level.
    let alone = opponent2.is_none() && opponent3.is_none() && partner.is_none();
    if opponent.id.get() == bot.0 && alone && mode.is_none() {
        let outcome = games
            .practice(&caller(ctx), Level::Medium, choice, 2, target, bot)
            .await;
        return answer(ctx, outcome).await;
    }
    let named: Vec<UserRef> = [Some(&opponent), opponent2.as_ref(), opponent3.as_ref()]
        .into_iter()
        .flatten()
        .map(user_ref)
        .collect();
    if partner.is_some() && mode.is_none() {
        // A partner only plays in a four-player mode.
        let refusal = Outcome::refusal(crate::games::Refusal::PlayerCount);
        return answer(ctx, refusal).await;
    }
    let opponents = seat_order(named, partner.as_ref().map(user_ref));
    let outcome = games.start(&caller(ctx), &opponents, choice, target).await;
    answer(ctx, outcome).await
}

/// The challenged players in seat order after the challenger. With a `partner`, the partner
/// sits opposite the challenger (seat 2) and the others at 1 and 3; without, the order given
/// (in a four-player match the second one named is the partner).
fn seat_order(named: Vec<UserRef>, partner: Option<UserRef>) -> Vec<UserRef> {
    match partner {
        None => named,
        Some(p) => {
            let mut seats = named;
            seats.insert(seats.len().min(1), p);
            seats
        }
    }
}

/// Play a match against the bot.
#[poise::command(slash_command, guild_only)]
pub async fn practice(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    straight: Option<bool>,
    hollywood: Option<bool>,
    mode: Option<ModeChoice>,
) -> Result<(), Error> {
    let game = GameChoice::Gin(GinChoice {
        preset: preset.map(Preset::from),
        straight: straight.unwrap_or(false),
        hollywood: hollywood.unwrap_or(false),
        teams: mode.map(TeamMode::from),
    });
    let seats = if mode.is_some() { 4 } else { 2 };
    practice_against_bot(ctx, level, game, seats, target).await
}

/// A practice match of `game` with `seats` players, all but the caller the bot's AI.
async fn practice_against_bot(
    ctx: Context<'_>,
    level: Option<LevelChoice>,
    game: GameChoice,
    seats: u8,
    target: Option<i64>,
) -> Result<(), Error> {
    let level = level.map(Level::from).unwrap_or(Level::Medium);
    let outcome = ctx
        .data()
        .games
        .practice(&caller(ctx), level, game, seats, target, bot_user(ctx))
        .await;
    answer(ctx, outcome).await
}

/// Show your hand in your match here.
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx.data().games.my_hand(&caller(ctx)).await;
    answer(ctx, outcome).await
}

/// Give up your match here.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx.data().games.resign(&caller(ctx)).await;
    answer(ctx, outcome).await
}

/// The public language a server chooses.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "server"]
    Server,
    #[name = "english"]
    English,
    #[name = "deutsch"]
    Deutsch,
}

/// Pictures or text, for a server's public messages or a player's own hands.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LookChoice {
    #[name = "pictures"]
    Pictures,
    #[name = "four-colour"]
    FourColour,
    #[name = "text"]
    Text,
}

impl From<LookChoice> for CardLook {
    fn from(c: LookChoice) -> CardLook {
        match c {
            LookChoice::Pictures => CardLook::Pictures,
            LookChoice::FourColour => CardLook::FourColour,
            LookChoice::Text => CardLook::Text,
        }
    }
}

/// How your own hand messages show cards, in every server (no option: shows it).
#[poise::command(slash_command)]
pub async fn cards(ctx: Context<'_>, look: Option<LookChoice>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .set_card_look(&caller(ctx), look.map(CardLook::from))
        .await;
    answer(ctx, outcome).await
}

/// The server's settings, shown to anyone (`/ginmod settings` changes them).
#[poise::command(slash_command, guild_only)]
pub async fn settings(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .settings(&caller(ctx), false, Default::default())
        .await;
    answer(ctx, outcome).await
}

/// Moderators: change the server's settings.
#[poise::command(slash_command, guild_only, rename = "settings")]
#[allow(clippy::too_many_arguments)]
pub async fn mod_settings(
    ctx: Context<'_>,
    preset: Option<PresetChoice>,
    #[min = 10]
    #[max = 500]
    target: Option<i64>,
    channels: Option<String>,
    #[min = 1]
    #[max = 1440]
    reminder_minutes: Option<i64>,
    #[min = 1]
    #[max = 168]
    forfeit_hours: Option<i64>,
    #[min = 0]
    #[max = 10000]
    ai_delay_ms: Option<i64>,
    language: Option<LanguageChoice>,
    cards: Option<LookChoice>,
    reset: Option<bool>,
) -> Result<(), Error> {
    use crate::games::{LanguageSetting, SettingsChange};
    let change = SettingsChange {
        preset: preset.map(Preset::from),
        target,
        channels,
        reminder_minutes,
        forfeit_hours,
        ai_delay_ms,
        language: language.map(|l| match l {
            LanguageChoice::Server => LanguageSetting::Server,
            LanguageChoice::English => LanguageSetting::Fixed(Lang::En),
            LanguageChoice::Deutsch => LanguageSetting::Fixed(Lang::De),
        }),
        cards: cards.map(CardLook::from),
        reset: reset.unwrap_or(false),
    };
    let is_moderator = is_moderator(ctx);
    let outcome = ctx
        .data()
        .games
        .settings(&caller(ctx), is_moderator, change)
        .await;
    answer(ctx, outcome).await
}

/// Moderators: end the running season (its closing board is posted) and start the next.
#[poise::command(slash_command, guild_only, rename = "season")]
pub async fn mod_season(ctx: Context<'_>, name: Option<String>) -> Result<(), Error> {
    let is_moderator = is_moderator(ctx);
    let outcome = ctx
        .data()
        .games
        .new_season(&caller(ctx), is_moderator, name)
        .await;
    answer(ctx, outcome).await
}

/// Show the table of a match in this channel, only to you.
#[poise::command(slash_command, guild_only)]
pub async fn watch(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let player = player.map(|u| u.id.get());
    let outcome = ctx.data().games.watch(&caller(ctx), player, None).await;
    answer(ctx, outcome).await
}

/// Show the rules of your match here.
#[poise::command(slash_command, guild_only)]
pub async fn rules(ctx: Context<'_>, mode: Option<ModeChoice>) -> Result<(), Error> {
    let outcome = ctx
        .data()
        .games
        .rules_command(&caller(ctx), mode.map(TeamMode::from))
        .await;
    answer(ctx, outcome).await
}

/// Basic Rummy (Rommé), for 2 to 6 players.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("rummy_start", "rummy_practice", "rummy_rules"),
    subcommand_required
)]
pub async fn rummy(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

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

/// Rummy's options (RULES.md section 12) as a command gives them; unset ones keep the default.
#[derive(Default)]
struct RummyOptions {
    multiple_melds: Option<bool>,
    layoff_after_meld: Option<bool>,
    aces_high: Option<bool>,
    discard_to_go_out: Option<bool>,
    hand_rummy: Option<HandRummyChoice>,
    reshuffle: Option<bool>,
    rounds: Option<i64>,
}

impl RummyOptions {
    fn rules(self) -> RummyRules {
        let d = RummyRules::default();
        RummyRules {
            multiple_melds: self.multiple_melds.unwrap_or(d.multiple_melds),
            layoff_after_first_meld: self.layoff_after_meld.unwrap_or(d.layoff_after_first_meld),
            aces_high_low: self.aces_high.unwrap_or(d.aces_high_low),
            discard_to_go_out: self.discard_to_go_out.unwrap_or(d.discard_to_go_out),
            hand_rummy: match self.hand_rummy {
                None => d.hand_rummy,
                Some(HandRummyChoice::Double) => HandRummy::Double,
                Some(HandRummyChoice::Plus10) => HandRummy::Bonus10,
                Some(HandRummyChoice::Off) => HandRummy::Off,
            },
            reshuffle_stock: self.reshuffle.unwrap_or(d.reshuffle_stock),
            // Out of range (0 for what no u32 holds) is refused with its bound by `games`.
            rounds: self.rounds.map(|r| u32::try_from(r).unwrap_or(0)),
            ..d
        }
    }
}

/// Challenge one to five players to a Rummy match.
#[allow(clippy::too_many_arguments)] // one per slash-command option
#[poise::command(slash_command, guild_only, rename = "start")]
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
    let opponents: Vec<UserRef> = [Some(opponent), opponent2, opponent3, opponent4, opponent5]
        .iter()
        .flatten()
        .map(user_ref)
        .collect();
    let rules = RummyOptions {
        multiple_melds,
        layoff_after_meld,
        aces_high,
        discard_to_go_out,
        hand_rummy,
        reshuffle,
        rounds,
    }
    .rules();
    let outcome = ctx
        .data()
        .games
        .start(&caller(ctx), &opponents, GameChoice::Rummy(rules), target)
        .await;
    answer(ctx, outcome).await
}

/// Play Rummy against the bot, which fills every other seat.
#[poise::command(slash_command, guild_only, rename = "practice")]
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
    let seats = players.unwrap_or(2);
    let rules = RummyOptions::default().rules();
    practice_against_bot(ctx, level, GameChoice::Rummy(rules), seats, target).await
}

/// The rules of Rummy (of your match here, if it is one).
#[poise::command(slash_command, guild_only, rename = "rules")]
pub async fn rummy_rules(ctx: Context<'_>) -> Result<(), Error> {
    let outcome = ctx.data().games.rummy_rules_command(&caller(ctx)).await;
    answer(ctx, outcome).await
}

/// Leaderboard orderings as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SortChoice {
    #[name = "net"]
    Net,
    #[name = "wins"]
    Wins,
    #[name = "winrate"]
    WinRate,
    #[name = "gins"]
    Gins,
    #[name = "rating"]
    Rating,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PeriodChoice {
    #[name = "all"]
    All,
    #[name = "30d"]
    Days30,
    #[name = "7d"]
    Days7,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "any"]
    Any,
    #[name = "two"]
    Two,
    #[name = "three"]
    Three,
    #[name = "rummy"]
    Rummy,
    #[name = "partnership"]
    Partnership,
    #[name = "team"]
    Team,
}

fn format_filter(format: Option<FormatChoice>) -> crate::games::ledger::FormatFilter {
    use crate::games::ledger::FormatFilter;
    match format.unwrap_or(FormatChoice::Any) {
        FormatChoice::Any => FormatFilter::Any,
        FormatChoice::Two => FormatFilter::Two,
        FormatChoice::Three => FormatFilter::Three,
        FormatChoice::Rummy => FormatFilter::Rummy,
        FormatChoice::Partnership => FormatFilter::Partnership,
        FormatChoice::Team => FormatFilter::Team,
    }
}

/// The server's leaderboard.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    sort: Option<SortChoice>,
    period: Option<PeriodChoice>,
    format: Option<FormatChoice>,
    season: Option<String>,
) -> Result<(), Error> {
    use crate::games::ledger::{BoardQuery, Period};
    let games = &ctx.data().games;
    let season = match season {
        Some(text) => match games.find_season(&caller(ctx), &text).await {
            Ok(n) => Some(n),
            Err(why) => return answer(ctx, Outcome::refusal(why)).await,
        },
        None => None,
    };
    use crate::games::BoardSort;
    let q = BoardQuery {
        sort: match sort.unwrap_or(SortChoice::Net) {
            SortChoice::Net => BoardSort::Net,
            SortChoice::Wins => BoardSort::Wins,
            SortChoice::WinRate => BoardSort::WinRate,
            SortChoice::Gins => BoardSort::Gins,
            SortChoice::Rating => BoardSort::Rating,
        },
        period: match period.unwrap_or(PeriodChoice::All) {
            PeriodChoice::All => Period::All,
            PeriodChoice::Days30 => Period::Days30,
            PeriodChoice::Days7 => Period::Days7,
        },
        format: format_filter(format),
        page: 0,
        season,
    };
    let outcome = games.leaderboard(&caller(ctx), q, false).await;
    answer(ctx, outcome).await
}

/// A player's figures in this server.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    format: Option<FormatChoice>,
) -> Result<(), Error> {
    let player = player.as_ref().map(user_ref);
    let outcome = ctx
        .data()
        .games
        .stats(&caller(ctx), player.as_ref(), format_filter(format))
        .await;
    answer(ctx, outcome).await
}

/// A player's recent matches with their score sheets.
#[poise::command(slash_command, guild_only)]
pub async fn history(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    format: Option<FormatChoice>,
) -> Result<(), Error> {
    let player = player.as_ref().map(user_ref);
    let outcome = ctx
        .data()
        .games
        .history(&caller(ctx), player.as_ref(), format_filter(format))
        .await;
    answer(ctx, outcome).await
}

/// A finished hand, step by step, rebuilt from its seed and the action log.
#[poise::command(slash_command, guild_only)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[min = 1]
    match_id: i64,
    #[min = 1]
    #[max = 1000]
    hand: Option<i64>,
) -> Result<(), Error> {
    let deal = hand.map(|h| (h.max(1) - 1) as u32);
    let outcome = ctx
        .data()
        .games
        .replay(&caller(ctx), match_id, deal, None, false)
        .await;
    answer(ctx, outcome).await
}

/// Your own matches as CSV.
#[poise::command(slash_command, guild_only)]
pub async fn export(ctx: Context<'_>, #[min = 1] before: Option<i64>) -> Result<(), Error> {
    export_ledger(ctx, true, before).await
}

/// Moderators: the server's whole match ledger as CSV.
#[poise::command(slash_command, guild_only, rename = "export")]
pub async fn mod_export(ctx: Context<'_>, #[min = 1] before: Option<i64>) -> Result<(), Error> {
    export_ledger(ctx, false, before).await
}

/// The caller's own matches (`mine`) or the server's ledger (moderators) as a CSV file.
async fn export_ledger(ctx: Context<'_>, mine: bool, before: Option<i64>) -> Result<(), Error> {
    // Reading and attaching a large ledger may take longer than Discord's 3 s.
    ctx.defer_ephemeral().await?;
    let outcome = ctx
        .data()
        .games
        .export(&caller(ctx), is_moderator(ctx), mine, before)
        .await;
    answer(ctx, outcome).await
}

/// Whether the caller may manage the server (Discord hides moderators' commands from others
/// by default; servers may change that, so the bot checks).
fn is_moderator(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild() || p.administrator()),
        poise::Context::Prefix(_) => false,
    }
}

/// Moderators: end a stuck match in this channel without scoring.
#[poise::command(slash_command, guild_only, rename = "cancel")]
pub async fn mod_cancel(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let is_moderator = is_moderator(ctx);
    let player = player.as_ref().map(user_ref);
    let outcome = ctx
        .data()
        .games
        .cancel(&caller(ctx), is_moderator, player.as_ref())
        .await;
    answer(ctx, outcome).await
}

/// Sets every command's, parameter's and choice's description (and German names) from the
/// catalogue: `cmd-<command>` for descriptions, `cmd-<command>-<parameter>` for parameters,
/// `cmd-<command>-name` and `cmd-<command>-<parameter>-name` for localized names,
/// `choice-<value>` for choices.
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    localize_under(commands, None);
}

/// As [`localize`]; a subcommand's texts are `cmd-<parent>-<command>…` where the catalogue
/// has them (`/rummy start` is not `/gin start`), `cmd-<command>…` otherwise.
fn localize_under(commands: &mut [poise::Command<Data, Error>], parent: Option<&str>) {
    for c in commands {
        let key = match parent {
            Some(p) if i18n::has(Lang::En, &format!("cmd-{p}-{}", c.name)) => {
                format!("cmd-{p}-{}", c.name)
            }
            _ => format!("cmd-{}", c.name),
        };
        c.description = Some(i18n::t(Lang::En, &key, &[]).into());
        c.description_localizations = localized(&key);
        c.name_localizations = localized(&format!("{key}-name"));
        for p in &mut c.parameters {
            // `…-opt-<parameter>` where `…-<parameter>` would be the command's own name key
            // (a parameter called `name`).
            let opt = format!("{key}-opt-{}", p.name);
            let pkey = if i18n::has(Lang::En, &opt) {
                opt
            } else {
                format!("{key}-{}", p.name)
            };
            p.description = Some(i18n::t(Lang::En, &pkey, &[]).into());
            p.description_localizations = localized(&pkey);
            p.name_localizations = localized(&format!("{pkey}-name"));
            let choices: Vec<_> = p
                .choices
                .iter()
                .map(|ch| {
                    let mut ch = ch.clone();
                    ch.localizations = localized(&format!("choice-{}", ch.name));
                    ch
                })
                .collect();
            p.choices = choices.into();
        }
        let name = c.name.clone();
        localize_under(&mut c.subcommands, Some(&name));
    }
}

type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// The text of `key` in every language but English (the base), keyed by Discord locale.
fn localized(key: &str) -> Localizations {
    Lang::ALL
        .into_iter()
        .filter(|&l| l != Lang::En && i18n::has(l, key))
        .map(|l| (Cow::from(l.code()), Cow::from(i18n::t(l, key, &[]))))
        .collect::<Vec<_>>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `rounds` out of 1 to 50 reaches `games` out of range (to be refused with its
    /// bound), never clamped into it; one in range passes as given.
    #[test]
    fn rummy_rounds_are_passed_on_unclamped() {
        let rounds = |r: i64| {
            RummyOptions {
                rounds: Some(r),
                ..Default::default()
            }
            .rules()
            .rounds
        };
        for out in [0, -5, 51, 1_000_000, i64::MAX, i64::MIN] {
            assert!(!rounds(out).is_some_and(|r| (1..=50).contains(&r)), "{out}");
        }
        assert_eq!(rounds(7), Some(7));
    }
}
