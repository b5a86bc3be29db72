//! Discord's limits on what a bot sends, checked on every message as it would look after the
//! bot's write, and the check of a slash command against what the bot registered (and
//! where). Serenity checks content and embed lengths itself, but not components or
//! custom_ids.

use super::places::{FakePlace, GUILD_INSTALL, USER_INSTALL};
use serde_json::Value;
use std::collections::HashSet;

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or(&[])
}

/// Every breach in one message. `private` lists custom_id prefixes of buttons that belong
/// only on ephemeral messages (a player's hand).
pub fn check_message(
    content: &str,
    embeds: &Value,
    components: &Value,
    ephemeral: bool,
    private: &[String],
) -> Vec<String> {
    let mut out = Vec::new();
    let n = content.chars().count();
    if n > 2000 {
        out.push(format!("content has {n} characters (max 2000)"));
    }
    check_embeds(embeds, &mut out);
    check_components(components, ephemeral, private, &mut out);
    out
}

fn check_embeds(embeds: &Value, out: &mut Vec<String>) {
    let embeds = list(embeds);
    if embeds.len() > 10 {
        out.push(format!("{} embeds (max 10)", embeds.len()));
    }
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        let mut limit = |what: &str, n: usize, max: usize| {
            if n > max {
                out.push(format!("embed {i}: {what} has {n} characters (max {max})"));
            }
            total += n;
        };
        limit("title", chars(&e["title"]), 256);
        limit("description", chars(&e["description"]), 4096);
        limit("footer", chars(&e["footer"]["text"]), 2048);
        limit("author name", chars(&e["author"]["name"]), 256);
        let fields = list(&e["fields"]);
        for f in fields {
            limit("field name", chars(&f["name"]), 256);
            limit("field value", chars(&f["value"]), 1024);
        }
        if fields.len() > 25 {
            out.push(format!("embed {i}: {} fields (max 25)", fields.len()));
        }
    }
    if total > 6000 {
        out.push(format!("embeds hold {total} characters (max 6000)"));
    }
}

fn check_components(rows: &Value, ephemeral: bool, private: &[String], out: &mut Vec<String>) {
    let rows = list(rows);
    if rows.len() > 5 {
        out.push(format!("{} action rows (max 5)", rows.len()));
    }
    let mut ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        if row["type"].as_u64() != Some(1) {
            out.push(format!("row {r} is not an action row (type 1)"));
            continue;
        }
        let comps = list(&row["components"]);
        let buttons = comps
            .iter()
            .filter(|c| c["type"].as_u64() == Some(2))
            .count();
        if comps.is_empty() {
            out.push(format!("row {r} is empty"));
        }
        if buttons > 5 {
            out.push(format!("row {r} holds {buttons} buttons (max 5)"));
        }
        if buttons < comps.len() && comps.len() > 1 {
            out.push(format!("row {r}: a select menu must be alone in its row"));
        }
        for c in comps {
            match c["type"].as_u64() {
                Some(2) => check_button(r, c, out),
                Some(3) => check_select(r, c, out),
                Some(5..=8) => {} // user, role, mentionable and channel selects
                other => out.push(format!(
                    "row {r}: component type {other:?} in an action row"
                )),
            }
            if let Some(id) = c["custom_id"].as_str() {
                let n = id.chars().count();
                if !(1..=100).contains(&n) {
                    out.push(format!("custom_id {id:?} has {n} characters (1 to 100)"));
                }
                if !ids.insert(id.to_string()) {
                    out.push(format!("custom_id {id:?} appears twice in one message"));
                }
                if !ephemeral && private.iter().any(|p| id.starts_with(p.as_str())) {
                    out.push(format!(
                        "hand button {id:?} on a message without the ephemeral flag"
                    ));
                }
            }
        }
    }
}

