//! The tournament's messages in both languages, within Discord's limits for the largest
//! field, with buttons that read back as what they press and a bracket picture that decodes.

use super::*;
use crate::games::organizer::{
    Announcement, EntrantLine, RoundLine, TableLine, TournamentGame, TournamentNote,
    TournamentScene,
};
use crate::games::tournament::{
    Decision, Entrant, EntrantId, Finish, Pairing, Settings, Tournament, TournamentFormat,
    MAX_FIELD,
};
use crate::games::{CardLook, Refusal};
use crate::store::TournamentState;
use crate::ui::ids::Press;
use crate::ui::model::Msg;

const GIN: TournamentGame = TournamentGame {
    key: "tournament-game-gin",
    teams: false,
};
const PARTNERSHIP: TournamentGame = TournamentGame {
    key: "tournament-game-partnership",
    teams: true,
};
const TEAM: TournamentGame = TournamentGame {
    key: "tournament-game-team",
    teams: true,
};

const DEADLINE: i64 = 1_900_000_000;

fn entrants(n: usize, teams: bool) -> Vec<EntrantLine> {
    (0..n)
        .map(|i| {
            // Long names with markdown in them: the worst case for length and escaping.
            let user = |k: u64| (10_000 + 2 * i as u64 + k, format!("*Spielerin_{i}* Müller"));
            EntrantLine {
                id: EntrantId(i as u64 + 1),
                users: if teams {
                    vec![user(0), user(1)]
                } else {
                    vec![user(0)]
                },
                rating: 1500.0 + i as f64,
                out: false,
                awaiting_partner: false,
            }
        })
        .collect()
}

/// An event of `n` entrants at `stage`: running is round 1 with every other table decided
/// (some by forfeit, one by a disqualification); finished is every round won by the upper
/// entrant.
fn scene(
    format: TournamentFormat,
    n: usize,
    game: TournamentGame,
    stage: TournamentState,
) -> TournamentScene {
    let field = entrants(n, game.teams);
    let mut s = TournamentScene {
        lang: Lang::En,
        look: CardLook::Pictures,
        id: 77,
        name: "Spring **Open** <@1> @everyone".into(),
        stage,
        format,
        preset: "classic".into(),
        game,
        created_by: 42,
        signup_closes: DEADLINE - 3600,
        round_minutes: 24 * 60,
        entrants: field.clone(),
        round: None,
        planned_rounds: 0,
        standings: Vec::new(),
        bracket: None,
    };
    if matches!(stage, TournamentState::SignUp) {
        return s;
    }
    let list = field
        .iter()
        .map(|e| Entrant {
            id: e.id,
            rating: e.rating,
        })
        .collect();
    let settings = Settings {
        format,
        bye_points: 100,
    };
    let mut t = Tournament::new(settings, list).unwrap();
    t.pair_next_round().unwrap();
    if stage == TournamentState::Running {
        t.disqualify(field[3].id).unwrap();
        decide(&mut t, |k| k % 2 == 0);
    } else if stage == TournamentState::Finished {
        while !t.is_finished() {
            decide(&mut t, |_| true);
            if !t.is_finished() {
                t.pair_next_round().unwrap();
            }
        }
    }
    s.planned_rounds = t.planned_rounds();
    s.standings = t.standings();
    s.bracket = t.bracket();
    let number = t.rounds().len();
    let last = t.rounds().last().unwrap();
    s.round = Some(RoundLine {
        number,
        deadline: DEADLINE,
        tables: last
            .pairings
            .iter()
            .enumerate()
            .map(|(k, p)| match *p {
                Pairing::Match {
                    first,
                    second,
                    decision,
                } => TableLine {
                    first,
                    second: Some(second),
                    result: decision.map(|d| (d.winner, d.finish)),
                    match_id: (k % 7 != 6).then_some(k as i64 + 1),
                },
                Pairing::Bye { entrant } => TableLine {
                    first: entrant,
                    second: None,
                    result: Some((entrant, Finish::Played)),
                    match_id: None,
                },
            })
            .collect(),
    });
    s
}

