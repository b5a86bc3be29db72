//! The registered slash commands as Discord counts them: a command with all its subcommands,
//! options and choices may hold 4,000 characters of names, descriptions and choice values,
//! each field counted at its longest localization; one command over it makes the bulk
//! registration of every command fail. Computed from the payload the bot really registers.

use serde_json::Value;

/// Discord's limit on one command; the test keeps 10% of it free for the next option.
const COMMAND_LIMIT: usize = 4_000;
const MARGIN_LIMIT: usize = COMMAND_LIMIT * 9 / 10;

/// The JSON of every command the bot registers (poise's bulk-overwrite payload).
fn registered() -> Vec<Value> {
    let tree = gin::discord::command_tree();
    poise::builtins::create_application_commands(&tree)
        .iter()
        .map(|c| serde_json::to_value(c).expect("a command serializes"))
        .collect()
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// A field's length as Discord counts it: its longest text over the base and its
/// localizations (`<field>_localizations`).
fn longest(v: &Value, field: &str) -> usize {
    let text = |t: &Value| match t {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().chars().count(),
    };
    let localized = v[format!("{field}_localizations")]
        .as_object()
        .into_iter()
        .flat_map(|m| m.values())
        .map(text);
    localized.chain([text(&v[field])]).max().unwrap_or(0)
}

/// Every name, base or localized, of a command, option or choice.
fn names(v: &Value) -> Vec<String> {
    let localized = v["name_localizations"]
        .as_object()
        .into_iter()
        .flat_map(|m| m.values())
        .filter_map(|n| n.as_str().map(str::to_string));
    v["name"]
        .as_str()
        .map(str::to_string)
        .into_iter()
        .chain(localized)
        .collect()
}

/// Discord's name rule for commands and options: 1 to 32 letters, digits, `-` or `_`,
/// lowercase where the letter has a lowercase form.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
}

/// The counted size of a command or option and everything under it; every breach of the
/// per-field limits on the way is pushed to `faults` under its path.
fn size(v: &Value, path: &str, faults: &mut Vec<String>) -> usize {
    for name in names(v) {
        if !valid_name(&name) {
            faults.push(format!("{path}: name {name:?} breaks Discord's name rule"));
        }
    }
    let description = longest(v, "description");
    let shortest = std::iter::once(&v["description"])
        .chain(
            v["description_localizations"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values()),
        )
        .map(|d| d.as_str().unwrap_or_default().chars().count())
        .min()
        .unwrap_or(0);
    if shortest == 0 || description > 100 {
        faults.push(format!(
            "{path}: a description of {shortest} to {description} characters (1 to 100)"
        ));
    }
    let mut total = longest(v, "name") + description;
    let choices = list(&v["choices"]);
    if choices.len() > 25 {
        faults.push(format!("{path}: {} choices (25 at most)", choices.len()));
    }
    for c in choices {
        let name = longest(c, "name");
        if name == 0 || name > 100 {
            faults.push(format!(
                "{path}: choice name of {name} characters (1 to 100)"
            ));
        }
        total += name + longest(c, "value");
    }
    let options = list(&v["options"]);
    if options.len() > 25 {
        faults.push(format!("{path}: {} options (25 at most)", options.len()));
    }
    for o in options {
        let sub = format!("{path} {}", o["name"].as_str().unwrap_or_default());
        total += size(o, &sub, faults);
    }
    total
}

