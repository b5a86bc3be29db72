//! Gateway and interaction payloads in the shape Discord sends them, and their check against
//! serenity's own model types: serenity drops a dispatch it cannot read with only a debug log,
//! so every payload is read back with serenity before it goes out.

use super::{FakeOptions, StoredMessage};
use serde_json::{json, Map, Value};

/// Every timestamp the fake hands out (RFC 3339, as serenity's `Timestamp` wants it).
pub const TIMESTAMP: &str = "2025-01-01T00:00:00+00:00";
/// The id of the registered command in interactions (any nonzero snowflake is accepted).
const COMMAND_ID: &str = "3000";

/// A Discord user as the fake presents them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: u64,
    pub name: String,
    /// Guild permissions sent with the member (`"8"` is Administrator).
    pub permissions: u64,
    /// The user's client locale (`de` makes the bot answer in German).
    pub locale: String,
    pub bot: bool,
}

impl User {
    pub fn new(id: u64, name: &str) -> User {
        User {
            id,
            name: name.to_string(),
            permissions: 0,
            locale: "en-US".to_string(),
            bot: false,
        }
    }

    pub fn bot(id: u64, name: &str) -> User {
        User {
            bot: true,
            ..User::new(id, name)
        }
    }

    /// With the Manage Server permission (`MANAGE_GUILD`, 1 << 5): a moderator.
    pub fn moderator(mut self) -> User {
        self.permissions |= 1 << 5;
        self
    }

    pub fn with_locale(mut self, locale: &str) -> User {
        self.locale = locale.to_string();
        self
    }

    /// `User`: `id` and `username` are required; `discriminator` is left out (new usernames).
    pub fn json(&self) -> Value {
        json!({"id": self.id.to_string(), "username": self.name, "global_name": null,
               "avatar": null, "bot": self.bot})
    }

    /// `Member`: `user, roles, deaf, mute, flags` are required; `permissions` is a string.
    pub fn member_json(&self) -> Value {
        json!({"user": self.json(), "nick": null, "roles": [], "joined_at": TIMESTAMP,
               "deaf": false, "mute": false, "flags": 0, "pending": false,
               "permissions": self.permissions.to_string()})
    }
}

/// One option of a slash command. poise registers choice parameters as integers (the
/// variant's index) and `Option<T>` parameters as not required.
#[derive(Clone, Debug)]
pub enum Opt {
    User(String, User),
    Int(String, i64),
    Str(String, String),
    Bool(String, bool),
}

impl Opt {
    pub fn user(name: &str, user: &User) -> Opt {
        Opt::User(name.to_string(), user.clone())
    }
    pub fn int(name: &str, value: i64) -> Opt {
        Opt::Int(name.to_string(), value)
    }
    /// A `poise::ChoiceParameter` value: the index of the variant.
    pub fn choice(name: &str, index: i64) -> Opt {
        Opt::Int(name.to_string(), index)
    }
    pub fn str(name: &str, value: &str) -> Opt {
        Opt::Str(name.to_string(), value.to_string())
    }
    pub fn bool(name: &str, value: bool) -> Opt {
        Opt::Bool(name.to_string(), value)
    }
}

/// A channel where the bot may read but not post (its permissions there, as every
/// interaction from it says: View Channel only).
pub const READ_ONLY_CHANNEL: u64 = 4_040_404;

/// The bot's permissions in `channel`, as an interaction carries them: everything a bot is
/// usually given (View Channel, Send Messages, Embed Links, Attach Files, Read Message
/// History, Use External Emojis), or View Channel alone in [`READ_ONLY_CHANNEL`].
fn app_permissions(channel: u64) -> String {
    const VIEW: u64 = 1 << 10;
    let usual = VIEW | 1 << 11 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 18;
    if channel == READ_ONLY_CHANNEL {
        VIEW
    } else {
        usual
    }
    .to_string()
}

/// The fields every guild interaction carries. `id` and `token` are filled in when sent.
fn envelope(opts: &FakeOptions, kind: u8, channel: u64, user: &User, data: Value) -> Value {
    json!({
        "id": "0", "token": "", "type": kind, "version": 1,
        "application_id": opts.app_id.to_string(),
        "guild_id": opts.guild_id.to_string(), "channel_id": channel.to_string(),
        "locale": user.locale, "guild_locale": "en-US",
        // In a guild Discord sends `member` (serenity copies member.user into `user`).
        "member": user.member_json(),
        "entitlements": [], "attachment_size_limit": 26_214_400,
        "app_permissions": app_permissions(channel),
        "data": data,
    })
}

