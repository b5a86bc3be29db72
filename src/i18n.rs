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
