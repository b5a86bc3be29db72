//! The field of an event by entrant id: how an entrant is named in the public message (its
//! players' names, escaped), in an announcement (mentions) and in a picture (as typed).

use crate::games::organizer::{EntrantLine, TournamentScene};
use crate::games::tournament::EntrantId;
use crate::ui::text::escape;
use std::collections::HashMap;

/// An event's entrants, found by id.
pub(super) struct Field<'a> {
    by_id: HashMap<EntrantId, &'a EntrantLine>,
}

/// An id the scene does not list (a stored event that lost an entry): shown as unknown
/// rather than failing the whole message.
const UNKNOWN: &str = "?";

impl<'a> Field<'a> {
    pub fn of(scene: &'a TournamentScene) -> Field<'a> {
        Field {
            by_id: scene.entrants.iter().map(|e| (e.id, e)).collect(),
        }
    }

    /// The name for a message's text: "Anna", or a team's "Anna & Ben".
    pub fn name(&self, id: EntrantId) -> String {
        self.by_id
            .get(&id)
            .map_or_else(|| UNKNOWN.to_string(), |e| escape(&e.name()))
    }

    /// The name as typed, for a picture and its description.
    pub fn plain(&self, id: EntrantId) -> String {
        self.by_id
            .get(&id)
            .map_or_else(|| UNKNOWN.to_string(), |e| e.name())
    }

    /// The entrant's players as mentions: "<@1>", or "<@1> & <@2>".
    pub fn mention(&self, id: EntrantId) -> String {
        match self.by_id.get(&id) {
            Some(e) => e
                .users
                .iter()
                .map(|(u, _)| format!("<@{u}>"))
                .collect::<Vec<_>>()
                .join(" & "),
            None => UNKNOWN.to_string(),
        }
    }

    /// The entrant's players' user ids.
    pub fn users(&self, id: EntrantId) -> Vec<u64> {
        self.by_id
            .get(&id)
            .map(|e| e.users.iter().map(|(u, _)| *u).collect())
            .unwrap_or_default()
    }
}
