//! Per-server settings (`/gin settings`): default rules and target, the channels where matches
//! may be started, the idle clock, the AI's pause, the public language. Kept in the database
//! and in memory (a few hundred bytes per server); every new match reads them, a running one
//! keeps the rules it started with.

use super::batch::Batched;
use super::{Caller, Failure, Outcome, Refusal, Reply, Settings};
use crate::config::Timeouts;
use crate::engine::Preset;
use crate::i18n::Lang;
use crate::store::Db;
use crate::store::GuildSettings;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The longest pause a server may give the AI before its moves.
pub const MAX_AI_DELAY_MS: u64 = 10_000;

/// Which bound a setting broke (the answer names it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingBound {
    /// 10 to 500 points.
    Target,
    /// 1 to 1,440 minutes.
    Reminder,
    /// 1 to 168 hours, and longer than the reminder.
    Forfeit,
    /// 0 to 10,000 ms.
    AiDelay,
    /// `everywhere`, or channel mentions or ids.
    Channels,
}

/// The public language a server asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageSetting {
    /// The server's own locale.
    Server,
    Fixed(Lang),
}

/// How cards are shown: the application's card emojis (classic or four-colour), or text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardLook {
    #[default]
    Pictures,
    /// Pictures with spades black, hearts red, diamonds blue and clubs green.
    FourColour,
    Text,
}

impl CardLook {
    pub const ALL: [CardLook; 3] = [CardLook::Pictures, CardLook::FourColour, CardLook::Text];

    /// As stored and as the command option names it.
    pub fn code(self) -> &'static str {
        match self {
            CardLook::Pictures => "pictures",
            CardLook::FourColour => "four-colour",
            CardLook::Text => "text",
        }
    }

    pub fn from_code(code: &str) -> Option<CardLook> {
        CardLook::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// What `/gin settings` asks to change (nothing: show them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub preset: Option<Preset>,
    pub target: Option<i64>,
    /// `everywhere`, or the channels as mentions (`<#123>`) or ids.
    pub channels: Option<String>,
    pub reminder_minutes: Option<i64>,
    pub forfeit_hours: Option<i64>,
    pub ai_delay_ms: Option<i64>,
    pub language: Option<LanguageSetting>,
    /// How public messages show cards.
    pub cards: Option<CardLook>,
    /// Back to the bot's defaults (before any other change asked for).
    pub reset: bool,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// `current` with this change applied, checked against every bound; nothing else changes.
    fn apply(
        &self,
        current: &GuildSettings,
        defaults: &Timeouts,
    ) -> Result<GuildSettings, SettingBound> {
        let mut s = if self.reset {
            GuildSettings::default()
        } else {
            current.clone()
        };
        if let Some(p) = self.preset {
            s.preset = Some(p.name().to_string());
        }
        if let Some(t) = self.target {
            s.target = Some(within(t, 10, 500, SettingBound::Target)? as u32);
        }
        if let Some(c) = &self.channels {
            s.channels = parse_channels(c).ok_or(SettingBound::Channels)?;
        }
        if let Some(m) = self.reminder_minutes {
            s.reminder_minutes = Some(within(m, 1, 1440, SettingBound::Reminder)?);
        }
        if let Some(h) = self.forfeit_hours {
            s.forfeit_hours = Some(within(h, 1, 168, SettingBound::Forfeit)?);
        }
        if let Some(ms) = self.ai_delay_ms {
            s.ai_delay_ms = Some(within(
                ms,
                0,
                MAX_AI_DELAY_MS as i64,
                SettingBound::AiDelay,
            )?);
        }
        if let Some(l) = self.language {
            s.language = match l {
                LanguageSetting::Server => None,
                LanguageSetting::Fixed(lang) => Some(lang.code().to_string()),
            };
        }
        if let Some(look) = self.cards {
            s.cards = Some(look.code().to_string());
        }
        let t = timeouts(defaults, &s);
        if t.forfeit() <= t.reminder() {
            return Err(SettingBound::Forfeit);
        }
        Ok(s)
    }
}