/// Decides the current round's open matches whose table `which` picks: the upper entrant
/// wins, every third by forfeit.
fn decide(t: &mut Tournament, which: impl Fn(usize) -> bool) {
    let round = t.rounds().len() - 1;
    let open: Vec<(usize, EntrantId)> = t.rounds()[round]
        .pairings
        .iter()
        .enumerate()
        .filter_map(|(k, p)| match p {
            Pairing::Match {
                first,
                decision: None,
                ..
            } if which(k) => Some((k, *first)),
            _ => None,
        })
        .collect();
    for (k, winner) in open {
        let finish = if k % 3 == 2 {
            Finish::Forfeit
        } else {
            Finish::Played
        };
        let d = Decision {
            winner,
            margin: 50 + k as u32,
            finish,
        };
        t.record(round, k, d).unwrap();
    }
}

const FORMATS: [TournamentFormat; 3] = [
    TournamentFormat::Swiss { rounds: 8 },
    TournamentFormat::Knockout,
    TournamentFormat::RoundRobin,
];
const STAGES: [TournamentState; 4] = [
    TournamentState::SignUp,
    TournamentState::Running,
    TournamentState::Finished,
    TournamentState::Cancelled,
];

/// Discord's limits on a message, and no catalogue key left unresolved.
fn check(msg: &Msg) {
    let n = msg.content.chars().count();
    assert!(n <= 2000, "{n} characters");
    assert!(msg.rows.len() <= 5);
    for b in msg.buttons() {
        assert!(!b.id.is_empty() && b.id.len() <= 100);
        assert!(!b.label.is_empty() && b.label.chars().count() <= 80);
    }
    // A missing message shows as its key: no word of the text may be one.
    for word in msg.content.split(|c: char| c.is_whitespace() || c == '`') {
        let key = word.contains('-') && crate::i18n::has(Lang::En, word);
        assert!(!key, "{word} in {}", msg.content);
    }
    assert!(!msg.content.contains("{$"), "{}", msg.content);
    for f in &msg.files {
        let d = f.description.as_deref().unwrap_or_default();
        assert!(!d.is_empty() && d.chars().count() <= 1024);
    }
}

fn with_lang(mut s: TournamentScene, lang: Lang) -> TournamentScene {
    s.lang = lang;
    s
}

/// The round robin of 256 pairs 255 rounds: too slow to play out here, so its finished
/// stage is tested on a smaller field.
fn field_for(format: TournamentFormat, stage: TournamentState) -> usize {
    match (format, stage) {
        (TournamentFormat::RoundRobin, TournamentState::Finished) => 24,
        _ => MAX_FIELD,
    }
}