/// A chat-input command (type 2). A subcommand is an option of type 1 whose `options` must
/// be present even when empty; a user option needs the user in `data.resolved.users`.
pub fn command(
    opts: &FakeOptions,
    channel: u64,
    user: &User,
    name: &str,
    sub: Option<&str>,
    options: &[Opt],
) -> Value {
    let mut users = Map::new();
    let given: Vec<Value> = options
        .iter()
        .map(|o| match o {
            Opt::User(n, u) => {
                users.insert(u.id.to_string(), u.json());
                json!({"name": n, "type": 6, "value": u.id.to_string()})
            }
            Opt::Int(n, v) => json!({"name": n, "type": 4, "value": v}),
            Opt::Str(n, v) => json!({"name": n, "type": 3, "value": v}),
            Opt::Bool(n, v) => json!({"name": n, "type": 5, "value": v}),
        })
        .collect();
    let options = match sub {
        Some(s) => json!([{"name": s, "type": 1, "options": given}]),
        None => Value::Array(given),
    };
    let mut data = json!({"id": COMMAND_ID, "name": name, "type": 1,
                          "guild_id": opts.guild_id.to_string(), "options": options});
    if !users.is_empty() {
        data["resolved"] = json!({ "users": users });
    }
    envelope(opts, 2, channel, user, data)
}

/// A button press (type 3, component_type 2) carrying the full message it is on.
pub fn component(
    opts: &FakeOptions,
    user: &User,
    message: &StoredMessage,
    custom_id: &str,
) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let mut v = envelope(opts, 3, message.channel_id, user, data);
    v["message"] = message_json(opts, message);
    v
}

/// A choice in a string select menu (type 3, component_type 3) on the full message.
pub fn select(
    opts: &FakeOptions,
    user: &User,
    message: &StoredMessage,
    custom_id: &str,
    value: &str,
) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    let mut v = envelope(opts, 3, message.channel_id, user, data);
    v["message"] = message_json(opts, message);
    v
}

/// A full `Message` as REST answers and component interactions carry it. Required by
/// serenity: `id, channel_id, author, content, timestamp, tts, mention_everyone, mentions,
/// mention_roles, attachments, embeds, pinned, type`.
pub fn message_json(opts: &FakeOptions, m: &StoredMessage) -> Value {
    let mut v = json!({
        "id": m.id.to_string(), "channel_id": m.channel_id.to_string(),
        "author": opts.bot_user.json(), "content": m.content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": if m.version > 1 { Value::from(TIMESTAMP) } else { Value::Null },
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": m.attachments, "embeds": m.embeds, "pinned": false, "type": 0,
        "flags": if m.ephemeral { 64 } else { 0 },
        "components": m.components,
    });
    if m.origin != super::Origin::Channel {
        // Interaction responses and followups are webhook messages of the application.
        v["webhook_id"] = opts.app_id.to_string().into();
        v["application_id"] = opts.app_id.to_string().into();
    }
    v
}

/// The READY dispatch: `v, user, guilds, session_id, resume_gateway_url, application{id,
/// flags}` are required. Its guilds: the fake's own server (where the bot is) if it is this
/// shard's, unavailable as on Discord; no GUILD_CREATE follows (nothing waits for one). Servers
/// placed without the bot are never named.
pub fn ready(opts: &FakeOptions, ws_url: &str, session: &str, shard: [u64; 2]) -> Value {
    let [id, of] = shard;
    let guilds: Vec<Value> = [opts.guild_id]
        .into_iter()
        .filter(|g| *g != 0 && (g >> 22) % of.max(1) == id)
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    let d = json!({
        "v": 10, "user": opts.bot_user.json(), "guilds": guilds,
        "session_id": session, "resume_gateway_url": ws_url, "shard": shard,
        "application": {"id": opts.app_id.to_string(), "flags": 0},
    });
    if let Err(e) = serde_json::from_value::<serenity::model::gateway::Ready>(d.clone()) {
        panic!("serenity cannot read the fake's READY ({e}):\n{d:#}");
    }
    d
}

/// Panics unless serenity reads `payload` as the interaction its `type` says.
pub fn validate_interaction(payload: &Value) {
    use serenity::model::application::Interaction;
    let parsed: Interaction = serde_json::from_value(payload.clone())
        .unwrap_or_else(|e| panic!("serenity cannot read this interaction ({e}):\n{payload:#}"));
    let matches = matches!(
        (payload["type"].as_u64(), &parsed),
        (Some(1), Interaction::Ping(_))
            | (Some(2), Interaction::Command(_))
            | (Some(3), Interaction::Component(_))
            | (Some(4), Interaction::Autocomplete(_))
            | (Some(5), Interaction::Modal(_))
    );
    assert!(
        matches,
        "serenity reads this as another kind of interaction:\n{payload:#}"
    );
}

/// Panics unless serenity reads `frame` as a known dispatch (an unreadable `d` turns into
/// `Event::Unknown`, which serenity drops silently).
pub fn validate_dispatch(frame: &str) {
    use serenity::model::event::{Event, GatewayEvent};
    match serde_json::from_str::<GatewayEvent>(frame) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(u))) => {
            panic!(
                "serenity would drop this {} dispatch as unknown:\n{frame}",
                u.kind
            )
        }
        Ok(GatewayEvent::Dispatch(..)) => {}
        Ok(_) => panic!("not a dispatch:\n{frame}"),
        Err(e) => panic!("serenity cannot read this dispatch ({e}):\n{frame}"),
    }
}
