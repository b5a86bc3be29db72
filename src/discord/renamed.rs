//! Commands from before an update. Discord keeps showing a player the commands it last read
//! until their client refreshes, and poise answers only the commands it has: an old one would
//! get no answer at all ("The application did not respond"). It is answered privately instead,
//! with the command that replaced it where there is one.

use super::{Data, Error};
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;

type Command = poise::Command<Data, Error>;

/// Commands that moved, as invoked (command, group, subcommand) and what replaced each. An old
/// path also covers whatever was under it (`/gin season new` was under `/gin season`).
const RENAMED: &[(&str, &str)] = &[
    // The moderators' commands went to a top-level command of their own.
    ("gin cancel", "ginmod cancel"),
    ("gin season", "ginmod season"),
];

/// The names a command interaction invokes: the command, then its group and subcommand.
fn invoked(data: &serenity::CommandData) -> Vec<&str> {
    let mut path = vec![data.name.as_str()];
    let mut options = &data.options;
    while let Some((name, inner)) = options.iter().find_map(|o| match &o.value {
        serenity::CommandDataOptionValue::SubCommand(inner)
        | serenity::CommandDataOptionValue::SubCommandGroup(inner) => Some((&o.name, inner)),
        _ => None,
    }) {
        path.push(name.as_str());
        options = inner;
    }
    path
}

/// What replaced the command at `path`, if it moved.
fn replacement(path: &[&str]) -> Option<&'static str> {
    RENAMED
        .iter()
        .filter(|(old, _)| {
            let old: Vec<&str> = old.split(' ').collect();
            path.starts_with(&old)
        })
        .max_by_key(|(old, _)| old.len())
        .map(|(_, new)| *new)
}

/// The commands along `path` in `commands`, if every name is one of them.
fn resolve<'c>(commands: &'c [Command], path: &str) -> Option<Vec<&'c Command>> {
    let mut level = commands;
    let mut found = Vec::new();
    for name in path.split(' ') {
        let c = level.iter().find(|c| c.name == name)?;
        found.push(c);
        level = &c.subcommands;
    }
    Some(found)
}

/// `path` as a player in `lang` sees it in Discord's picker (German names where it has them).
fn shown(commands: &[Command], path: &str, lang: Lang) -> String {
    let Some(chain) = resolve(commands, path) else {
        return path.to_string();
    };
    let names: Vec<&str> = chain
        .iter()
        .map(|c| {
            c.name_localizations
                .iter()
                .find(|(locale, _)| locale == lang.code())
                .map_or(c.name.as_ref(), |(_, name)| name.as_ref())
        })
        .collect();
    names.join(" ")
}

/// The private answer to a command this version does not have, in the caller's language.
fn answer_text(commands: &[Command], path: &[&str], lang: Lang) -> String {
    match replacement(path) {
        Some(new) => crate::tr!(
            lang,
            "err-command-renamed",
            command = shown(commands, new, lang)
        ),
        None => crate::tr!(lang, "err-command-gone"),
    }
}

/// Answers a command (or its autocompletion) that poise found no command for.
pub async fn answer_unknown(
    http: &serenity::Http,
    commands: &[Command],
    interaction: &serenity::CommandInteraction,
) {
    let path = invoked(&interaction.data);
    tracing::info!(command = %path.join(" "), user = interaction.user.id.get(), "command from an older version");
    let response = if interaction.data.autocomplete().is_some() {
        // Nothing to offer: an empty list rather than a failure in the picker.
        serenity::CreateInteractionResponse::Autocomplete(
            serenity::CreateAutocompleteResponse::new(),
        )
    } else {
        crate::metrics::get().interaction("command", "unknown", None);
        let lang = Lang::from_locale(&interaction.locale);
        serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(answer_text(commands, &path, lang))
                .ephemeral(true),
        )
    };
    if let Err(e) = interaction.create_response(http, response).await {
        tracing::warn!(error = %e, "answering a command from an older version");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every replacement is a command of today's tree, and no old path still is one: a table
    /// entry that went stale, or a command moved back, fails here.
    #[test]
    fn renamed_commands_lead_to_existing_commands_only() {
        let tree = super::super::command_tree();
        for (old, new) in RENAMED {
            assert!(resolve(&tree, new).is_some(), "/{new} is not a command");
            assert!(resolve(&tree, old).is_none(), "/{old} is still a command");
        }
    }

    #[test]
    fn an_old_path_and_what_was_under_it_name_their_replacement() {
        assert_eq!(replacement(&["gin", "cancel"]), Some("ginmod cancel"));
        assert_eq!(
            replacement(&["gin", "season", "new"]),
            Some("ginmod season")
        );
        assert_eq!(replacement(&["gin", "frobnicate"]), None);
        assert_eq!(replacement(&["gin"]), None);
    }

    /// The new name as the caller's Discord shows it: German names for German players.
    #[test]
    fn the_replacement_is_named_in_the_callers_language() {
        let tree = super::super::command_tree();
        let en = answer_text(&tree, &["gin", "cancel"], Lang::En);
        assert!(en.contains("/ginmod cancel"), "{en}");
        let de = answer_text(&tree, &["gin", "cancel"], Lang::De);
        let german = shown(&tree, "ginmod cancel", Lang::De);
        assert!(de.contains(&format!("/{german}")), "{de}");
        let gone = answer_text(&tree, &["gin", "frobnicate"], Lang::En);
        assert!(!gone.contains("/gin"), "{gone}");
    }
}
