//! Every command's texts from the message catalogue (`locales/`).

use super::super::{Data, Error};
use crate::i18n::{self, Lang};
use std::borrow::Cow;

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
