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
                    "hint-",
                    "sheet-",
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
        for (key, _) in placeholders(lang)
            .into_iter()
            .filter(|(k, _)| k.starts_with("cmd-"))
        {
            let text = gin::i18n::t(lang, &key, &[]);
            // `…-opt-name` describes a parameter called `name` (see `commands::localize`).
            if key.starts_with("cmd-") && key.ends_with("-name") && !key.ends_with("-opt-name") {
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

mod rendering {
    use gin::engine::hand::Action;
    use gin::engine::{Match, Rules};
    use gin::games::ledger::{BoardQuery, FormatFilter, Period};
    use gin::games::{HandMode, Seats};
    use gin::i18n::Lang;
    use gin::store::{BoardRow, BoardSort};
    use gin::ui::ledger_view;
    use gin::ui::render;

    fn seating(names: &[String], users: &[u64]) -> Seats {
        Seats {
            match_id: 1,
            version: 0,
            preset: "classic".into(),
            names: names.to_vec(),
            users: users.to_vec(),
        }
    }

    /// A match played until its first hand is over, by always taking the first legal action.
    fn played() -> Match {
        let mut m = Match::new(Rules::default(), 2, [42; 32]).unwrap();
        while m.history.is_empty() {
            let seat = m.to_act().unwrap();
            let legal = m.legal_actions(seat);
            let a = legal
                .iter()
                .find(|a| matches!(a, Action::Knock(_)))
                .or_else(|| legal.iter().find(|a| matches!(a, Action::DrawStock)))
                .copied()
                .unwrap_or(legal[0]);
            m.apply(seat, a).unwrap();
        }
        m
    }

    #[test]
    fn hand_message_in_german_and_english() {
        let m = Match::new(Rules::default(), 2, [42; 32]).unwrap();
        let names = vec!["Anna".to_string(), "Ben".to_string()];
        let s = seating(&names, &[1, 2]);
        let seat = m.to_act().unwrap();
        let view = m.view_for(seat);
        let en = render::hand(Lang::En, &s, &view, HandMode::Normal, None, false);
        let de = render::hand(Lang::De, &s, &view, HandMode::Normal, None, false);
        assert!(
            en.content.contains("**Your hand**") && en.content.contains("deadwood"),
            "{}",
            en.content
        );
        assert!(
            de.content.contains("Deine Karten") && de.content.contains("Totholz"),
            "{}",
            de.content
        );
        // The same buttons, labelled in each language.
        let ids = |m: &gin::ui::model::Msg| m.buttons().map(|b| b.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&en), ids(&de));
        assert!(en.buttons().any(|b| b.label == "Pass"));
        assert!(de
            .buttons()
            .any(|b| b.label != "Pass" && b.id.ends_with(":pass")));
        // Court cards: J/Q/K in English, B/D/K in German.
        let court = view
            .hand
            .as_ref()
            .unwrap()
            .iter()
            .find(|c| (10..12).contains(&c.rank()));
        if let Some(&c) = court {
            assert_ne!(render::card(Lang::En, c), render::card(Lang::De, c));
        }
    }

    #[test]
    fn showdown_in_german_and_english() {
        let m = played();
        let names = vec!["Anna".to_string(), "Ben".to_string()];
        let s = seating(&names, &[1, 2]);
        let rec = &m.history[0];
        let en = render::showdown(Lang::En, &s, rec).content;
        let de = render::showdown(Lang::De, &s, rec).content;
        assert!(en.contains("Hand 1") && en.contains("Totals"), "{en}");
        assert!(de.contains("Runde 1"), "{de}");
        assert_ne!(en, de);
        // Both reveal the same seed.
        let seed = gin::engine::deck::seed_hex(&rec.seed);
        assert!(en.contains(&seed) && de.contains(&seed));
    }

    #[test]
    fn leaderboard_in_german_and_english() {
        let rows = vec![
            BoardRow {
                user_id: 1,
                name: "Anna".into(),
                played: 4,
                wins: 3,
                net: 120,
                gins: 2,
                rating: 1620.0,
            },
            BoardRow {
                user_id: 2,
                name: "Ben".into(),
                played: 4,
                wins: 1,
                net: -120,
                gins: 0,
                rating: 1380.0,
            },
        ];
        let q = BoardQuery {
            sort: BoardSort::Net,
            period: Period::Days30,
            format: FormatFilter::Any,
            page: 0,
            season: None,
            tournament: None,
        };
        let en = ledger_view::leaderboard(Lang::En, &rows, q, 2).content;
        let de = ledger_view::leaderboard(Lang::De, &rows, q, 2).content;
        assert!(
            en.contains("**Leaderboard**")
                && en.contains("last 30 days")
                && en.contains("4 matches, 3 won"),
            "{en}"
        );
        assert!(
            de.contains("**Rangliste**")
                && de.contains("letzte 30 Tage")
                && de.contains("4 Partien, 3 gewonnen"),
            "{de}"
        );
    }

    /// Counts read right in both languages: "1 match", "1 hour", and no average of nothing.
    #[test]
    fn plural_forms_and_empty_figures_read_naturally() {
        let row = |played| BoardRow {
            user_id: 1,
            name: "Anna".into(),
            played,
            wins: 1,
            net: 10,
            gins: 0,
            rating: 1500.0,
        };
        let q = BoardQuery {
            sort: BoardSort::Net,
            period: Period::All,
            format: FormatFilter::Any,
            page: 0,
            season: None,
            tournament: None,
        };
        let en = ledger_view::leaderboard(Lang::En, &[row(1)], q, 9).content;
        let de = ledger_view::leaderboard(Lang::De, &[row(1)], q, 9).content;
        assert!(
            en.contains("1 match, 1 won") && !en.contains("1 matches"),
            "{en}"
        );
        assert!(de.contains("1 Partie, 1 gewonnen"), "{de}");
        let en = ledger_view::leaderboard(Lang::En, &[row(2)], q, 9).content;
        assert!(en.contains("2 matches"), "{en}");
        for (lang, one, two) in [
            (Lang::En, "After 1 hour without", "After 2 hours without"),
            (Lang::De, "Nach 1 Stunde ohne", "Nach 2 Stunden ohne"),
        ] {
            let reminder = |h: u64| gin::tr!(lang, "reminder", player = "P", hours = h);
            assert!(reminder(1).contains(one), "{}", reminder(1));
            assert!(reminder(2).contains(two), "{}", reminder(2));
        }
        let never_knocked = gin::store::StatsRow {
            name: "Anna".into(),
            played: 1,
            won: 0,
            net: -20,
            hands_won: 0,
            gins: 0,
            knocks: 0,
            undercuts_given: 0,
            undercuts_suffered: 0,
            knock_deadwood: 0,
            biggest_win: 0,
            vs_ai: 0,
            streak: -1,
            rating: None,
        };
        let en = ledger_view::stats(Lang::En, "Anna", Some(&never_knocked)).content;
        assert!(en.contains("Average deadwood when knocking: –"), "{en}");
        assert!(!en.contains("0.0"), "{en}");
    }

    /// A side of a showdown without melds says so, with no stray separator.
    #[test]
    fn a_showdown_side_without_melds_has_no_stray_separator() {
        use gin::engine::{solve_showdown, CardSet, HandEnd, HandRecord, Seat};
        let set = |t: &str| -> CardSet { t.split(' ').map(|c| c.parse().unwrap()).collect() };
        let knocker = set("AS 2S 3S 4S 5H 5D 5C 9H 9D 9C");
        let defender = set("KH QD JC 9S 7H 6C 4D 2C TD 8S");
        let showdown = solve_showdown(knocker, defender, 10).unwrap();
        let score = gin::engine::scoring::score_showdown(&showdown, &Rules::default(), None);
        let rec = HandRecord {
            deal_no: 0,
            dealer: 1 as Seat,
            players: [0, 1],
            seed: [1; 32],
            end: HandEnd::Knocked {
                knocker: 0,
                discard: "KS".parse().unwrap(),
                showdown,
                score,
            },
            totals: vec![0, 0],
        };
        let names = vec!["Anna".to_string(), "Ben".to_string()];
        for (lang, words) in [
            (Lang::En, "no melds · deadwood"),
            (Lang::De, "keine Meldungen · Totholz"),
        ] {
            let text = render::showdown(lang, &seating(&names, &[1, 2]), &rec).content;
            let ben = text
                .lines()
                .find(|l| l.starts_with("**Ben**"))
                .unwrap_or_default();
            assert!(ben.contains(words), "{text}");
            assert!(!ben.contains(":  ·") && !ben.contains(": ·"), "{text}");
        }
    }
}

/// Every reason the coach can give reads as a sentence in both languages, with its numbers.
#[test]
fn every_hint_reads_naturally_in_both_languages() {
    use gin::engine::ai::coach::{Hint, Why};
    use gin::engine::{Action, Card};
    use gin::games::Note;
    let c: Card = "7H".parse().unwrap();
    let hints = [
        (
            Action::TakeUpcard,
            Why::Take {
                card: c,
                before: 31,
                after: 12,
                melds: true,
            },
        ),
        (
            Action::DrawDiscard,
            Why::Take {
                card: c,
                before: 31,
                after: 24,
                melds: false,
            },
        ),
        (
            Action::Pass,
            Why::Leave {
                card: c,
                before: 31,
                after: 31,
            },
        ),
        (
            Action::Pass,
            Why::Leave {
                card: c,
                before: 31,
                after: 24,
            },
        ),
        (
            Action::DrawStock,
            Why::Leave {
                card: c,
                before: 31,
                after: 31,
            },
        ),
        (
            Action::DrawStock,
            Why::Leave {
                card: c,
                before: 31,
                after: 24,
            },
        ),
        (
            Action::Discard(c),
            Why::Discard {
                card: c,
                after: 17,
                least: 17,
                loose: true,
            },
        ),
        (
            Action::Discard(c),
            Why::Discard {
                card: c,
                after: 17,
                least: 17,
                loose: false,
            },
        ),
        (
            Action::Discard(c),
            Why::Discard {
                card: c,
                after: 21,
                least: 17,
                loose: false,
            },
        ),
        (
            Action::Discard(c),
            Why::PlayOn {
                card: c,
                after: 17,
                knock: 8,
            },
        ),
        (
            Action::Knock(c),
            Why::Knock {
                card: c,
                deadwood: 8,
            },
        ),
        (Action::Knock(c), Why::Gin { card: c }),
    ];
    for lang in [Lang::En, Lang::De] {
        let mut seen = BTreeSet::new();
        for (action, why) in hints.clone() {
            let text = gin::ui::render::note_text(lang, &Note::Hint(Hint { action, why }));
            assert!(text.starts_with("💡 ") && text.contains("7"), "{text}");
            assert!(!text.contains("hint-") && !text.contains('{'), "{text}");
            assert!(seen.insert(text.clone()), "two reasons read alike: {text}");
        }
    }
}
