//! What a page asks of the card table (a move, a challenge, practice, an answer to a
//! challenge), applied by the process that owns the page's server: the same code for its own
//! pages' requests and for those another process forwarded (see [`super::relay`]), so the
//! codes, the texts, the deliveries to the chat and the take-backs are the same either way.

use super::state::note_of;
use super::wire::WirePlay;
use super::Web;
use crate::games::{
    Caller, ChallengeRequest, GameChoice, Move, Reach, Refusal, Reply, ReplyRole, UserRef,
    PRACTICE_LEVEL,
};
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};

/// What a page asks, as its socket took it (carried to its server's owner as it is).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub(super) enum Ask {
    Move {
        match_id: i64,
        version: i64,
        play: WirePlay,
    },
    /// A challenge to `opponent`, who has the table open in the channel as `name`.
    Challenge {
        opponent: u64,
        name: String,
    },
    Practice,
    Accept {
        challenge: i64,
    },
    Decline {
        challenge: i64,
    },
}

/// The answer to a request: taken (after its commit), or refused with the page's code and a
/// text in the asker's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "r", rename_all = "snake_case")]
pub(super) enum Answer {
    Ack,
    Refused { code: String, text: String },
}

impl Answer {
    pub(super) fn refused(code: &str, text: String) -> Answer {
        Answer::Refused {
            code: code.to_string(),
            text,
        }
    }
}

/// Applies `ask` for `caller`, this process owning their server. What it stored is
/// delivered in the background; the answer comes after the commit.
pub(super) async fn apply(web: &Web, caller: &Caller, ask: Ask) -> Answer {
    match ask {
        Ask::Move {
            match_id,
            version,
            play,
        } => play_move(web, caller, match_id, version, play).await,
        Ask::Challenge { opponent, name } => challenge(web, caller, opponent, name).await,
        Ask::Practice => practice(web, caller).await,
        Ask::Accept { challenge } => accept(web, caller, challenge).await,
        Ask::Decline { challenge } => decline(web, caller, challenge).await,
    }
}

async fn play_move(
    web: &Web,
    caller: &Caller,
    match_id: i64,
    version: i64,
    play: WirePlay,
) -> Answer {
    let outcome = web
        .games
        .matches()
        .act_elsewhere(caller, match_id, version, Move::Play(play.into()))
        .await;
    // Stored already: the table message follows whatever becomes of the page.
    tokio::spawn(web.out.deliver(outcome.deliveries));
    let lang = caller.lang;
    match outcome.reply {
        Reply::Hand { scene, .. } => match &scene.note {
            None => {
                tracing::info!(match_id, user = caller.user_id, "web table: move taken");
                Answer::Ack
            }
            Some(note) => {
                let (code, text) = note_of(lang, note);
                Answer::refused(code, text)
            }
        },
        Reply::Refused(why) => refused(lang, why),
        _ => Answer::refused("internal", String::new()),
    }
}

fn refused(lang: Lang, why: Refusal) -> Answer {
    let text = crate::ui::answer::refusal_text(lang, why);
    Answer::refused(refusal_code(why), text)
}

/// A challenge to someone with the table open in the channel: posted there, where they
/// accept it as any challenge. Where the bot reaches the chat only through interactions,
/// there is none to post it with: their card table offers Accept instead.
async fn challenge(web: &Web, caller: &Caller, id: u64, name: String) -> Answer {
    let Some(bot) = web.bot_user().await else {
        return Answer::refused("internal", String::new());
    };
    let ask = ChallengeRequest {
        named: vec![UserRef {
            id,
            name,
            bot: false,
        }],
        partner: None,
        game: GameChoice::Gin(Default::default()),
        target: None,
    };
    let outcome = web
        .games
        .challenges()
        .challenge(caller, ask, (bot.id, bot.name))
        .await;
    opened(web, caller, outcome).await
}

/// A practice match against the bot: its table is posted in the channel, or, where the bot
/// reaches the chat only through interactions, played on the card table alone until a chat
/// interaction on it shows it there.
async fn practice(web: &Web, caller: &Caller) -> Answer {
    let Some(bot) = web.bot_user().await else {
        return Answer::refused("internal", String::new());
    };
    let outcome = web
        .games
        .practice()
        .start(
            caller,
            PRACTICE_LEVEL,
            GameChoice::Gin(Default::default()),
            2,
            None,
            (bot.id, bot.name),
        )
        .await;
    opened(web, caller, outcome).await
}

/// A challenge or a practice match as asked: its public message posted, or the refusal.
async fn opened(web: &Web, caller: &Caller, outcome: crate::games::Outcome) -> Answer {
    let lang = caller.lang;
    if let Reply::Refused(why) = outcome.reply {
        return refused(lang, why);
    }
    let opens = outcome.reply_is;
    if caller.place.reach() == Reach::Tokens {
        // No interaction to show it through, and the bot may not post: it starts on the card
        // table alone; what it requires is delivered as far as it reaches. The tables open
        // here look for a challenge to their viewer.
        tokio::spawn(web.out.deliver(outcome.deliveries));
        if matches!(opens, Some(ReplyRole::Challenge(_))) {
            let _ = web.presence.news.send(caller.channel_id);
        }
        return Answer::Ack;
    }
    if !web.out.post(caller.channel_id, outcome, lang).await {
        // Nobody in chat can see it: taken back, so that the player is free again.
        if let Some(role) = opens {
            let taken_back = web.games.challenges().unposted(role).await;
            tokio::spawn(web.out.deliver(taken_back));
        }
        return Answer::refused("cannot_post", text_of(lang, "cannot-post"));
    }
    Answer::Ack
}

/// The caller accepts challenge `id`, as its Accept button in chat would: the match it
/// starts shows on the tables as any, and what it requires is delivered as far as it
/// reaches.
async fn accept(web: &Web, caller: &Caller, id: i64) -> Answer {
    let outcome = web.games.challenges().accept_on_table(caller, id).await;
    let refusal = match outcome.reply {
        Reply::Refused(why) => Some(why),
        Reply::ChallengeExpired { .. } => Some(Refusal::ChallengeClosed),
        _ => None,
    };
    if let Some(why) = refusal {
        return refused(caller.lang, why);
    }
    tracing::info!(
        challenge = id,
        user = caller.user_id,
        "web table: challenge accepted"
    );
    tokio::spawn(web.out.deliver(outcome.deliveries));
    let _ = web.presence.news.send(caller.channel_id);
    Answer::Ack
}

/// The caller declines challenge `id`, as its Decline button in chat would.
async fn decline(web: &Web, caller: &Caller, id: i64) -> Answer {
    let outcome = web.games.challenges().decline_on_table(caller, id).await;
    if let Reply::Refused(why) = outcome.reply {
        return refused(caller.lang, why);
    }
    tracing::info!(
        challenge = id,
        user = caller.user_id,
        "web table: challenge declined"
    );
    let _ = web.presence.news.send(caller.channel_id);
    Answer::Ack
}

pub(super) fn refusal_code(why: Refusal) -> &'static str {
    match why {
        Refusal::NotAPlayer => "not_a_player",
        Refusal::MatchOver => "match_over",
        Refusal::Stale | Refusal::UnknownMatch => "stale",
        Refusal::Internal => "internal",
        _ => "illegal",
    }
}

/// The socket's own remarks, from the catalogue.
pub(super) fn text_of(lang: Lang, what: &str) -> String {
    crate::i18n::t(lang, &format!("web-{what}"), &[])
}
