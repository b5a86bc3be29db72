//! Where a channel is, as Discord tells the bot in every interaction from it: a server channel
//! with the bot a member, one of a server where only users installed the app, the bot's own
//! DM, a DM or a group DM between users. An interaction is dressed for its channel's place
//! (`guild_id`, `member` or `user`, `context`, `authorizing_integration_owners`, `channel`
//! with its type, `app_permissions`) before it is sent; the bot may use the channel routes
//! only where it is a member.

use super::{FakeDiscord, FakeOptions};
use serde_json::{json, Value};

/// Where a channel is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FakePlace {
    /// A server channel. `bot`: the app is installed to the server, so the bot is a member;
    /// otherwise the players use it as installed to their own accounts.
    Guild { guild: u64, bot: bool },
    /// `user`'s DM with the bot (the app installed to a server they share with it).
    BotDm { user: u64 },
    /// A DM between two users.
    Dm { users: [u64; 2] },
    /// A group DM.
    GroupDm { members: Vec<u64> },
}

/// Installation types (`integration_types`): to a server, to a user.
pub const GUILD_INSTALL: u64 = 0;
pub const USER_INSTALL: u64 = 1;

impl FakePlace {
    /// Whether the bot is in the channel (and so may post and edit there).
    pub fn bot_is_member(&self) -> bool {
        matches!(
            self,
            FakePlace::Guild { bot: true, .. } | FakePlace::BotDm { .. }
        )
    }

    pub fn guild(&self) -> Option<u64> {
        match self {
            FakePlace::Guild { guild, .. } => Some(*guild),
            _ => None,
        }
    }

    /// The interaction context Discord reports from here (0 server, 1 bot DM, 2 other DMs).
    pub fn context(&self) -> u64 {
        match self {
            FakePlace::Guild { .. } => 0,
            FakePlace::BotDm { .. } => 1,
            FakePlace::Dm { .. } | FakePlace::GroupDm { .. } => 2,
        }
    }

    /// The installation through which the app is used here.
    pub fn install(&self) -> u64 {
        if matches!(
            self,
            FakePlace::Guild { bot: true, .. } | FakePlace::BotDm { .. }
        ) {
            GUILD_INSTALL
        } else {
            USER_INSTALL
        }
    }

    /// Discord's channel type: 0 a server's text channel, 1 a DM, 3 a group DM.
    fn channel_type(&self) -> u64 {
        match self {
            FakePlace::Guild { .. } => 0,
            FakePlace::BotDm { .. } | FakePlace::Dm { .. } => 1,
            FakePlace::GroupDm { .. } => 3,
        }
    }

    /// What a channel's place is called in a violation.
    pub fn describe(&self) -> &'static str {
        match self {
            FakePlace::Guild { bot: true, .. } => "a server channel",
            FakePlace::Guild { bot: false, .. } => "a server without the bot",
            FakePlace::BotDm { .. } => "the bot's DM",
            FakePlace::Dm { .. } => "a DM between users",
            FakePlace::GroupDm { .. } => "a group DM",
        }
    }

    /// `authorizing_integration_owners` as Discord sends it (values as strings): the server
    /// (`"0": "0"` in the bot's DM), or the user who installed the app (`authorizer`, the one
    /// whose command made the message a component is on).
    pub fn owners(&self, authorizer: u64) -> Value {
        match self {
            FakePlace::Guild { guild, bot: true } => json!({ "0": guild.to_string() }),
            FakePlace::BotDm { .. } => json!({ "0": "0" }),
            _ => json!({ "1": authorizer.to_string() }),
        }
    }

    /// The app's permissions: a server's usual ones (see `payloads::app_permissions`); in
    /// DMs what Discord documents, Attach Files, Embed Links and Mention Everyone, and Use
    /// External Emojis in the bot's own.
    fn app_permissions(&self, in_server: String) -> String {
        const DM: u64 = 1 << 14 | 1 << 15 | 1 << 17;
        match self {
            FakePlace::Guild { .. } => in_server,
            FakePlace::BotDm { .. } => (DM | 1 << 18).to_string(),
            FakePlace::Dm { .. } | FakePlace::GroupDm { .. } => DM.to_string(),
        }
    }

    /// Dresses an interaction `payload` from this place's channel.
    pub fn dress(&self, opts: &FakeOptions, payload: &mut Value, authorizer: u64) {
        let channel = payload["channel_id"].clone();
        payload["context"] = self.context().into();
        payload["authorizing_integration_owners"] = self.owners(authorizer);
        payload["channel"] = json!({"id": channel, "type": self.channel_type()});
        let perms = payload["app_permissions"]
            .as_str()
            .unwrap_or("0")
            .to_string();
        payload["app_permissions"] = self.app_permissions(perms).into();
        match self.guild() {
            Some(guild) => {
                payload["guild_id"] = guild.to_string().into();
                // Commands of other servers than the fake's are the application's global ones.
                if guild != opts.guild_id {
                    if let Some(data) = payload["data"].as_object_mut() {
                        data.remove("guild_id");
                    }
                }
            }
            None => {
                // Outside servers: no server, no member, the user at the top level.
                let obj = payload
                    .as_object_mut()
                    .expect("an interaction is an object");
                obj.remove("guild_id");
                obj.remove("guild_locale");
                if let Some(member) = obj.remove("member") {
                    obj.insert("user".into(), member["user"].clone());
                }
                if let Some(data) = obj.get_mut("data").and_then(Value::as_object_mut) {
                    data.remove("guild_id");
                }
            }
        }
    }
}

/// Only those in a DM or group DM can interact there.
pub fn check_present(place: &FakePlace, user: u64) -> Result<(), String> {
    let present = match place {
        FakePlace::Guild { .. } => true,
        FakePlace::BotDm { user: u } => *u == user,
        FakePlace::Dm { users } => users.contains(&user),
        FakePlace::GroupDm { members } => members.contains(&user),
    };
    if present {
        Ok(())
    } else {
        Err(format!("user {user} is not in {}", place.describe()))
    }
}

impl FakeDiscord {
    /// The place of `channel`: a channel of the fake's server unless placed elsewhere.
    pub fn place_of(&self, channel: u64) -> FakePlace {
        self.inner.lock().place_of(&self.inner.opts, channel)
    }

    /// Puts `channel` in server `guild` without the bot: the players use the app installed
    /// to their own accounts.
    pub fn place_guild_without_bot(&self, channel: u64, guild: u64) {
        self.set_place(channel, FakePlace::Guild { guild, bot: false });
    }

    /// `user`'s DM with the bot: the channel the bot also gets when it opens a DM with them.
    pub fn place_bot_dm(&self, user: u64) -> u64 {
        let channel = self.inner.next_id();
        let mut st = self.inner.lock();
        let channel = *st.dm_channels.entry(user).or_insert(channel);
        st.places.insert(channel, FakePlace::BotDm { user });
        channel
    }

    /// Makes `channel` a DM between `a` and `b`.
    pub fn place_dm(&self, channel: u64, a: u64, b: u64) {
        self.set_place(channel, FakePlace::Dm { users: [a, b] });
    }

    /// Makes `channel` a group DM of `members`.
    pub fn place_group_dm(&self, channel: u64, members: &[u64]) {
        let members = members.to_vec();
        self.set_place(channel, FakePlace::GroupDm { members });
    }

    fn set_place(&self, channel: u64, place: FakePlace) {
        self.inner.lock().places.insert(channel, place);
    }
}
