//! A message that holds a whole event within Discord's 2,000 characters: fixed lines always,
//! lists (the field, the tables, the standings, the bracket's rounds) sharing the rest, each
//! cut short with "… and N more" when the event is too large to list.

use crate::i18n::Lang;
use crate::tr;

/// Discord's limit on a message's text.
pub(crate) const LIMIT: usize = 2000;

/// One part of a message.
pub(super) enum Part {
    /// Shown whole.
    Line(String),
    /// Shown as far as its share of the room allows.
    List(List),
}

/// A list: an optional head, then its items joined by `sep`.
pub(super) struct List {
    pub head: Option<String>,
    /// Between the head and the first item (a line break, or `": "` for a list on the
    /// head's own line).
    pub after_head: &'static str,
    pub items: Vec<String>,
    pub sep: &'static str,
}

impl List {
    /// Items one a line under a head.
    pub fn lines(head: Option<String>, items: Vec<String>) -> List {
        List {
            head,
            after_head: "\n",
            items,
            sep: "\n",
        }
    }

    /// Characters the whole list takes.
    fn need(&self) -> usize {
        let items: usize = self.items.iter().map(|i| len(i)).sum::<usize>()
            + len(self.sep) * self.items.len().saturating_sub(1);
        self.head
            .as_ref()
            .map_or(0, |h| len(h) + len(self.after_head))
            + items
    }

    /// The list within `budget` characters (its head and at least the "more" line always).
    fn fit(&self, lang: Lang, budget: usize) -> String {
        let mut out = String::new();
        if let Some(h) = &self.head {
            out.push_str(h);
            out.push_str(self.after_head);
        }
        let mut used = len(&out);
        let n = self.items.len();
        // What the items after each one take, separators included.
        let mut after = vec![0; n];
        for i in (0..n.saturating_sub(1)).rev() {
            after[i] = after[i + 1] + len(self.sep) + len(&self.items[i + 1]);
        }
        let mut shown = 0;
        for (i, item) in self.items.iter().enumerate() {
            let add = if i == 0 { 0 } else { len(self.sep) } + len(item);
            // Room for the rest after this one, or at least for saying how many are left.
            let rest = after[i].min(len(self.sep) + len(&more(lang, n - i - 1)));
            if used + add + rest > budget {
                break;
            }
            if i > 0 {
                out.push_str(self.sep);
            }
            out.push_str(item);
            used += add;
            shown += 1;
        }
        if shown < n {
            if shown > 0 {
                out.push_str(self.sep);
            }
            out.push_str(&more(lang, n - shown));
        }
        out
    }
}

/// "… and N more".
fn more(lang: Lang, count: usize) -> String {
    tr!(lang, "tournament-more", count = count)
}

/// Characters as Discord counts them.
fn len(s: &str) -> usize {
    s.chars().count()
}

/// Shares of `room` for lists that need `needs`: each gets what it needs up to an even share
/// of what the smaller ones left (so a short list is never cut to make room for a long one).
fn shares(needs: &[usize], room: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..needs.len()).collect();
    order.sort_by_key(|&i| needs[i]);
    let mut out = vec![0; needs.len()];
    let mut left = room;
    for (k, &i) in order.iter().enumerate() {
        let share = left / (needs.len() - k);
        out[i] = needs[i].min(share);
        left -= out[i];
    }
    out
}

/// The parts as one text of at most `limit` characters, one part a line.
pub(super) fn compose(lang: Lang, parts: &[Part], limit: usize) -> String {
    let fixed: usize = parts
        .iter()
        .map(|p| match p {
            Part::Line(l) => len(l),
            Part::List(_) => 0,
        })
        .sum::<usize>()
        + parts.len().saturating_sub(1);
    let needs: Vec<usize> = parts
        .iter()
        .filter_map(|p| match p {
            Part::List(l) => Some(l.need()),
            Part::Line(_) => None,
        })
        .collect();
    let mut budgets = shares(&needs, limit.saturating_sub(fixed)).into_iter();
    let text = parts
        .iter()
        .map(|p| match p {
            Part::Line(l) => l.clone(),
            Part::List(l) => l.fit(lang, budgets.next().unwrap_or_default()),
        })
        .collect::<Vec<_>>()
        .join("\n");
    cap(text, limit)
}

/// The last guard: a text over `limit` characters (fixed lines alone too long, which the
/// event's short name and Discord's short user names should never allow) is cut.
pub(super) fn cap(text: String, limit: usize) -> String {
    if len(&text) <= limit {
        return text;
    }
    text.chars().take(limit - 1).collect::<String>() + "…"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lists_keep_what_they_need_and_long_ones_share_the_rest() {
        assert_eq!(shares(&[10, 500, 900], 1000), vec![10, 495, 495]);
        assert_eq!(shares(&[10, 20], 1000), vec![10, 20]);
        assert_eq!(shares(&[], 1000), Vec::<usize>::new());
    }

    #[test]
    fn a_list_too_long_ends_with_how_many_are_left_out() {
        let items: Vec<String> = (0..300).map(|i| format!("Player {i}")).collect();
        let parts = [
            Part::Line("Title".into()),
            Part::List(List::lines(Some("**Field**".into()), items)),
        ];
        let text = compose(Lang::En, &parts, LIMIT);
        assert!(len(&text) <= LIMIT, "{}", len(&text));
        assert!(text.starts_with("Title\n**Field**\nPlayer 0\n"), "{text}");
        let last = text.lines().last().unwrap();
        let shown = text.lines().filter(|l| l.starts_with("Player ")).count();
        assert_eq!(last, format!("… and {} more", 300 - shown));
        // All of it fits once the room allows.
        let few: Vec<String> = (0..3).map(|i| format!("P{i}")).collect();
        let parts = [Part::List(List {
            head: Some("Field".into()),
            after_head: ": ",
            items: few,
            sep: ", ",
        })];
        assert_eq!(compose(Lang::En, &parts, LIMIT), "Field: P0, P1, P2");
    }
}