fn within(v: i64, low: i64, high: i64, bound: SettingBound) -> Result<u64, SettingBound> {
    if (low..=high).contains(&v) {
        Ok(v as u64)
    } else {
        Err(bound)
    }
}

/// `everywhere` (or `all`), or channel mentions / ids separated by spaces or commas; at most 25.
fn parse_channels(text: &str) -> Option<Vec<u64>> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("everywhere") || text.eq_ignore_ascii_case("all") {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        let digits = word.trim_start_matches("<#").trim_end_matches('>');
        let id: u64 = digits.parse().ok().filter(|&id| id > 0)?;
        if !out.contains(&id) {
            out.push(id);
        }
    }
    (!out.is_empty() && out.len() <= 25).then_some(out)
}

/// The bot's timeouts with a server's own times over them.
fn timeouts(defaults: &Timeouts, s: &GuildSettings) -> Timeouts {
    Timeouts {
        reminder_minutes: s.reminder_minutes.unwrap_or(defaults.reminder_minutes),
        forfeit_hours: s.forfeit_hours.unwrap_or(defaults.forfeit_hours),
        ai_delay_ms: s.ai_delay_ms.unwrap_or(defaults.ai_delay_ms),
        ..defaults.clone()
    }
}

/// How long a player's card look read from the database is used before it is read again.
pub const LOOK_FRESH_SECONDS: i64 = 30;

/// Reads of one server's settings before a caller gives up (and changes nothing).
const SETTINGS_TRIES: u32 = 3;

/// What the settings keep in memory.
pub(super) struct Cache {
    /// Every server's settings (see [`Settings::load_settings`]).
    servers: Mutex<HashMap<u64, GuildSettings>>,
    /// Whether every server's settings were read (a server missing from `servers` then has
    /// none); until then each server's are read when needed.
    all_read: AtomicBool,
    /// One settings change at a time: read, checked, stored and cached in that order.
    change: tokio::sync::Mutex<()>,
    /// Each player's own card look as last known (`None`: never chosen) and when it was read
    /// from the database, since another process may store a new choice (see
    /// [`Settings::player_look`]).
    player_looks: Mutex<HashMap<u64, (Option<CardLook>, i64)>>,
    /// Players' card looks read for their presses, together.
    look_reads: Batched<u64, String>,
}

impl Cache {
    pub(super) fn new(db: &Db) -> Cache {
        Cache {
            servers: Mutex::new(HashMap::new()),
            all_read: AtomicBool::new(false),
            change: tokio::sync::Mutex::new(()),
            player_looks: Mutex::new(HashMap::new()),
            look_reads: Batched::new(
                db.clone(),
                Arc::new(|db: Db, users: Vec<u64>| {
                    Box::pin(async move { db.settings().player_card_looks(&users).await }) as _
                }),
            ),
        }
    }

    /// Whether every server's settings were read (until then the sweeper tries again).
    pub(super) fn all_read(&self) -> bool {
        self.all_read.load(Ordering::SeqCst)
    }
}

