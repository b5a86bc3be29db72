//! `cargo bench --bench ledger`: leaderboard and stats query times on a ledger of 100,000
//! matches among 1,000 players in one server (plus a second server of noise), written through
//! the real store functions. Prints `leaderboard_ms=…`, `leaderboard_30d_ms=…`, `stats_ms=…`,
//! `stats_everywhere_ms=…` (one player's own figures over both servers), `history_ms=…`
//! (median of 15 runs each).

use gin::games::results::rate;
use gin::store::{BoardSort, Db, NewMatch, PlayerResult, SavedAction};
use std::time::Instant;

const MATCHES: u64 = 100_000;
const PLAYERS: u64 = 1_000;
const GUILD: u64 = 600;

fn result(seat: u8, won: bool, x: u64) -> PlayerResult {
    let net = (x % 300) as i64 + 20;
    PlayerResult {
        seat,
        total: net as u32,
        lines: (x % 5) as u32,
        line_bonus: 0,
        game_bonus: if won { 100 } else { 0 },
        final_total: net as u32,
        net: if won { net } else { -net },
        won,
        hands_won: (x % 7) as u32,
        gins: (x % 3) as u32,
        knocks: (x % 4) as u32,
        undercuts_given: (x % 2) as u32,
        undercuts_suffered: 0,
        knock_deadwood: (x % 30) as u32,
    }
}

async fn seed(db: &Db, now: i64) {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for m in 0..MATCHES {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let a = x % PLAYERS;
        let b = (a + 1 + (x >> 20) % (PLAYERS - 1)) % PLAYERS;
        let guild = if m % 10 == 9 { GUILD + 1 } else { GUILD };
        let ended = now - (m as i64 % 365) * 86_400;
        let new = NewMatch {
            guild_id: guild,
            place_kind: Default::default(),
            place_id: guild,
            channel_id: 700,
            table_message_id: None,
            format: gin::store::Format::parse("two").unwrap(),
            preset: "classic".into(),
            rules_json: "{}".into(),
            locale: "en-US".into(),
            state_json: "{}".into(),
            seed_hex: "00".into(),
            players: vec![
                (10_000 + a, format!("player{a}"), false),
                (10_000 + b, format!("player{b}"), false),
            ],
            ai_level: None,
            now: ended - 900,
            outbox: Vec::new(),
            ai_to_act: false,
            event: None,
        };
        let id = db.matches().create_match(&new).await.unwrap();
        let a_wins = x & 1 == 0;
        let saved = SavedAction {
            match_id: id,
            version: 0,
            seat: 0,
            event_json: "{}".into(),
            state_json: "{}".into(),
            status: gin::store::MatchState::Ended(gin::store::EndReason::PlayedOut),
            now: ended,
            turn_changed: true,
            actor_changed: false,
            ai_to_act: false,
            hands: Vec::new(),
            result: Some(vec![result(0, a_wins, x), result(1, !a_wins, x >> 3)]),
            rate: Some(rate),
            winner_seat: Some(if a_wins { 0 } else { 1 }),
            hollywood: Vec::new(),
            outbox: Vec::new(),
        };
        db.matches().save_action(saved).await.unwrap();
    }
}

async fn median_ms<F: std::future::Future>(mut f: impl FnMut() -> F) -> f64 {
    let mut times = Vec::new();
    for _ in 0..15 {
        let start = Instant::now();
        f().await;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&format!(
            "sqlite://{}",
            dir.path().join("ledger.db").display()
        ))
        .await
        .unwrap();
        let now = 1_800_000_000;
        let start = Instant::now();
        seed(&db, now).await;
        println!(
            "seeded_matches={MATCHES} players={PLAYERS} seed_s={:.1}",
            start.elapsed().as_secs_f64()
        );
        let ledger = db.ledger();
        let board =
            median_ms(|| ledger.leaderboard(GUILD, i64::MIN, None, BoardSort::Net, 1)).await;
        let month =
            median_ms(|| ledger.leaderboard(GUILD, now - 30 * 86_400, None, BoardSort::Rating, 1))
                .await;
        let stats = median_ms(|| ledger.player_stats(GUILD, 10_042, None)).await;
        let everywhere = median_ms(|| ledger.player_stats_everywhere(10_042, None)).await;
        let history = median_ms(|| ledger.history(GUILD, 10_042, None, 10)).await;
        let rows = ledger
            .leaderboard(GUILD, i64::MIN, None, BoardSort::Net, 1)
            .await
            .unwrap()
            .len();
        println!("leaderboard_rows={rows}");
        println!("leaderboard_ms={board:.2}");
        println!("leaderboard_30d_ms={month:.2}");
        println!("stats_ms={stats:.2}");
        println!("stats_everywhere_ms={everywhere:.2}");
        println!("history_ms={history:.2}");
    });
}