fn check_button(r: usize, c: &Value, out: &mut Vec<String>) {
    let style = c["style"].as_u64().unwrap_or(0);
    let label = chars(&c["label"]);
    if label > 80 {
        out.push(format!(
            "row {r}: button label has {label} characters (max 80)"
        ));
    }
    if label == 0 && c["emoji"].is_null() && style != 6 {
        out.push(format!("row {r}: a button needs a label or an emoji"));
    }
    match style {
        1..=4 if c["custom_id"].as_str().is_none() => {
            out.push(format!("row {r}: button without a custom_id"))
        }
        1..=4 => {}
        5 if c["url"].as_str().is_none() || !c["custom_id"].is_null() => {
            out.push(format!("row {r}: a link button has a url and no custom_id"))
        }
        5 | 6 => {}
        s => out.push(format!("row {r}: button style {s} (1 to 6)")),
    }
}

fn check_select(r: usize, c: &Value, out: &mut Vec<String>) {
    let options = list(&c["options"]);
    if options.is_empty() || options.len() > 25 {
        out.push(format!(
            "row {r}: select menu with {} options (1 to 25)",
            options.len()
        ));
    }
    for o in options {
        if chars(&o["label"]) > 100 || chars(&o["value"]) > 100 {
            out.push(format!(
                "row {r}: select option label or value over 100 characters"
            ));
        }
    }
}

/// Checks that the member of a chat-input command `payload` may see the command: Discord
/// shows a command registered with `default_member_permissions` only to members holding them
/// (Administrator holds all), unless the server opened it to everyone (`opened`, as on its
/// Integrations page).
pub fn check_permissions(
    registered: &Value,
    payload: &Value,
    opened: &HashSet<String>,
) -> Result<(), String> {
    let name = payload["data"]["name"].as_str().unwrap_or_default();
    let Some(spec) = list(registered).iter().find(|c| c["name"] == name) else {
        return Ok(());
    };
    let needed: u64 = match spec["default_member_permissions"].as_str() {
        Some(bits) => bits
            .parse()
            .map_err(|_| format!("/{name}: permissions {bits:?}"))?,
        None => return Ok(()),
    };
    let held: u64 = payload["member"]["permissions"]
        .as_str()
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    const ADMINISTRATOR: u64 = 1 << 3;
    if held & ADMINISTRATOR != 0 || held & needed == needed || opened.contains(name) {
        Ok(())
    } else {
        Err(format!(
            "/{name} needs permissions {needed}: Discord hides it from a member with {held}"
        ))
    }
}

/// Checks a chat-input command's `data` against the registered commands (the JSON of the
/// bot's bulk overwrite): Discord only sends commands, subcommands and options that exist,
/// with values of the registered types, within the registered choices and bounds.
pub fn check_command(registered: &Value, data: &Value) -> Result<(), String> {
    let name = data["name"].as_str().unwrap_or_default();
    let mut spec = list(registered)
        .iter()
        .find(|c| c["name"] == name)
        .ok_or_else(|| format!("/{name} is not registered"))?;
    let mut given = list(&data["options"]);
    let mut path = name.to_string();
    // Descend through subcommand groups and subcommands.
    while let [only] = given {
        if !matches!(only["type"].as_u64(), Some(1 | 2)) {
            break;
        }
        let sub = only["name"].as_str().unwrap_or_default();
        path = format!("{path} {sub}");
        spec = list(&spec["options"])
            .iter()
            .find(|o| o["name"] == sub && o["type"] == only["type"])
            .ok_or_else(|| format!("/{path} is not registered"))?;
        given = list(&only["options"]);
    }
    let specs = list(&spec["options"]);
    for g in given {
        let n = g["name"].as_str().unwrap_or_default();
        let s = specs
            .iter()
            .find(|s| s["name"] == n)
            .ok_or_else(|| format!("/{path} has no option {n:?}"))?;
        if s["type"] != g["type"] {
            return Err(format!(
                "/{path} {n}: type {} given, {} registered",
                g["type"], s["type"]
            ));
        }
        let choices = list(&s["choices"]);
        if !choices.is_empty() && !choices.iter().any(|c| c["value"] == g["value"]) {
            return Err(format!(
                "/{path} {n}: {} is not one of the choices",
                g["value"]
            ));
        }
        if let Some(v) = g["value"].as_f64() {
            let below = s["min_value"].as_f64().is_some_and(|min| v < min);
            let above = s["max_value"].as_f64().is_some_and(|max| v > max);
            if below || above {
                return Err(format!("/{path} {n}: {v} is out of the registered bounds"));
            }
        }
    }
    for s in specs.iter().filter(|s| s["required"] == true) {
        if !given.iter().any(|g| g["name"] == s["name"]) {
            return Err(format!("/{path}: required option {} missing", s["name"]));
        }
    }
    Ok(())
}

