//! The slash commands' choices, each mapped onto the domain's type.

use crate::engine::ai::Level;
use crate::engine::Preset;
use crate::games::{CardLook, GameChoice, GinChoice};

/// Rule presets as a choice (registered as integers 0..4 by poise).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PresetChoice {
    #[name = "classic"]
    Classic,
    #[name = "hoyle"]
    Hoyle,
    #[name = "flipside"]
    Flipside,
    #[name = "oklahoma"]
    Oklahoma,
}

impl From<PresetChoice> for Preset {
    fn from(p: PresetChoice) -> Preset {
        match p {
            PresetChoice::Classic => Preset::Classic,
            PresetChoice::Hoyle => Preset::Hoyle,
            PresetChoice::Flipside => Preset::Flipside,
            PresetChoice::Oklahoma => Preset::Oklahoma,
        }
    }
}

/// The four-player games as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ModeChoice {
    #[name = "partnership"]
    Partnership,
    #[name = "team"]
    Team,
}

impl ModeChoice {
    /// The game a `/gin` command's options ask for: Gin, or the four-player game `mode`.
    pub fn game(mode: Option<ModeChoice>, choice: GinChoice) -> GameChoice {
        match mode {
            None => GameChoice::Gin(choice),
            Some(ModeChoice::Partnership) => GameChoice::Partnership(choice),
            Some(ModeChoice::Team) => GameChoice::Team(choice),
        }
    }
}

/// The AI's levels as a choice.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "simple"]
    Simple,
    #[name = "medium"]
    Medium,
    #[name = "hard"]
    Hard,
}

impl From<LevelChoice> for Level {
    fn from(l: LevelChoice) -> Level {
        match l {
            LevelChoice::Simple => Level::Simple,
            LevelChoice::Medium => Level::Medium,
            LevelChoice::Hard => Level::Hard,
        }
    }
}

/// The public language a server chooses.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "server"]
    Server,
    #[name = "english"]
    English,
    #[name = "deutsch"]
    Deutsch,
}

/// Pictures or text, for a server's public messages or a player's own hands.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LookChoice {
    #[name = "pictures"]
    Pictures,
    #[name = "four-colour"]
    FourColour,
    #[name = "text"]
    Text,
}

impl From<LookChoice> for CardLook {
    fn from(c: LookChoice) -> CardLook {
        match c {
            LookChoice::Pictures => CardLook::Pictures,
            LookChoice::FourColour => CardLook::FourColour,
            LookChoice::Text => CardLook::Text,
        }
    }
}
