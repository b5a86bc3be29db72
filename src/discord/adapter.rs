//! Neutral messages into serenity builders, and the serenity [`Transport`].

use crate::ui::model::{Attachment, Emoji, Msg, Response, Style};
use crate::ui::{Gone, SendError, Transport};
use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::http::{LightMethod, Request, Route};
use std::sync::Arc;

fn rows(msg: &Msg) -> Vec<serenity::CreateActionRow> {
    let selects = msg.selects.iter().map(|s| {
        let options = s
            .options
            .iter()
            .map(|o| {
                let option =
                    serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone());
                match &o.emoji {
                    Some(e) => option.emoji(emoji(e)),
                    None => option,
                }
            })
            .collect();
        serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                s.id.clone(),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(s.placeholder.clone()),
        )
    });
    let buttons = msg.rows.iter().map(|row| {
        serenity::CreateActionRow::Buttons(
            row.iter()
                .map(|b| {
                    let button = serenity::CreateButton::new(b.id.clone());
                    // An emoji-only button sends no label (Discord refuses an empty one).
                    let button = if b.label.is_empty() {
                        button
                    } else {
                        button.label(b.label.clone())
                    };
                    let button = match &b.emoji {
                        Some(e) => button.emoji(emoji(e)),
                        None => button,
                    };
                    button
                        .style(match b.style {
                            Style::Primary => serenity::ButtonStyle::Primary,
                            Style::Secondary => serenity::ButtonStyle::Secondary,
                            Style::Success => serenity::ButtonStyle::Success,
                            Style::Danger => serenity::ButtonStyle::Danger,
                        })
                        .disabled(b.disabled)
                })
                .collect(),
        )
    });
    selects.chain(buttons).collect()
}

fn emoji(e: &Emoji) -> serenity::ReactionType {
    serenity::ReactionType::Custom {
        animated: false,
        id: serenity::EmojiId::new(e.id),
        name: Some(e.name.clone()),
    }
}

/// The custom ids of a message's own buttons and menus.
pub fn custom_ids(message: &serenity::Message) -> Vec<String> {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .filter_map(|c| match c {
            serenity::ActionRowComponent::Button(b) => match &b.data {
                serenity::ButtonKind::NonLink { custom_id, .. } => Some(custom_id.clone()),
                _ => None,
            },
            serenity::ActionRowComponent::SelectMenu(m) => m.custom_id.clone(),
            _ => None,
        })
        .collect()
}

/// A file with its description (the alt text of a picture).
fn attachment(a: &Attachment) -> serenity::CreateAttachment {
    let file = serenity::CreateAttachment::bytes(a.bytes.clone(), a.name.clone());
    match &a.description {
        Some(d) => file.description(d.clone()),
        None => file,
    }
}

/// Only the users a message names on purpose are pinged.
pub fn mentions(msg: &Msg) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(msg.mentions.iter().map(|&u| serenity::UserId::new(u)))
        .everyone(false)
        .all_roles(false)
}

fn response_message(msg: &Msg) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(msg.content.clone())
        .components(rows(msg))
        .allowed_mentions(mentions(msg))
        .files(msg.files.iter().map(attachment))
}

/// The interaction callback for an outcome's response.
pub fn interaction_response(r: &Response) -> serenity::CreateInteractionResponse {
    match r {
        Response::Ephemeral(m) => {
            serenity::CreateInteractionResponse::Message(response_message(m).ephemeral(true))
        }
        Response::Public(m) => serenity::CreateInteractionResponse::Message(response_message(m)),
        Response::Update(m) => {
            serenity::CreateInteractionResponse::UpdateMessage(response_message(m))
        }
    }
}

/// Answers a press with `r`. An update that brings no files leaves the message's files alone:
/// serenity's builder always sends `"attachments": []`, with which Discord removes them.
pub async fn answer_press(
    http: &serenity::Http,
    (id, token): (serenity::InteractionId, &str),
    r: &Response,
) -> Result<(), serenity::Error> {
    match r {
        Response::Update(m) if m.files.is_empty() => {
            http.create_interaction_response(id, token, &update_without_files(m), Vec::new())
                .await
        }
        _ => interaction_response(r).execute(http, (id, token)).await,
    }
}

