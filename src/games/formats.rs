//! The ledger's families of formats, each declared by its game ([`Kind::FAMILIES`]); the
//! list of all of them is the games' (`variants`).
//!
//! [`Kind::FAMILIES`]: super::Kind::FAMILIES

/// Which matches a ledger command counts: all, or one family of formats. The filters are one
/// table, [`FormatFilter::all`], each game's families declared by the game itself: the
/// commands' `format` choices, the leaderboard buttons' ids and the texts all read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormatFilter {
    /// Its choice in the ledger's `format` options (the catalogue's `choice-<name>` labels it).
    pub name: &'static str,
    /// The stored formats it counts, as a LIKE pattern with no wildcard but a final `%`;
    /// `None`: all.
    pub(crate) pattern: Option<&'static str>,
    /// The catalogue key of its name, on boards and history lines.
    pub key: &'static str,
    /// Its digit (0 to 9) in a leaderboard button's id. Posted buttons carry it: never change
    /// or reuse one.
    pub code: u8,
    /// Whether a history line names the game: all but two- and three-player Gin, the default.
    pub named_in_history: bool,
    /// Whether its score sheet has the Gin family's boxes and bonuses (Rummy's totals are
    /// the points scored, and nothing more).
    pub boxes: bool,
}

// Named as the variant of the enum it replaced, which callers still write.
#[allow(non_upper_case_globals)]
impl FormatFilter {
    /// Every match.
    pub const Any: FormatFilter = FormatFilter {
        name: "any",
        pattern: None,
        key: "board-format-any",
        code: 0,
        named_in_history: false,
        boxes: true,
    };
}

impl FormatFilter {
    /// A game's family of formats (`pattern`: the stored formats it counts, as a LIKE
    /// pattern with no wildcard but a final `%`); `code` is its digit in a leaderboard
    /// button's id, which posted buttons carry: never change or reuse one.
    pub const fn family(
        name: &'static str,
        pattern: &'static str,
        key: &'static str,
        code: u8,
        named_in_history: bool,
        boxes: bool,
    ) -> FormatFilter {
        FormatFilter {
            name,
            pattern: Some(pattern),
            key,
            code,
            named_in_history,
            boxes,
        }
    }
}

/// Whether LIKE `pattern` (no wildcard but a final `%`) holds the stored format `stored`.
pub(crate) fn holds(pattern: &str, stored: &str) -> bool {
    match pattern.strip_suffix('%') {
        Some(prefix) => stored.starts_with(prefix),
        None => stored == pattern,
    }
}
