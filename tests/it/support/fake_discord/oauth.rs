//! Discord's OAuth2 endpoints as an Activity's server uses them: the code exchange
//! (`POST /oauth2/token`, with the application's client id and secret, form-encoded) and
//! `GET /users/@me` with the player's access token. A code is good once, as on Discord.

use super::payloads::User;
use super::rest::Reply;
use serde_json::json;
use std::collections::HashMap;

/// The application's OAuth2 side.
#[derive(Default)]
pub(crate) struct OAuth {
    /// The client secret the exchange must carry (`None`: no Activity set up).
    pub secret: Option<String>,
    /// Codes the SDK's `authorize` handed out, not yet traded.
    pub codes: HashMap<String, User>,
    pub tokens: HashMap<String, User>,
    /// Activity instances: where each runs (channel, and its guild unless a DM's or a group
    /// DM's) and who is in it.
    pub instances: HashMap<String, (u64, Option<u64>, Vec<u64>)>,
    /// Codes traded, and exchanges refused.
    pub traded: u64,
    pub refused: u64,
    /// Instance lookups that reached Discord, answered or not.
    pub lookups: u64,
    /// Every instance lookup is answered with this status while it is set (an outage).
    pub outage: Option<u16>,
    /// The next instance lookup is answered 429 with this `retry_after`, in seconds.
    pub pause: Option<f64>,
    /// The Activities launched by interaction responses (LAUNCH_ACTIVITY), oldest first.
    pub launches: Vec<Launch>,
}

/// An Activity a response launched: its instance, where, and for whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    pub instance: String,
    pub channel: u64,
    /// None: a DM or group DM.
    pub guild: Option<u64>,
    pub user: u64,
}

/// `application/x-www-form-urlencoded` fields.
fn form(body: &[u8]) -> HashMap<String, String> {
    let text = String::from_utf8_lossy(body);
    text.split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl OAuth {
    /// A response launched the Activity for `user` in `channel` (in `guild`, or in a private
    /// channel): a new instance there, with `user` in it, named as Discord names them
    /// (`i-<launch>-gc-<guild>-<channel>`, `i-<launch>-pc-<channel>`).
    pub fn launch(&mut self, launch: u64, channel: u64, guild: Option<u64>, user: u64) {
        let instance = match guild {
            Some(g) => format!("i-{launch}-gc-{g}-{channel}"),
            None => format!("i-{launch}-pc-{channel}"),
        };
        self.instances
            .insert(instance.clone(), (channel, guild, vec![user]));
        self.launches.push(Launch {
            instance,
            channel,
            guild,
            user,
        });
    }

    /// `POST /oauth2/token`.
    pub fn exchange(&mut self, app_id: u64, content_type: &str, body: &[u8]) -> Reply {
        if !content_type.starts_with("application/x-www-form-urlencoded") {
            self.refused += 1;
            return Reply::json(400, &json!({"error": "invalid_request"}));
        }
        let f = form(body);
        let field = |k: &str| f.get(k).map(String::as_str).unwrap_or_default();
        let secret_ok = self
            .secret
            .as_deref()
            .is_some_and(|s| s == field("client_secret"));
        if field("client_id") != app_id.to_string() || !secret_ok {
            self.refused += 1;
            return Reply::json(401, &json!({"error": "invalid_client"}));
        }
        if field("grant_type") != "authorization_code" {
            self.refused += 1;
            return Reply::json(400, &json!({"error": "unsupported_grant_type"}));
        }
        let Some(user) = self.codes.remove(field("code")) else {
            self.refused += 1;
            return Reply::json(400, &json!({"error": "invalid_grant"}));
        };
        self.traded += 1;
        let token = format!("access-{}-{}", user.id, self.traded);
        self.tokens.insert(token.clone(), user);
        Reply::json(
            200,
            &json!({"access_token": token, "token_type": "Bearer", "expires_in": 604800,
                    "refresh_token": "unused", "scope": "identify"}),
        )
    }

    /// `GET /applications/{app}/activity-instances/{id}` (with the bot's token).
    pub fn instance(&mut self, app_id: u64, id: &str) -> Reply {
        self.lookups += 1;
        if let Some(retry_after) = self.pause.take() {
            return Reply::json(
                429,
                &json!({"message": "You are being rate limited.", "retry_after": retry_after,
                        "global": false}),
            )
            .with_header("Retry-After", format!("{}", retry_after.ceil()));
        }
        if let Some(status) = self.outage {
            return Reply::json(
                status,
                &json!({"message": "fake Discord failure", "code": 0}),
            );
        }
        match self.instances.get(id) {
            Some((channel, guild, users)) => {
                // A guild channel (`gc`), or a private one (`pc`: a DM or group DM, no guild).
                let location = match guild {
                    Some(guild) => json!({"id": format!("gc-{guild}-{channel}"), "kind": "gc",
                                          "channel_id": channel.to_string(),
                                          "guild_id": guild.to_string()}),
                    None => json!({"id": format!("pc-{channel}"), "kind": "pc",
                                   "channel_id": channel.to_string()}),
                };
                Reply::json(
                    200,
                    &json!({"application_id": app_id.to_string(), "instance_id": id,
                            "launch_id": "1", "location": location,
                            "users": users.iter().map(u64::to_string).collect::<Vec<_>>()}),
                )
            }
            None => Reply::json(
                404,
                &json!({"message": "Unknown Activity Instance", "code": 10000}),
            ),
        }
    }

    /// `GET /users/@me` with `Authorization: Bearer …`, if that is what it carries.
    pub fn me(&self, authorization: Option<&str>) -> Option<Reply> {
        let token = authorization?.strip_prefix("Bearer ")?;
        Some(match self.tokens.get(token) {
            Some(u) => Reply::json(
                200,
                &json!({"id": u.id.to_string(), "username": u.name.to_lowercase(),
                        "global_name": u.name, "discriminator": "0", "avatar": null,
                        "locale": u.locale}),
            ),
            None => Reply::json(401, &json!({"message": "401: Unauthorized", "code": 0})),
        })
    }
}
