//! Text that players chose (display names, season names) as the bot's messages show it: as
//! the letters they typed, never as Discord markdown, a link, a heading or a mention.

use crate::games::Seats;

/// Characters Discord's markdown gives a meaning to; a backslash before any of them shows the
/// character itself (Discord drops a backslash before punctuation).
const MARKDOWN: &[char] = &[
    '\\', '*', '_', '~', '`', '|', '>', '<', '#', '-', '+', '.', '[', ']', '(', ')',
];

/// `name` for a message's text: markdown characters escaped, mass mentions (`@everyone`,
/// `@here`) broken by an invisible space, line breaks as spaces.
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        match c {
            '\n' | '\r' => out.push(' '),
            c if MARKDOWN.contains(&c) => {
                out.push('\\');
                out.push(c);
            }
            '@' => out.push_str("@\u{200B}"),
            c => out.push(c),
        }
    }
    out
}

/// Text rendered with [`escape`]d names, as words for a picture or its description (where
/// markdown does not render): the escapes taken out again.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek().is_some_and(|n| MARKDOWN.contains(n)) => {
                out.extend(chars.next());
            }
            '\u{200B}' => {}
            c => out.push(c),
        }
    }
    out
}

/// `name` inside a code block, where nothing renders but a backtick would close the block:
/// backticks become a look-alike (`ˋ`), line breaks spaces.
pub fn in_code(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '`' => 'ˋ',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect()
}

/// The seats with their names [`escape`]d: what every text renderer of a scene is handed.
pub fn shown(seats: &Seats) -> Seats {
    Seats {
        names: seats.names.iter().map(|n| escape(n)).collect(),
        ..seats.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_links_headers_and_mentions_are_shown_as_typed() {
        assert_eq!(
            escape("[Verify](https://example.com/a)"),
            "\\[Verify\\]\\(https://example\\.com/a\\)"
        );
        assert_eq!(escape("# Big"), "\\# Big");
        assert_eq!(escape("-# small"), "\\-\\# small");
        assert_eq!(escape("1. x"), "1\\. x");
        assert_eq!(
            escape("**b** ~~s~~ ||x|| `c`"),
            "\\*\\*b\\*\\* \\~\\~s\\~\\~ \\|\\|x\\|\\| \\`c\\`"
        );
        assert_eq!(escape("@everyone"), "@\u{200B}everyone");
        assert_eq!(escape("<@123>"), "\\<@\u{200B}123\\>");
        assert_eq!(escape("a\\b"), "a\\\\b");
        assert_eq!(escape("Ann Lee"), "Ann Lee");
        assert_eq!(in_code("a```b"), "aˋˋˋb");
        for name in [
            "[Verify](https://example.com/a)",
            "a\\*b\\",
            "@here <@1>",
            "plain",
        ] {
            assert_eq!(unescape(&escape(name)), name);
        }
    }
}
