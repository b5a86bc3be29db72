//! The bot's services without Discord: the game service through `support::harness` (a real
//! database, a recording transport), the texts and the registered commands.

mod before_seam;
mod bot;
mod bus;
mod commands;
mod forged;
mod i18n;
mod ledger;
mod practice;
mod secrets;
mod table_challenges;
mod three;
mod tournament;
mod what_players_see;
