//! Messages as the handlers produce them, independent of serenity: the Discord adapter turns
//! them into builders, the tests read them directly.

use super::art::Deck;

/// A message's text, select menus, buttons and who may be pinged by it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Msg {
    pub content: String,
    /// Select menus, one row each, above the buttons.
    pub selects: Vec<Select>,
    /// At most 5 rows of at most 5 buttons, selects included (Discord's limits; checked in
    /// tests).
    pub rows: Vec<Vec<Button>>,
    /// Users this message may mention (everyone else's mention is not pinged).
    pub mentions: Vec<u64>,
    /// Files attached to it (a CSV export, a showdown picture, a stats chart).
    pub files: Vec<Attachment>,
    /// The deck its card names may be shown in as emojis (`None`: text only); see
    /// [`super::faces::Faces::dress`].
    pub cards: Option<Deck>,
}

/// A file sent with a message; the description is the picture in words (its alt text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
    pub description: Option<String>,
}

/// One of the application's emojis, as a button or a menu option shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emoji {
    pub id: u64,
    pub name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: Style,
    pub disabled: bool,
    pub emoji: Option<Emoji>,
}

impl Button {
    pub fn new(id: String, label: String, style: Style) -> Button {
        Button {
            id,
            label,
            style,
            disabled: false,
            emoji: None,
        }
    }
}

/// A menu of one choice among at most 25 (Discord's limit), each option's value completing
/// the menu's id into a button's (see [`super::ids::Press::decode_choice`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    pub emoji: Option<Emoji>,
}

impl Msg {
    pub fn text(content: String) -> Msg {
        Msg {
            content,
            ..Msg::default()
        }
    }

    /// Lays buttons out five to a row.
    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Msg {
        for chunk in buttons.chunks(5) {
            self.rows.push(chunk.to_vec());
        }
        self
    }

    pub fn buttons(&self) -> impl Iterator<Item = &Button> {
        self.rows.iter().flatten()
    }
}

/// How the answer to an interaction is delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// A new message only the caller sees.
    Ephemeral(Msg),
    /// A new public message in the channel.
    Public(Msg),
    /// Replaces the message the pressed button is on.
    Update(Msg),
}

impl Response {
    pub fn msg(&self) -> &Msg {
        match self {
            Response::Ephemeral(m) | Response::Public(m) | Response::Update(m) => m,
        }
    }
}
