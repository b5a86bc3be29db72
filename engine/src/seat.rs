//! A seat at the table: what every game numbers its players by.
//!
//! It lives in a file of its own because every variant (Gin, Partnership, Team, Rummy) and
//! the settlement share it, and none of them should have to import another game's file for it.

/// A seat at the match table, from 0: 0 and 1 in a two-player match, up to 5 in Rummy. In a
/// four-player match seats 0 and 2 are one team, 1 and 3 the other.
pub type Seat = u8;
