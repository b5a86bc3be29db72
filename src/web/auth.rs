//! What the web table asks Discord, through `api_base_url` as every REST call: the OAuth2
//! code exchange the Embedded App SDK needs (the page gets a code from Discord's
//! `authorize`, the bot trades it for the player's access token with the application's client
//! secret and reads who the player is), and the Activity instance a page runs in (its channel
//! and who is in it, as Discord says: never as the page says).

use crate::config::Secret;
use serde::Deserialize;
use std::time::Duration;

/// The player behind an access token.
#[derive(Clone, Debug)]
pub(super) struct Player {
    pub id: u64,
    pub name: String,
}

/// Why a code could not be traded; no secret or token is in it.
#[derive(Debug, thiserror::Error)]
pub(super) enum ExchangeError {
    #[error("Discord refused the code ({0})")]
    Refused(u16),
    #[error("Discord could not be reached: {0}")]
    Unreachable(String),
    #[error("Discord's answer did not read: {0}")]
    Unreadable(String),
}

/// Discord's OAuth2 endpoints, and the application they act for.
pub(super) struct Exchange {
    pub http: reqwest::Client,
    /// `https://discord.com`, or `api_base_url`.
    pub base: String,
    pub client_id: u64,
    pub secret: Secret,
    /// The bot's token, for the instances.
    pub bot_token: Secret,
}

/// Where an Activity instance runs, and who is in it.
#[derive(Clone, Debug)]
pub(super) struct Instance {
    pub channel_id: u64,
    pub guild_id: Option<u64>,
    pub users: Vec<u64>,
}

#[derive(Deserialize)]
struct InstanceBody {
    location: Location,
    #[serde(default)]
    users: Vec<String>,
}

#[derive(Deserialize)]
struct Location {
    channel_id: String,
    #[serde(default)]
    guild_id: Option<String>,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

#[derive(Deserialize)]
struct Me {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
}

impl Exchange {
    pub fn new(base: &str, client_id: u64, secret: Secret, bot_token: Secret) -> Exchange {
        let base = base.trim().trim_end_matches('/');
        Exchange {
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .expect("an HTTP client"),
            base: if base.is_empty() {
                "https://discord.com".into()
            } else {
                base.into()
            },
            client_id,
            secret,
            bot_token,
        }
    }

    /// The Activity instance `id` (the SDK's `instanceId`), as Discord knows it.
    pub async fn instance(&self, id: &str) -> Result<Instance, ExchangeError> {
        let bad = |what: &str| ExchangeError::Unreadable(what.into());
        let body: InstanceBody = self
            .read(
                self.http
                    .get(format!(
                        "{}/api/v10/applications/{}/activity-instances/{id}",
                        self.base, self.client_id
                    ))
                    .header("authorization", format!("Bot {}", self.bot_token.expose())),
            )
            .await?;
        Ok(Instance {
            channel_id: body
                .location
                .channel_id
                .parse()
                .map_err(|_| bad("channel"))?,
            guild_id: match body.location.guild_id {
                Some(g) => Some(g.parse().map_err(|_| bad("guild"))?),
                None => None,
            },
            users: body.users.iter().filter_map(|u| u.parse().ok()).collect(),
        })
    }

    /// The bot's own user (the AI's seat in a practice match).
    pub async fn bot_user(&self) -> Result<Player, ExchangeError> {
        let me: Me = self
            .read(
                self.http
                    .get(format!("{}/api/v10/users/@me", self.base))
                    .header("authorization", format!("Bot {}", self.bot_token.expose())),
            )
            .await?;
        Ok(Player {
            id: me
                .id
                .parse()
                .map_err(|_| ExchangeError::Unreadable("id".into()))?,
            name: me.username,
        })
    }

    /// The access token `code` stands for, and whose it is.
    pub async fn trade(&self, code: &str) -> Result<(String, Player), ExchangeError> {
        let client_id = self.client_id.to_string();
        let form = [
            ("client_id", client_id.as_str()),
            ("client_secret", self.secret.expose()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let token: Token = self
            .read(
                self.http
                    .post(format!("{}/api/v10/oauth2/token", self.base))
                    .form(&form),
            )
            .await?;
        let me: Me = self
            .read(
                self.http
                    .get(format!("{}/api/v10/users/@me", self.base))
                    .bearer_auth(&token.access_token),
            )
            .await?;
        let id = me
            .id
            .parse()
            .map_err(|_| ExchangeError::Unreadable("user id".into()))?;
        let name = me
            .global_name
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(me.username);
        Ok((token.access_token, Player { id, name }))
    }

    async fn read<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ExchangeError> {
        // reqwest's errors name the URL, never the form or the headers.
        let response = request
            .send()
            .await
            .map_err(|e| ExchangeError::Unreachable(e.without_url().to_string()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(ExchangeError::Refused(status.as_u16()));
        }
        let body = response
            .bytes()
            .await
            .map_err(|e| ExchangeError::Unreachable(e.without_url().to_string()))?;
        serde_json::from_slice(&body).map_err(|e| ExchangeError::Unreadable(e.to_string()))
    }
}