/// An update of the pressed message (callback type 7) that leaves its files alone: what
/// serenity's builder sends, less its `attachments`. Most presses are answered so.
#[derive(serde::Serialize)]
struct UpdateWithoutFiles<'a> {
    #[serde(rename = "type")]
    kind: u8,
    data: UpdateData<'a>,
}

#[derive(serde::Serialize)]
struct UpdateData<'a> {
    content: &'a str,
    components: Vec<serenity::CreateActionRow>,
    allowed_mentions: serenity::CreateAllowedMentions,
}

fn update_without_files(m: &Msg) -> UpdateWithoutFiles<'_> {
    UpdateWithoutFiles {
        kind: 7,
        data: UpdateData {
            content: &m.content,
            components: rows(m),
            allowed_mentions: mentions(m),
        },
    }
}

/// Acknowledges a press (type 6) that will be answered later, by [`answer_deferred`].
pub async fn acknowledge(
    http: &serenity::Http,
    (id, token): (serenity::InteractionId, &str),
) -> Result<(), serenity::Error> {
    serenity::CreateInteractionResponse::Acknowledge
        .execute(http, (id, token))
        .await
}

/// The answer to a press that was acknowledged first (type 6): an update edits the message
/// the button is on; anything else follows as a new message.
pub async fn answer_deferred(
    http: &serenity::Http,
    token: &str,
    r: &Response,
) -> Result<Option<u64>, serenity::Error> {
    // The new message a follow-up creates (`None`: the pressed one was edited).
    match r {
        Response::Update(m) => {
            let edit = serenity::EditInteractionResponse::new()
                .content(m.content.clone())
                .components(rows(m))
                .allowed_mentions(mentions(m));
            edit.execute(http, token).await.map(|_| None)
        }
        Response::Ephemeral(m) | Response::Public(m) => {
            let followup = serenity::CreateInteractionResponseFollowup::new()
                .content(m.content.clone())
                .components(rows(m))
                .allowed_mentions(mentions(m))
                .add_files(m.files.iter().map(attachment))
                .ephemeral(matches!(r, Response::Ephemeral(_)));
            followup
                .execute(http, (None, token))
                .await
                .map(|m| Some(m.id.get()))
        }
    }
}

/// A reply to a slash command.
pub fn reply(r: &Response) -> poise::CreateReply {
    let (m, ephemeral) = match r {
        Response::Ephemeral(m) => (m, true),
        Response::Public(m) | Response::Update(m) => (m, false),
    };
    let mut reply = poise::CreateReply::default()
        .content(m.content.clone())
        .components(rows(m))
        .allowed_mentions(mentions(m))
        .ephemeral(ephemeral);
    for file in &m.files {
        reply = reply.attachment(attachment(file));
    }
    reply
}

/// Posts and edits through serenity's HTTP client.
#[derive(Clone)]
pub struct DiscordOut {
    http: Arc<serenity::Http>,
}

impl DiscordOut {
    pub fn new(http: Arc<serenity::Http>) -> DiscordOut {
        DiscordOut { http }
    }
}

/// How a request failed, as far as trying it again goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Failed {
    /// Discord answered with this status.
    Status(u16),
    /// No connection: the request never went out.
    NotSent,
    /// The connection broke once the request may have reached Discord.
    Lost,
    /// Not the request's failure (a body that does not encode, say).
    Local,
}

impl Failed {
    fn of(e: &serenity::Error) -> Failed {
        use serenity::http::HttpError;
        match e {
            serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
                Failed::Status(r.status_code.as_u16())
            }
            serenity::Error::Http(HttpError::Request(r)) if r.is_connect() => Failed::NotSent,
            serenity::Error::Http(HttpError::Request(_)) | serenity::Error::Io(_) => Failed::Lost,
            _ => Failed::Local,
        }
    }

    /// Whether another try of a request that does the same however often it is sent (an
    /// edit, a post with a nonce) may help: Discord's 5xx and 429, and the network.
    fn retry_repeatable(self) -> bool {
        match self {
            Failed::Status(status) => status == 429 || (500..600).contains(&status),
            Failed::NotSent | Failed::Lost => true,
            Failed::Local => false,
        }
    }

    /// Whether another try of a follow-up may help and do no harm: it carries no nonce, so
    /// only a request Discord surely did not carry out (429, no connection) goes again; after
    /// a 5xx or a broken connection the message may exist already.
    fn retry_followup(self) -> bool {
        matches!(self, Failed::Status(429) | Failed::NotSent)
    }
}