/// Every command stays under 90% of Discord's 4,000 characters, and every name, description,
/// option list and choice list within Discord's limits.
#[test]
fn every_command_fits_discords_budget_with_a_margin() {
    let mut faults = Vec::new();
    let mut sizes = Vec::new();
    for c in registered() {
        let name = c["name"].as_str().unwrap_or_default().to_string();
        let n = size(&c, &format!("/{name}"), &mut faults);
        sizes.push(format!("/{name}: {n}"));
        if n > MARGIN_LIMIT {
            faults.push(format!(
                "/{name} counts {n} characters: over {MARGIN_LIMIT} (90% of Discord's {COMMAND_LIMIT})"
            ));
        }
    }
    println!("command sizes: {}", sizes.join(", "));
    assert!(
        sizes.iter().any(|s| s.starts_with("/tournament:")),
        "/tournament is registered and counted: {sizes:?}"
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The counting itself: the longest localization counts, choices count names and values.
#[test]
fn the_count_takes_each_fields_longest_localization() {
    let c = serde_json::json!({
        "name": "ab", "name_localizations": {"de": "abcd"},
        "description": "x", "description_localizations": {"de": "xyz"},
        "options": [{"name": "o", "description": "dd", "choices": [
            {"name": "n", "name_localizations": {"de": "nn"}, "value": 10}
        ]}]
    });
    let mut faults = Vec::new();
    assert_eq!(size(&c, "/ab", &mut faults), 4 + 3 + 1 + 2 + 2 + 2);
    assert!(faults.is_empty(), "{faults:?}");
    let bad = serde_json::json!({"name": "Ab", "description": ""});
    size(&bad, "/Ab", &mut faults);
    assert_eq!(faults.len(), 2, "{faults:?}");
}

/// `/gin` and `/rummy` are offered to user installs, in the bot's DM and in DMs and group DMs
/// (a match works there through interactions alone); what needs the bot in the server stays
/// with server installs. Contexts and installation types are set on top-level commands only.
#[test]
fn gin_is_offered_in_dms_and_to_user_installs() {
    let commands = registered();
    let find = |name: &str| {
        commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} is registered"))
    };
    for name in ["gin", "rummy"] {
        let c = find(name);
        assert_eq!(c["contexts"], serde_json::json!([0, 1, 2]), "/{name}");
        assert_eq!(c["integration_types"], serde_json::json!([0, 1]), "/{name}");
    }
    for name in ["ginmod", "tournament"] {
        let c = find(name);
        assert_eq!(c["contexts"], serde_json::json!([0]), "/{name}");
        assert_eq!(c["integration_types"], serde_json::json!([0]), "/{name}");
    }
}

/// What only moderators may do sits under a top-level command registered with Manage Server
/// (Discord honours `default_member_permissions` on top-level commands only): members without
/// it never see those commands; `/gin` itself holds nothing that needs it.
#[test]
fn moderators_commands_are_a_top_level_command_with_manage_server() {
    const MANAGE_GUILD: &str = "32";
    let commands = registered();
    let find = |name: &str| {
        commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} is registered"))
    };
    let subs = |c: &Value| -> Vec<String> {
        list(&c["options"])
            .iter()
            .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
            .map(|o| o["name"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let ginmod = find("ginmod");
    assert_eq!(ginmod["default_member_permissions"], MANAGE_GUILD);
    assert_eq!(ginmod["contexts"], serde_json::json!([0]), "servers only");
    for sub in ["settings", "season", "cancel", "export"] {
        assert!(subs(ginmod).contains(&sub.to_string()), "/ginmod {sub}");
    }
    let gin = find("gin");
    assert!(
        gin["default_member_permissions"].is_null(),
        "everyone sees /gin"
    );
    for gone in ["season", "cancel"] {
        assert!(!subs(gin).contains(&gone.to_string()), "/gin {gone} moved");
    }
    let options_of = |c: &Value, sub: &str| -> Vec<String> {
        let s = list(&c["options"])
            .iter()
            .find(|o| o["name"] == sub)
            .unwrap();
        list(&s["options"])
            .iter()
            .map(|o| o["name"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert!(
        options_of(gin, "settings").is_empty(),
        "/gin settings only shows the settings"
    );
    assert!(
        !options_of(gin, "export").contains(&"mine".to_string()),
        "/gin export is the caller's own matches"
    );
    assert!(options_of(ginmod, "settings").contains(&"preset".to_string()));
}