#[test]
fn every_message_of_the_largest_field_fits_discord() {
    for format in FORMATS {
        for stage in STAGES {
            for game in [GIN, PARTNERSHIP] {
                let base = scene(format, field_for(format, stage), game, stage);
                for lang in Lang::ALL {
                    let s = with_lang(base.clone(), lang);
                    let msg = tournament(&s);
                    check(&msg);
                    assert!(msg.mentions.is_empty(), "the event's message pings nobody");
                    for what in [
                        Announcement::Round(1),
                        Announcement::Final,
                        Announcement::Cancelled(None),
                    ] {
                        for post in announcement(&s, &what) {
                            check(&post);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_long_list_says_how_many_it_leaves_out() {
    let s = scene(
        TournamentFormat::Knockout,
        MAX_FIELD,
        GIN,
        TournamentState::SignUp,
    );
    let text = tournament(&s).content;
    assert!(text.contains("**Entrants: 256**"), "{text}");
    assert!(text.contains("… and ") && text.contains(" more"), "{text}");
    let de = tournament(&with_lang(s, Lang::De)).content;
    assert!(
        de.contains("**Angemeldet: 256**") && de.contains(" weitere"),
        "{de}"
    );
}

#[test]
fn sign_up_shows_the_field_the_deadline_and_join_and_leave() {
    let s = scene(
        TournamentFormat::Swiss { rounds: 0 },
        3,
        GIN,
        TournamentState::SignUp,
    );
    let msg = tournament(&s);
    let text = &msg.content;
    assert!(
        text.starts_with("🏆 **Spring \\*\\*Open\\*\\* \\<@\u{200B}1\\> @\u{200B}everyone**"),
        "{text}"
    );
    assert!(text.contains("Swiss system (as many rounds"), "{text}");
    assert!(
        text.contains("Gin Rummy (classic)") && text.contains("<@42>"),
        "{text}"
    );
    assert!(
        text.contains(&format!("<t:{}:R>", DEADLINE - 3600)),
        "{text}"
    );
    assert!(text.contains("Each round lasts 1 day"), "{text}");
    assert!(
        text.contains("\\*Spielerin\\_0\\* Müller, \\*Spielerin\\_1\\*"),
        "{text}"
    );
    assert!(msg.mentions.is_empty());
    let presses: Vec<Press> = msg
        .buttons()
        .map(|b| Press::decode(&b.id).unwrap())
        .collect();
    assert_eq!(presses, vec![Press::Join(77), Press::Leave(77)]);
    let de = tournament(&with_lang(s.clone(), Lang::De));
    assert!(
        de.content.contains("Schweizer System") && de.content.contains("1 Tag"),
        "{}",
        de.content
    );
    assert_eq!(
        de.buttons().map(|b| b.label.as_str()).collect::<Vec<_>>(),
        ["Mitmachen", "Abmelden"]
    );
    // Teams sign up by command (naming the partner); the partner confirms with Join.
    let teams = TournamentScene {
        game: TEAM,
        entrants: entrants(2, true),
        ..s.clone()
    };
    let msg = tournament(&teams);
    assert!(msg.content.contains(" & "), "{}", msg.content);
    assert!(msg.content.contains("/tournament join"), "{}", msg.content);
    let presses: Vec<Press> = msg
        .buttons()
        .map(|b| Press::decode(&b.id).unwrap())
        .collect();
    assert_eq!(presses, vec![Press::Join(77), Press::Leave(77)]);
    let empty = TournamentScene {
        entrants: Vec::new(),
        ..s
    };
    assert!(tournament(&empty)
        .content
        .contains("Nobody has signed up yet."));
}

#[test]
fn a_running_swiss_shows_its_round_tables_and_standings() {
    let s = scene(
        TournamentFormat::Swiss { rounds: 3 },
        9,
        GIN,
        TournamentState::Running,
    );
    let text = tournament(&s).content;
    assert!(text.contains("Swiss system, 3 rounds"), "{text}");
    assert!(
        text.contains(&format!("**Round 1 of 3** · ends <t:{DEADLINE}:R>")),
        "{text}"
    );
    assert!(text.contains(" won by forfeit"), "{text}");
    assert!(text.contains(" won by walkover"), "{text}");
    assert!(text.contains(" has a bye"), "{text}");
    assert!(text.contains("**Standings**\n`#1` "), "{text}");
    assert!(
        text.contains("Buchholz") && text.contains("net +"),
        "{text}"
    );
    assert!(text.contains("(out)"), "{text}");
    assert!(tournament(&s).rows.is_empty(), "no buttons once running");
    let de = tournament(&with_lang(s, Lang::De)).content;
    assert!(
        de.contains("**Runde 1 von 3**") && de.contains("**Tabelle**"),
        "{de}"
    );
    assert!(de.contains("kampflos") && de.contains("Freilos"), "{de}");
    let over = scene(
        TournamentFormat::Swiss { rounds: 3 },
        9,
        GIN,
        TournamentState::Finished,
    );
    let text = tournament(&over).content;
    assert!(
        text.contains("🏁 **Final standings**\n🥇 Winner: "),
        "{text}"
    );
    assert!(
        text.contains("\n`#1` ") && !text.contains("**Standings**"),
        "{text}"
    );
}

#[test]
fn a_knockout_shows_its_bracket_instead_of_standings() {
    let running = scene(TournamentFormat::Knockout, 6, GIN, TournamentState::Running);
    let text = tournament(&running).content;
    assert!(text.contains("Knockout"), "{text}");
    assert!(!text.contains("**Standings**"), "{text}");
    // Round 1 is the tables above; the bracket shows what is known of the rounds after.
    assert!(text.contains("**Bracket**\n**Semi-finals**: "), "{text}");
    assert!(text.contains(" vs ?"), "{text}");
    let done = scene(
        TournamentFormat::Knockout,
        6,
        GIN,
        TournamentState::Finished,
    );
    let text = tournament(&done).content;
    assert!(
        text.contains("🏁 **Final standings**\n🥇 Winner: "),
        "{text}"
    );
    // Six entrants: eight places, the first round is already the quarter-finals.
    assert!(
        text.contains("**Quarter-finals**: ") && text.contains(" (bye)"),
        "{text}"
    );
    assert!(
        text.contains("**Final**: ") && text.contains(" beat "),
        "{text}"
    );
    let de = tournament(&with_lang(done, Lang::De)).content;
    assert!(
        de.contains("**Turnierbaum**") && de.contains("**Finale**: "),
        "{de}"
    );
    assert!(
        de.contains(" schlägt ") && de.contains("🥇 Sieger: "),
        "{de}"
    );
}

#[test]
fn a_cancelled_event_says_so_without_buttons() {
    for lang in Lang::ALL {
        let s = with_lang(
            scene(
                TournamentFormat::RoundRobin,
                4,
                GIN,
                TournamentState::Cancelled,
            ),
            lang,
        );
        let msg = tournament(&s);
        assert!(msg.rows.is_empty());
        assert!(msg.content.contains('❌'), "{}", msg.content);
    }
    let s = scene(
        TournamentFormat::RoundRobin,
        1,
        GIN,
        TournamentState::SignUp,
    );
    let off = announcement(&s, &Announcement::Cancelled(None));
    assert!(
        off[0].content.contains("fewer than two entrants"),
        "{}",
        off[0].content
    );
    assert!(off[0].mentions.is_empty());
}

#[test]
fn a_rounds_pairings_call_every_player_with_a_match_to_play() {
    let s = scene(
        TournamentFormat::Swiss { rounds: 8 },
        MAX_FIELD,
        PARTNERSHIP,
        TournamentState::Running,
    );
    let posts = announcement(&s, &Announcement::Round(1));
    assert!(posts.len() > 1, "128 tables take more than one post");
    assert!(
        posts[0].content.starts_with("🏆 **Spring"),
        "{}",
        posts[0].content
    );
    assert!(
        posts[1].content.contains("(continued)"),
        "{}",
        posts[1].content
    );
    let round = s.round.as_ref().unwrap();
    let mut called: Vec<u64> = posts.iter().flat_map(|p| p.mentions.clone()).collect();
    called.sort_unstable();
    let field = super::field::Field::of(&s);
    let mut wanted: Vec<u64> = round
        .tables
        .iter()
        .filter(|t| t.result.is_none())
        .flat_map(|t| [field.users(t.first), field.users(t.second.unwrap())].concat())
        .collect();
    wanted.sort_unstable();
    assert_eq!(called, wanted);
    for p in &posts {
        check(p);
        for u in &p.mentions {
            assert!(
                p.content.contains(&format!("<@{u}>")),
                "a pinged player is named"
            );
        }
    }
    let over = scene(
        TournamentFormat::Swiss { rounds: 3 },
        8,
        GIN,
        TournamentState::Finished,
    );
    let post = &announcement(&over, &Announcement::Final)[0];
    let winner = field_users(&over, over.standings[0].entrant);
    assert_eq!(post.mentions, winner);
    assert!(
        post.content.contains("Congratulations, <@"),
        "{}",
        post.content
    );
    assert!(
        post.content.contains("🏁 **Final standings**"),
        "{}",
        post.content
    );
}

fn field_users(s: &TournamentScene, e: EntrantId) -> Vec<u64> {
    super::field::Field::of(s).users(e)
}

#[test]
fn the_bracket_picture_decodes_and_says_what_it_shows() {
    let s = scene(
        TournamentFormat::Knockout,
        MAX_FIELD,
        GIN,
        TournamentState::Running,
    );
    let started = std::time::Instant::now();
    let file = bracket_picture(&s).expect("a knockout with pictures has one");
    eprintln!("bracket of 256: {:?} (debug build)", started.elapsed());
    assert_eq!(file.name, "bracket.png");
    let reader = ::png::Decoder::new(std::io::Cursor::new(&file.bytes))
        .read_info()
        .expect("a PNG that decodes");
    let (w, h) = (reader.info().width, reader.info().height);
    assert!(
        (1000..2500).contains(&w) && (1000..6000).contains(&h),
        "{w} x {h}"
    );
    let alt = file.description.as_deref().unwrap();
    // As words, not markdown: the alt text is read out, not rendered.
    assert!(
        alt.starts_with("Bracket of Spring Open <@1> @everyone: Round 1: "),
        "{alt}"
    );
    assert!(alt.chars().count() <= 1024 && alt.ends_with('…'), "{alt}");
    let small = scene(
        TournamentFormat::Knockout,
        5,
        GIN,
        TournamentState::Finished,
    );
    let de = bracket_picture(&with_lang(small, Lang::De)).unwrap();
    let alt = de.description.unwrap();
    assert!(
        alt.starts_with("Turnierbaum von ") && alt.contains("Finale: "),
        "{alt}"
    );
    // Text only where the server shows text; no bracket but a knockout's.
    let text = TournamentScene {
        look: CardLook::Text,
        ..s.clone()
    };
    assert!(bracket_picture(&text).is_none());
    let swiss = scene(
        TournamentFormat::Swiss { rounds: 3 },
        8,
        GIN,
        TournamentState::Running,
    );
    assert!(bracket_picture(&swiss).is_none());
}

#[test]
fn every_command_answer_reads_in_both_languages() {
    let name = "Cup_1".to_string();
    let notes = [
        TournamentNote::Joined { name: name.clone() },
        TournamentNote::Left { name: name.clone() },
        TournamentNote::Started { name: name.clone() },
        TournamentNote::Cancelled { name: name.clone() },
        TournamentNote::Disqualified {
            name: name.clone(),
            user: 5,
        },
        TournamentNote::Extended {
            name: name.clone(),
            deadline: DEADLINE,
        },
    ];
    for lang in Lang::ALL {
        let mut seen = std::collections::BTreeSet::new();
        for note in &notes {
            let msg = tournament_done(lang, note);
            check(&msg);
            assert!(msg.content.contains("**Cup\\_1**"), "{}", msg.content);
            assert!(seen.insert(msg.content.clone()), "two notes read alike");
        }
        let extended = tournament_done(lang, &notes[5]).content;
        assert!(
            extended.contains(&format!("<t:{DEADLINE}:f>")),
            "{extended}"
        );
        assert!(tournament_done(lang, &notes[4]).content.contains("<@5>"));
    }
}

#[test]
fn every_tournament_refusal_has_words_in_both_languages() {
    let refusals = [
        Refusal::NoTournamentHere,
        Refusal::TournamentExists,
        Refusal::TournamentName,
        Refusal::TournamentTimes,
        Refusal::SwissRounds,
        Refusal::CannotPostHere,
        Refusal::SignUpClosed,
        Refusal::PartnerNeeded,
        Refusal::PartnerNotWanted,
        Refusal::AlreadyEntered,
        Refusal::NotEntered,
        Refusal::TournamentFull,
        Refusal::TournamentRunning,
        Refusal::TooFewEntrants,
        Refusal::TournamentNotRunning,
        Refusal::NotAnEntrant,
        Refusal::AlreadyOut,
        Refusal::TournamentMatch,
    ];
    for lang in Lang::ALL {
        let mut seen = std::collections::BTreeSet::new();
        for r in refusals {
            let text = crate::ui::answer::refusal_text(lang, r);
            assert!(
                !crate::i18n::has(lang, &text),
                "{r:?} has no words in {lang:?}"
            );
            assert!(seen.insert(text), "two refusals read alike");
        }
    }
    assert_eq!(
        crate::ui::answer::refusal_text(Lang::En, Refusal::NoTournamentHere),
        "No tournament is open in this channel."
    );
}
