//! The message catalogue: both languages have every key with the same placeholders, and the
//! same state renders in both.

use fluent_syntax::ast;
use gin::i18n::Lang;
use std::collections::{BTreeMap, BTreeSet};

fn vars_in_pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            vars_in_expression(expression, out);
        }
    }
}

fn vars_in_expression(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => vars_in_inline(i, out),
        ast::Expression::Select { selector, variants } => {
            vars_in_inline(selector, out);
            for v in variants {
                vars_in_pattern(&v.value, out);
            }
        }
    }
}

fn vars_in_inline(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => vars_in_expression(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                vars_in_inline(a, out);
            }
        }
        _ => {}
    }
}

/// Message id -> the placeholders it uses.
fn placeholders(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(lang.source())
        .unwrap_or_else(|(_, e)| panic!("{lang:?} does not parse: {e:?}"));
    let mut map = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(v) = &m.value {
                    vars_in_pattern(v, &mut vars);
                }
                assert!(
                    map.insert(m.id.name.to_string(), vars).is_none(),
                    "{lang:?}: {} twice",
                    m.id.name
                );
            }
            ast::Entry::Junk { content } => panic!("{lang:?}: unparsable entry {content}"),
            _ => {}
        }
    }
    map
}

#[test]
fn every_key_exists_in_both_languages_with_the_same_placeholders() {
    let en = placeholders(Lang::En);
    let de = placeholders(Lang::De);
    let only_en: Vec<_> = en.keys().filter(|k| !de.contains_key(*k)).collect();
    let only_de: Vec<_> = de.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(only_en.is_empty(), "missing in German: {only_en:?}");
    assert!(only_de.is_empty(), "missing in English: {only_de:?}");
    for (key, vars) in &en {
        assert_eq!(vars, &de[key], "placeholders of {key} differ");
    }
}

#[test]
fn every_key_the_code_uses_exists() {
    let en = placeholders(Lang::En);
    let mut missing = Vec::new();
    for dir in ["src"] {
        for entry in walk(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)) {
            let text = std::fs::read_to_string(&entry).unwrap();
            for cap in text.split('"').skip(1).step_by(2) {
                let looks_like_key = [
                    "err-",
                    "act-",
                    "prompt-",
                    "table-",
                    "hand-",
                    "you-",
                    "button-",
                    "showdown-",
                    "end-",
                    "rules-",
                    "challenge-",
                ]
                .iter()
                .any(|p| cap.starts_with(p))
                    && cap
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if looks_like_key && !en.contains_key(cap) {
                    missing.push(format!("{}: {cap}", entry.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keys used in code but not in the catalogue: {missing:?}"
    );
}

fn walk(dir: std::path::PathBuf) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

#[test]
fn command_names_and_descriptions_fit_discords_rules() {
    for lang in Lang::ALL {
        for (key, _) in placeholders(lang) {
            let text = gin::i18n::t(lang, &key, &[]);
            if key.starts_with("cmd-") && key.ends_with("-name") {
                assert!(
                    !text.is_empty()
                        && text.len() <= 32
                        && text.chars().all(|c| c.is_lowercase()
                            || c.is_ascii_digit()
                            || c == '-'
                            || c == '_'),
                    "{lang:?} {key} = {text}"
                );
            } else if key.starts_with("cmd-") {
                assert!(text.chars().count() <= 100, "{lang:?} {key} too long");
            }
        }
    }
}
