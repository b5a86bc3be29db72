//! What the page loads besides itself: the application's id, its texts from the catalogue,
//! and the project's card art.

use super::Web;
use crate::engine::Card;
use crate::i18n::Lang;
use crate::ui::art::{self, Deck, Face};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A card's height in pixels: sharp on a phone's screen at the size the page shows it.
const CARD_HEIGHT: u32 = 240;

pub(super) async fn config(State(web): State<Arc<Web>>) -> Json<super::wire::PageConfig> {
    Json(super::wire::PageConfig {
        client_id: web.client_id.to_string(),
        langs: vec!["en".into(), "de".into()],
    })
}

/// The page's texts: every `activity-…` message of the catalogue.
pub(super) async fn strings(Path(lang): Path<String>) -> Response {
    let lang = match lang.as_str() {
        "en" => Lang::En,
        "de" => Lang::De,
        _ => return super::error(StatusCode::NOT_FOUND, "no_such_language"),
    };
    let texts: serde_json::Map<String, serde_json::Value> =
        crate::i18n::texts_with_prefix(lang, "activity-")
            .into_iter()
            .map(|(k, v)| (k, v.into()))
            .collect();
    (
        [(header::CACHE_CONTROL, "public, max-age=300")],
        Json(serde_json::Value::Object(texts)),
    )
        .into_response()
}

/// `/cards/{deck}/{card}.png`: a card (`7H`, `TS`) or the back (`back`) in `classic` or
/// `four` (four colours).
pub(super) async fn card(Path((deck, file)): Path<(String, String)>) -> Response {
    let deck = match deck.as_str() {
        "classic" => Deck::Classic,
        "four" => Deck::FourColour,
        _ => return super::error(StatusCode::NOT_FOUND, "no_such_deck"),
    };
    let face = match file.strip_suffix(".png") {
        Some("back") => Face::Back,
        Some(code) if code.len() == 2 => match code.parse::<Card>() {
            Ok(c) => Face::Card(c),
            Err(_) => return super::error(StatusCode::NOT_FOUND, "no_such_card"),
        },
        _ => return super::error(StatusCode::NOT_FOUND, "no_such_card"),
    };
    let bytes = picture(face, deck);
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        bytes.as_ref().clone(),
    )
        .into_response()
}

/// Each picture is drawn once (106 of them at most).
fn picture(face: Face, deck: Deck) -> Arc<Vec<u8>> {
    type Drawn = Mutex<HashMap<(Face, Deck), Arc<Vec<u8>>>>;
    static DRAWN: OnceLock<Drawn> = OnceLock::new();
    let drawn = DRAWN.get_or_init(Default::default);
    if let Some(b) = drawn.lock().expect("card pictures").get(&(face, deck)) {
        return b.clone();
    }
    let bytes = Arc::new(art::png(&art::draw_face(face, deck, CARD_HEIGHT)));
    drawn
        .lock()
        .expect("card pictures")
        .insert((face, deck), bytes.clone());
    bytes
}
