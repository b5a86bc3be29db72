//! The card emojis: at start, the application's emojis are listed and only what is missing
//! or changed is uploaded (see [`crate::ui::faces::plan`]). Whatever goes wrong, the bot goes
//! on with cards as text and says why in one log line.
//!
//! The emojis belong to the application, shared by all its processes: only the process that
//! registers the commands uploads and deletes; the others use what is there, and wait (the
//! retries) for what is missing.

use crate::ui::faces::{self, Faces};
use poise::serenity_prelude as serenity;

/// What a sync did, for its log line.
#[derive(Debug, Default)]
pub struct Synced {
    pub kept: usize,
    pub created: usize,
    pub deleted: usize,
    pub over_limit: usize,
}

/// Brings the application's emojis in line with the art (`upload`), or only reads them, and
/// returns the faces to show; on a failure, why, with the faces of what is there (a deck
/// counts only when complete).
pub async fn sync(http: &serenity::Http, upload: bool) -> Result<(Faces, Synced), (Faces, String)> {
    let existing: Vec<(u64, String)> = http
        .get_application_emojis()
        .await
        .map_err(|e| {
            (
                Faces::default(),
                format!("listing the application's emojis failed: {e}"),
            )
        })?
        .into_iter()
        .map(|e| (e.id.get(), e.name))
        .collect();
    // Drawing and hashing 106 pictures is CPU work: off the runtime's threads.
    let wanted = tokio::task::spawn_blocking(faces::wanted)
        .await
        .map_err(|e| {
            (
                Faces::default(),
                format!("drawing the card emojis failed: {e}"),
            )
        })?;
    let plan = faces::plan(&existing, &wanted);
    let mut present: Vec<(u64, String)> = plan
        .keep
        .iter()
        .map(|&(i, id)| (id, wanted[i].name.clone()))
        .collect();
    if !upload && !plan.create.is_empty() {
        let why = format!(
            "{} card emojis are not uploaded yet (the process that registers the commands uploads them)",
            plan.create.len()
        );
        return Err((Faces::from_emojis(present), why));
    }
    let plan = if upload {
        plan
    } else {
        // Outdated emojis may still serve another process: deleting them is not ours to do.
        faces::Plan {
            delete: Vec::new(),
            ..plan
        }
    };
    for &id in &plan.delete {
        if let Err(e) = http
            .delete_application_emoji(serenity::EmojiId::new(id))
            .await
        {
            let why = format!("deleting an outdated card emoji failed: {e}");
            return Err((Faces::from_emojis(present), why));
        }
    }
    for &i in &plan.create {
        let w = &wanted[i];
        let image =
            serenity::CreateAttachment::bytes(w.png.clone(), format!("{}.png", w.name)).to_base64();
        let body = serde_json::json!({ "name": w.name, "image": image });
        match http.create_application_emoji(&body).await {
            Ok(emoji) => present.push((emoji.id.get(), emoji.name)),
            Err(e) => {
                let why = format!("uploading the card emoji {} failed: {e}", w.name);
                return Err((Faces::from_emojis(present), why));
            }
        }
    }
    let synced = Synced {
        kept: plan.keep.len(),
        created: plan.create.len(),
        deleted: plan.delete.len(),
        over_limit: plan.over_limit,
    };
    Ok((Faces::from_emojis(present), synced))
}

/// When to try a failed sync again: after 1, 2, 4 and 8 minutes, then no more for the
/// process that uploads (what failed four times will not mend by itself); a process that only
/// reads waits for the uploader, which may start later or be restarted: every 10 minutes on.
pub fn retry_after(attempt: u32, upload: bool) -> Option<std::time::Duration> {
    let minutes = match (attempt, upload) {
        (0..=3, _) => 1 << attempt,
        (_, true) => return None,
        (_, false) => 10,
    };
    Some(std::time::Duration::from_secs(60 * minutes))
}

/// [`sync`], logged in one line either way: the faces to show, and whether it went through.
pub async fn sync_logged(http: &serenity::Http, upload: bool) -> (Faces, bool) {
    match sync(http, upload).await {
        Ok((faces, s)) => {
            if s.over_limit > 0 {
                tracing::warn!(
                    kept = s.kept,
                    created = s.created,
                    missing = s.over_limit,
                    "the application has no room for every card emoji (2,000 at most): the decks not complete are shown as text"
                );
            } else {
                tracing::info!(
                    kept = s.kept,
                    created = s.created,
                    deleted = s.deleted,
                    "card emojis ready"
                );
            }
            (faces, true)
        }
        Err((faces, why)) => {
            tracing::warn!("card emojis unavailable, cards are shown as text where a deck is not complete (tried again later): {why}");
            (faces, false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::retry_after;

    #[test]
    fn the_uploader_gives_up_after_four_retries_a_reader_never_does() {
        let minutes = |a, up| retry_after(a, up).map(|d| d.as_secs() / 60);
        let uploader: Vec<_> = (0..6).map(|a| minutes(a, true)).collect();
        assert_eq!(uploader, [Some(1), Some(2), Some(4), Some(8), None, None]);
        let reader: Vec<_> = (0..6).map(|a| minutes(a, false)).collect();
        assert_eq!(
            reader,
            [Some(1), Some(2), Some(4), Some(8), Some(10), Some(10)]
        );
        assert_eq!(minutes(10_000, false), Some(10));
    }
}