/// Checks that Discord would deliver command `payload` from `place`: a command is there only
/// in the interaction contexts it was registered for (`contexts`; none given: all) and for
/// the installation used there (`integration_types`; none given: the app's, both, or a
/// server's for commands registered in a server, `in_guild`). Commands registered in a server
/// never reach DMs.
pub fn check_context(
    registered: &Value,
    in_guild: Option<u64>,
    payload: &Value,
    place: &FakePlace,
) -> Result<(), String> {
    let name = payload["data"]["name"].as_str().unwrap_or_default();
    let (context, install) = (place.context(), place.install());
    // A command registered in one server is Discord's in that server only; the tests' bot
    // registers in one server and is pressed from others as if it were global there, so only
    // the DMs are told apart here.
    if in_guild.is_some() && place.guild().is_none() {
        return Err(format!(
            "/{name} is registered in a server: not in {}",
            place.describe()
        ));
    }
    let Some(spec) = list(registered).iter().find(|c| c["name"] == name) else {
        return Ok(());
    };
    let numbers = |v: &Value| list(v).iter().filter_map(Value::as_u64).collect::<Vec<_>>();
    let contexts = match &spec["contexts"] {
        Value::Null => vec![0, 1, 2],
        v => numbers(v),
    };
    let installs = match (&spec["integration_types"], in_guild) {
        (Value::Null, Some(_)) => vec![GUILD_INSTALL],
        (Value::Null, None) => vec![GUILD_INSTALL, USER_INSTALL],
        (v, _) => numbers(v),
    };
    if !contexts.contains(&context) {
        return Err(format!(
            "/{name} is registered for contexts {contexts:?}: not in {} (context {context})",
            place.describe()
        ));
    }
    if !installs.contains(&install) {
        return Err(format!(
            "/{name} is registered for installation types {installs:?}: not in {} (installed as {install})",
            place.describe()
        ));
    }
    Ok(())
}

/// A registration's mistakes Discord refuses: the private-channel context (2) is only for
/// commands a user can install (`integration_types` with 1; none given: the app's, which here
/// are both, as [`check_context`] reads them).
pub fn check_registration(commands: &Value) -> Vec<String> {
    list(commands)
        .iter()
        .filter(|c| list(&c["contexts"]).iter().any(|x| x.as_u64() == Some(2)))
        .filter(|c| {
            !c["integration_types"].is_null()
                && !list(&c["integration_types"])
                    .iter()
                    .any(|x| x.as_u64() == Some(USER_INSTALL))
        })
        .map(|c| {
            format!(
                "/{} is registered for private channels without the user installation",
                c["name"].as_str().unwrap_or_default()
            )
        })
        .collect()
}

/// Checks an interaction response of type 12 (LAUNCH_ACTIVITY): Discord launches the app's
/// Activity in answer to a command or a component (interaction types 2 and 3), in servers,
/// DMs and group DMs alike, and only for an app with an Activity set up (`activities`).
pub fn check_launch(interaction_type: u8, activities: bool) -> Result<(), String> {
    if !matches!(interaction_type, 2 | 3) {
        return Err(format!(
            "LAUNCH_ACTIVITY answers commands and components, not interaction type {interaction_type}"
        ));
    }
    if !activities {
        return Err("LAUNCH_ACTIVITY from an app without an Activity".into());
    }
    Ok(())
}