/// Whether a failed request is worth another try (see [`Failed::retry_repeatable`]), and what
/// a refusal for good says is gone (Discord's error codes).
pub fn send_error(e: serenity::Error) -> SendError {
    let retry = Failed::of(&e).retry_repeatable();
    send_error_with(e, retry)
}

/// A failed follow-up (see [`Failed::retry_followup`]).
fn followup_error(e: serenity::Error) -> SendError {
    let retry = Failed::of(&e).retry_followup();
    send_error_with(e, retry)
}

fn send_error_with(e: serenity::Error, retry: bool) -> SendError {
    use serenity::http::HttpError;
    let gone = match &e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            gone(r.status_code.as_u16(), r.error.code)
        }
        _ => None,
    };
    // A request's error names its URL, and a webhook route's URL holds the token.
    let message = match e {
        serenity::Error::Http(HttpError::Request(r)) => r.without_url().to_string(),
        e => e.to_string(),
    };
    SendError {
        retry,
        gone,
        message,
    }
}

/// Missing Access (50001), Missing Permissions (50013) and Unknown Channel (10003) close the
/// channel to the bot; Unknown Message (10008) the message.
fn gone(status: u16, code: isize) -> Option<Gone> {
    match (status, code) {
        (403, 50001 | 50013) | (404, 10003) => Some(Gone::Channel),
        (404, 10008) => Some(Gone::Message),
        // Invalid Webhook Token (an expired interaction token), Unknown Webhook.
        (401, 50027) | (404, 10015) => Some(Gone::Token),
        _ => None,
    }
}

fn local(message: impl std::fmt::Display) -> SendError {
    SendError {
        retry: false,
        gone: None,
        message: message.to_string(),
    }
}

impl Transport for DiscordOut {
    async fn post(&self, channel: u64, msg: &Msg, nonce: Option<&str>) -> Result<u64, SendError> {
        let mut m = serenity::CreateMessage::new()
            .content(msg.content.clone())
            .components(rows(msg))
            .allowed_mentions(mentions(msg))
            .add_files(msg.files.iter().map(attachment));
        if let Some(nonce) = nonce {
            // Discord creates the message once, however often a retry sends it.
            m = m
                .nonce(serenity::Nonce::String(nonce.to_string()))
                .enforce_nonce(true);
        }
        serenity::ChannelId::new(channel)
            .send_message(&*self.http, m)
            .await
            .map(|m| m.id.get())
            .map_err(send_error)
    }

    async fn edit(&self, channel: u64, message: u64, msg: &Msg) -> Result<(), SendError> {
        let m = serenity::EditMessage::new()
            .content(msg.content.clone())
            .components(rows(msg))
            .allowed_mentions(mentions(msg));
        let route = Route::ChannelMessage {
            channel_id: serenity::ChannelId::new(channel),
            message_id: serenity::MessageId::new(message),
        };
        self.patch(route, &m).await
    }

    async fn edit_ephemeral(&self, token: &str, msg: &Msg) -> Result<(), SendError> {
        let edit = serenity::EditInteractionResponse::new()
            .content(msg.content.clone())
            .components(rows(msg))
            .allowed_mentions(mentions(msg));
        let route = Route::WebhookOriginalInteractionResponse {
            application_id: self.application_id()?,
            token,
        };
        self.patch(route, &edit).await
    }

    async fn followup(&self, token: &str, msg: &Msg) -> Result<u64, SendError> {
        serenity::CreateInteractionResponseFollowup::new()
            .content(msg.content.clone())
            .components(rows(msg))
            .allowed_mentions(mentions(msg))
            .add_files(msg.files.iter().map(attachment))
            .execute(&*self.http, (None, token))
            .await
            .map(|m| m.id.get())
            .map_err(followup_error)
    }

