//! The message catalogue: every text a user sees, in Fluent files under `locales/`, one per
//! language, compiled into the binary. Handlers and renderers only ever name message ids.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::LazyLock;

/// The languages the bot speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// Discord's locale codes (`de`, `en-US`, ...): German for `de*`, English otherwise.
    pub fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("de") {
            Lang::De
        } else {
            Lang::En
        }
    }

    /// The code stored with a match and sent to Discord.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::De => "de",
        }
    }

    /// The Fluent source of this language.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::De => include_str!("../locales/de.ftl"),
        }
    }
}

struct Catalog {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| Catalog {
    bundles: Lang::ALL.iter().map(|&l| (l, bundle(l))).collect(),
});

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(lang.source().to_string())
        .unwrap_or_else(|(_, errors)| panic!("locales for {lang:?} do not parse: {errors:?}"));
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("valid language code");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    b.set_use_isolating(false);
    b.add_resource(resource)
        .unwrap_or_else(|errors| panic!("locales for {lang:?}: {errors:?}"));
    b
}

/// One argument of a message.
pub type Arg<'a> = (&'a str, FluentValue<'a>);

/// The text of message `key` in `lang` with `args`. A missing key shows the key itself (the
/// catalogue test makes sure none is missing).
pub fn t(lang: Lang, key: &str, args: &[Arg<'_>]) -> String {
    let bundle = &CATALOG
        .bundles
        .iter()
        .find(|(l, _)| *l == lang)
        .expect("every language has a bundle")
        .1;
    let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
        tracing::error!(key, ?lang, "missing message");
        return key.to_string();
    };
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
    if !errors.is_empty() {
        tracing::error!(key, ?lang, ?errors, "message formatting");
        // A missing argument shows as `{$name}` to players: make every test catch it.
        debug_assert!(false, "formatting {key} in {lang:?}: {errors:?}");
    }
    text.into_owned()
}

/// `tr!(lang, "key", name = value, ...)`: a message with named arguments.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::t($lang, $key, &[$((stringify!($name), ::fluent_bundle::FluentValue::from($value))),*])
    };
}

/// Whether `key` exists in `lang` (for texts that are optional per variant).
pub fn has(lang: Lang, key: &str) -> bool {
    CATALOG
        .bundles
        .iter()
        .any(|(l, b)| *l == lang && b.has_message(key))
}

/// Every message whose id starts with `prefix`, the prefix taken off, each variable shown as
/// `{name}`: the web table's texts, which the page fills in itself. (A selector then takes
/// its default variant: such messages use none.)
pub fn texts_with_prefix(lang: Lang, prefix: &str) -> Vec<(String, String)> {
    use fluent_syntax::ast;
    let resource = match fluent_syntax::parser::parse(lang.source()) {
        Ok(r) | Err((r, _)) => r,
    };
    let mut out = Vec::new();
    for entry in &resource.body {
        let ast::Entry::Message(m) = entry else {
            continue;
        };
        let Some(short) = m.id.name.strip_prefix(prefix) else {
            continue;
        };
        let mut names = Vec::new();
        if let Some(p) = &m.value {
            variables(p, &mut names);
        }
        let shown: Vec<String> = names.iter().map(|n| format!("{{{n}}}")).collect();
        let args: Vec<Arg<'_>> = names
            .iter()
            .zip(&shown)
            .map(|(n, v)| (n.as_str(), FluentValue::from(v.as_str())))
            .collect();
        out.push((short.to_string(), t(lang, m.id.name, &args)));
    }
    out
}

/// The variables a pattern refers to, in order, each once.
fn variables(p: &fluent_syntax::ast::Pattern<&str>, names: &mut Vec<String>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    fn inline(e: &InlineExpression<&str>, names: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } if !names.iter().any(|n| n == id.name) => {
                names.push(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expr(expression, names),
            _ => {}
        }
    }
    fn expr(e: &Expression<&str>, names: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => inline(i, names),
            Expression::Select { selector, variants } => {
                inline(selector, names);
                for v in variants {
                    variables(&v.value, names);
                }
            }
        }
    }
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr(expression, names);
        }
    }
}