impl Settings<'_> {
    /// Reads every server's settings into memory (at start; the sweeper tries again until it
    /// works). Meanwhile each server's are read when first needed ([`Settings::ensure_settings`]):
    /// a server whose row could not be read never gets the defaults in its place.
    pub async fn load_settings(&self) -> Result<(), crate::store::StoreError> {
        {
            let _one_at_a_time = self.settings_cache.change.lock().await;
            let all = self.db.settings().all_guild_settings().await?;
            self.settings_cache
                .servers
                .lock()
                .expect("settings lock")
                .extend(all);
            self.settings_cache.all_read.store(true, Ordering::SeqCst);
        }
        let players = self.db.settings().all_player_card_looks().await?;
        let mut looks = self.settings_cache.player_looks.lock().expect("looks lock");
        looks.clear();
        // Known, but read again on first use: they stand in only if that read fails.
        looks.extend(players.into_iter().filter_map(|(user, code)| {
            Some((user, (Some(CardLook::from_code(&code)?), i64::MIN)))
        }));
        Ok(())
    }

    /// Whether a server's settings are known: read, or known to be the defaults.
    fn settings_known(&self, guild: u64) -> bool {
        self.settings_cache.all_read.load(Ordering::SeqCst)
            || self
                .settings_cache
                .servers
                .lock()
                .expect("settings lock")
                .contains_key(&guild)
    }

    /// Makes sure a server's settings are in memory before a new match reads them: if the
    /// read at start failed, its row is read now (an error refuses the start, rather than
    /// playing by defaults the server did not choose).
    pub(crate) async fn ensure_settings(&self, guild: u64) -> Result<(), crate::store::StoreError> {
        if self.settings_known(guild) {
            return Ok(());
        }
        let _one_at_a_time = self.settings_cache.change.lock().await;
        if !self.settings_known(guild) {
            let read = self.read_settings(guild).await?;
            self.settings_cache
                .servers
                .lock()
                .expect("settings lock")
                .insert(guild, read);
        }
        Ok(())
    }

    /// Another process changed the settings of server `guild`: they are read again (false:
    /// that failed, those known so far stand until the read is tried again).
    pub(super) async fn changed_elsewhere(&self, guild: u64) -> bool {
        let _one_at_a_time = self.settings_cache.change.lock().await;
        match self.db.settings().guild_settings(guild).await {
            Ok(row) => {
                self.settings_cache
                    .servers
                    .lock()
                    .expect("settings lock")
                    .insert(guild, row.unwrap_or_default());
                true
            }
            Err(e) => {
                tracing::warn!(guild, error = %e, "reading a server's settings changed elsewhere");
                false
            }
        }
    }

    /// Every server's settings read again, as news of a change may have been missed (false:
    /// that failed).
    pub(super) async fn read_again(&self) -> bool {
        let _one_at_a_time = self.settings_cache.change.lock().await;
        match self.db.settings().all_guild_settings().await {
            Ok(all) => {
                let mut servers = self.settings_cache.servers.lock().expect("settings lock");
                servers.clear();
                servers.extend(all);
                self.settings_cache.all_read.store(true, Ordering::SeqCst);
                true
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading the servers' settings again");
                false
            }
        }
    }

    /// A server's settings as stored (the defaults if it has no row), with a few tries.
    async fn read_settings(&self, guild: u64) -> Result<GuildSettings, crate::store::StoreError> {
        let mut tries = 1;
        loop {
            match self.db.settings().guild_settings(guild).await {
                Ok(row) => return Ok(row.unwrap_or_default()),
                Err(e) if tries < SETTINGS_TRIES => {
                    tracing::warn!(guild, error = %e, "reading a server's settings; trying again");
                    tokio::time::sleep(std::time::Duration::from_millis(200 * u64::from(tries)))
                        .await;
                    tries += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// How a server's public messages show cards (pictures unless it chose otherwise).
    pub fn public_look(&self, guild: u64) -> CardLook {
        if !self.config.card_emojis {
            return CardLook::Text;
        }
        self.settings_for(guild)
            .cards
            .and_then(|c| CardLook::from_code(&c))
            .unwrap_or_default()
    }

    /// How a player's own hand messages show cards (pictures unless they chose otherwise).
    /// Read again from the database after [`LOOK_FRESH_SECONDS`]: `/gin cards` may have been
    /// answered by another process (another shard's server).
    pub async fn player_look(&self, user: u64) -> CardLook {
        if !self.config.card_emojis {
            return CardLook::Text;
        }
        let now = self.now();
        let read = self
            .settings_cache
            .player_looks
            .lock()
            .expect("looks lock")
            .get(&user)
            .map(|&(_, at)| at);
        if read.is_none_or(|at| now.saturating_sub(at) >= LOOK_FRESH_SECONDS) {
            match self.settings_cache.look_reads.get(user).await {
                Ok(code) => {
                    // A `/gin cards` answered while this read was under way wins: the read
                    // may have started before its save.
                    let mut looks = self.settings_cache.player_looks.lock().expect("looks lock");
                    if looks.get(&user).map(|&(_, at)| at) == read {
                        let look = code.as_deref().and_then(CardLook::from_code);
                        looks.insert(user, (look, now));
                    }
                }
                // The choice known so far will do until the next read.
                Err(e) => tracing::warn!(error = %e, "reading a player's card look"),
            }
        }
        let looks = self.settings_cache.player_looks.lock().expect("looks lock");
        looks
            .get(&user)
            .and_then(|&(look, _)| look)
            .unwrap_or_default()
    }

    /// `/gin cards`: a player's own choice of pictures or text for their hand messages (no
    /// argument: shows it). Kept for every server, the player's messages only.
    pub async fn set_card_look(&self, caller: &Caller, look: Option<CardLook>) -> Outcome {
        let result = async {
            let changed = look.is_some();
            if let Some(look) = look {
                self.db
                    .settings()
                    .save_player_card_look(caller.user_id, look.code(), self.now())
                    .await?;
                // Read now: unlike what a read under way saw (none, or a time at least
                // LOOK_FRESH_SECONDS old), so that read leaves this choice alone.
                self.settings_cache
                    .player_looks
                    .lock()
                    .expect("looks lock")
                    .insert(caller.user_id, (Some(look), self.now()));
            }
            Ok::<_, Failure>(Outcome::reply(Reply::CardLook {
                lang: caller.lang,
                look: self.player_look(caller.user_id).await,
                changed,
            }))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    /// A server's settings (the defaults when it set none).
    pub fn settings_for(&self, guild: u64) -> GuildSettings {
        let map = self.settings_cache.servers.lock().expect("settings lock");
        map.get(&guild).cloned().unwrap_or_default()
    }

    /// The idle clock and the AI's pause in a server.
    pub fn timeouts_for(&self, guild: u64) -> Timeouts {
        timeouts(&self.config.timeouts, &self.settings_for(guild))
    }

    /// The longest pause before the AI's moves of any server (the sweeper's bar for an AI
    /// turn that was lost).
    pub(crate) fn longest_ai_delay_ms(&self) -> u64 {
        if !self.settings_cache.all_read.load(Ordering::SeqCst) {
            // Some server's may be unread: the longest any server may give.
            return MAX_AI_DELAY_MS.max(self.config.timeouts.ai_delay_ms);
        }
        let map = self.settings_cache.servers.lock().expect("settings lock");
        map.values()
            .filter_map(|s| s.ai_delay_ms)
            .fold(self.config.timeouts.ai_delay_ms, u64::max)
    }

    /// The preset a new match plays when the command names none.
    pub(crate) fn default_preset(&self, guild: u64) -> Preset {
        self.settings_for(guild)
            .preset
            .and_then(|p| p.parse().ok())
            .unwrap_or(self.config.default_preset.0)
    }

    /// The target a new Gin match plays to when the command names none.
    pub(crate) fn default_target(&self, guild: u64) -> Option<i64> {
        self.settings_for(guild).target.map(i64::from)
    }

    /// The language of a new match's public messages here.
    pub(crate) fn public_lang(&self, caller: &Caller) -> Lang {
        let guild = caller.guild_id().unwrap_or_default();
        match self.settings_for(guild).language {
            Some(code) => Lang::from_locale(&code),
            None => caller.guild_lang,
        }
    }

    /// Refuses a new match outside the server's game channels (if it named any).
    pub(crate) fn check_channel(&self, caller: &Caller) -> Result<(), Refusal> {
        let channels = self
            .settings_for(caller.guild_id().unwrap_or_default())
            .channels;
        if channels.is_empty() || channels.contains(&caller.channel_id) {
            Ok(())
        } else {
            Err(Refusal::ChannelNotAllowed)
        }
    }

    /// `/gin settings`: shows the server's settings to anyone; changes them for moderators
    /// (Manage Server), every value checked before anything is stored.
    pub async fn command(
        &self,
        caller: &Caller,
        is_moderator: bool,
        change: SettingsChange,
    ) -> Outcome {
        let result = async {
            let guild = caller.guild_id().ok_or(Refusal::GuildOnly)?;
            let _one_at_a_time = self.settings_cache.change.lock().await;
            // A change applies to the row as stored (never to defaults standing in for a row
            // that could not be read): unreadable, nothing is written.
            let current = self.read_settings(guild).await?;
            self.settings_cache
                .servers
                .lock()
                .expect("settings lock")
                .insert(guild, current.clone());
            if change.is_empty() {
                return Ok(self.settings_reply(caller, guild, current, false));
            }
            if !is_moderator {
                return Err(Refusal::ModeratorsOnly.into());
            }
            let new = change
                .apply(&current, &self.config.timeouts)
                .map_err(Refusal::SettingRange)?;
            self.db
                .settings()
                .save_guild_settings(guild, &new, self.now())
                .await?;
            self.settings_cache
                .servers
                .lock()
                .expect("settings lock")
                .insert(guild, new.clone());
            // The other processes' pages of this server count down to its clocks too.
            self.db.bus().settings_changed(guild);
            tracing::info!(guild, ?new, "server settings changed");
            Ok::<_, Failure>(self.settings_reply(caller, guild, new, true))
        }
        .await;
        result.unwrap_or_else(Failure::into_outcome)
    }

    fn settings_reply(
        &self,
        caller: &Caller,
        guild: u64,
        settings: GuildSettings,
        changed: bool,
    ) -> Outcome {
        Outcome::reply(Reply::Settings {
            lang: caller.lang,
            preset: self.default_preset(guild).name().to_string(),
            timeouts: self.timeouts_for(guild),
            settings: Box::new(settings),
            changed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bound_is_checked_and_a_bad_value_changes_nothing() {
        let d = Timeouts::default();
        let now = GuildSettings::default();
        let bad = [
            (
                SettingsChange {
                    target: Some(9),
                    ..Default::default()
                },
                SettingBound::Target,
            ),
            (
                SettingsChange {
                    target: Some(501),
                    ..Default::default()
                },
                SettingBound::Target,
            ),
            (
                SettingsChange {
                    reminder_minutes: Some(0),
                    ..Default::default()
                },
                SettingBound::Reminder,
            ),
            (
                SettingsChange {
                    forfeit_hours: Some(169),
                    ..Default::default()
                },
                SettingBound::Forfeit,
            ),
            (
                SettingsChange {
                    ai_delay_ms: Some(10_001),
                    ..Default::default()
                },
                SettingBound::AiDelay,
            ),
            (
                SettingsChange {
                    channels: Some("#general".into()),
                    ..Default::default()
                },
                SettingBound::Channels,
            ),
            // A reminder after the forfeit would never be seen.
            (
                SettingsChange {
                    reminder_minutes: Some(120),
                    forfeit_hours: Some(1),
                    ..Default::default()
                },
                SettingBound::Forfeit,
            ),
        ];
        for (change, bound) in bad {
            assert_eq!(change.apply(&now, &d), Err(bound), "{change:?}");
        }
        let good = SettingsChange {
            target: Some(250),
            channels: Some("<#12>, <#34> 12".into()),
            reminder_minutes: Some(5),
            language: Some(LanguageSetting::Fixed(Lang::De)),
            ..Default::default()
        };
        let s = good.apply(&now, &d).unwrap();
        assert_eq!(s.target, Some(250));
        assert_eq!(s.channels, vec![12, 34]);
        assert_eq!(s.language.as_deref(), Some("de"));
        let everywhere = SettingsChange {
            channels: Some("everywhere".into()),
            ..Default::default()
        };
        assert!(everywhere.apply(&s, &d).unwrap().channels.is_empty());
        let reset = SettingsChange {
            reset: true,
            ..Default::default()
        };
        assert_eq!(reset.apply(&s, &d).unwrap(), GuildSettings::default());
    }
}