    async fn edit_via(
        &self,
        token: &str,
        message: Option<u64>,
        msg: &Msg,
    ) -> Result<(), SendError> {
        let edit = serenity::EditInteractionResponse::new()
            .content(msg.content.clone())
            .components(rows(msg))
            .allowed_mentions(mentions(msg));
        let application_id = self.application_id()?;
        let route = match message {
            None => Route::WebhookOriginalInteractionResponse {
                application_id,
                token,
            },
            Some(id) => Route::WebhookFollowupMessage {
                application_id,
                token,
                message_id: serenity::MessageId::new(id),
            },
        };
        self.patch(route, &edit).await
    }

    async fn direct(&self, user: u64, msg: &Msg) -> Result<u64, SendError> {
        let recipient = serde_json::json!({ "recipient_id": user.to_string() });
        let dm = self
            .http
            .create_private_channel(&recipient)
            .await
            .map_err(send_error)?;
        let m = serenity::CreateMessage::new()
            .content(msg.content.clone())
            .allowed_mentions(mentions(msg));
        dm.id
            .send_message(&*self.http, m)
            .await
            .map(|m| m.id.get())
            .map_err(send_error)
    }
}

impl DiscordOut {
    /// The application's id, which webhook routes name (known once Ready came).
    fn application_id(&self) -> Result<serenity::ApplicationId, SendError> {
        self.http.application_id().ok_or_else(|| SendError {
            retry: true,
            gone: None,
            message: "the application id is not known yet (no Ready received)".into(),
        })
    }

    /// An edit whose answer (Discord's copy of the message) is read but not decoded: the bot
    /// never looks at it, and decoding it into serenity's `Message` cost more CPU than
    /// building the request (two edits follow most moves).
    async fn patch(&self, route: Route<'_>, body: &impl serde::Serialize) -> Result<(), SendError> {
        let body = serde_json::to_vec(body).map_err(local)?;
        let request = Request::new(route, LightMethod::Patch).body(Some(body));
        let response = self.http.request(request).await.map_err(send_error)?;
        // Read to its end, so that the connection goes back to the pool. The error leaves out
        // the URL: a webhook route's URL holds the interaction token.
        response.bytes().await.map(|_| ()).map_err(|e| SendError {
            retry: true,
            gone: None,
            message: e.without_url().to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::model::Button;

    /// The update sent without files is serenity's own body, less `attachments` alone.
    #[test]
    fn an_update_without_files_is_the_builders_body_without_attachments() {
        let mut m = Msg::text("Your turn: 5♥ 6♥".into());
        m.rows = vec![vec![Button::new(
            "a:d".into(),
            "Draw".into(),
            Style::Primary,
        )]];
        m.mentions = vec![42];
        let mut built = serde_json::to_value(interaction_response(&Response::Update(m.clone())))
            .expect("the builder's body");
        let data = built["data"].as_object_mut().expect("data");
        assert_eq!(data.remove("attachments"), Some(serde_json::json!([])));
        let ours = serde_json::to_value(update_without_files(&m)).expect("ours");
        assert_eq!(ours, built);
    }

    /// A follow-up has no nonce: it goes again only when Discord surely did not create it
    /// (429, no connection), never after a 5xx or a broken connection, as edits and posts
    /// with a nonce do.
    #[test]
    fn a_follow_up_is_tried_again_only_when_it_cannot_make_a_duplicate() {
        let again = [Failed::Status(429), Failed::NotSent];
        let never = [
            Failed::Status(500),
            Failed::Status(502),
            Failed::Lost,
            Failed::Status(400),
            Failed::Local,
        ];
        assert!(again.iter().all(|f| f.retry_followup()));
        assert!(never.iter().all(|f| !f.retry_followup()), "{never:?}");
        let repeated = [Failed::Status(500), Failed::Status(503), Failed::Lost];
        assert!(repeated.iter().all(|f| f.retry_repeatable()));
        assert!(again.iter().all(|f| f.retry_repeatable()));
        assert!(!Failed::Status(404).retry_repeatable());
    }
}
