//! The web table on the open internet: what a client may hold (connections, the time to send
//! its headers), the sign-in that one source cannot starve for the others, each frame and
//! hello costing the player a token of its own, and a frame too large told so.

use crate::support::endpoint::{http_get, metrics_turn};
use crate::support::fake_discord::FakeOptions;
use crate::support::web::{self as page, Socket, SECRET};
use crate::support::wire::*;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::time::Instant;

/// The Activity instance the pages run in.
const INSTANCE: &str = "i-1";
/// Another source than the pages' 127.0.0.1.
const ELSEWHERE: [u8; 4] = [127, 0, 0, 2];

/// Lets this process open as many files as its hard limit allows (hundreds of connections
/// at once, both of their ends in this process).
fn raise_file_limit() {
    #[cfg(target_os = "linux")]
    // SAFETY: getrlimit and setrlimit write and read the one struct passed.
    unsafe {
        let mut limit = std::mem::zeroed::<libc::rlimit>();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// A connection to the table from `source` that sent part of a request line and no more.
async fn half_sent(source: IpAddr, port: u16) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(source, 0)).unwrap();
    let mut stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
    stream.write_all(b"GET /api/con").await.unwrap();
    stream
}

/// 500 connections that never finish their request line: each is closed within the time to
/// send headers (those past the source's share at once); meanwhile the gateway and the
/// database stay healthy, and a page from elsewhere signs in and plays a move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_closed_and_pages_play_on() {
    raise_file_limit();
    let _turn = metrics_turn().await;
    let (port, metrics) = (page::free_port(), page::free_port());
    let headers = Duration::from_secs(1);
    let bot = Bot::start_configured(60, |c| {
        page::configure(c, FakeOptions::default().app_id, port);
        c.metrics_addr = format!("127.0.0.1:{metrics}");
        c.activity.header_seconds = headers.as_secs();
    })
    .await;
    bot.fake.oauth_secret(SECRET);
    bot.fake
        .activity_instance(INSTANCE, bot.fake.channel_id(), &[ALICE, BOB]);
    let mut game = bot.game(&[ALICE, BOB]);
    game.start(Some(TARGET)).await;

    let mut flood = Vec::new();
    for _ in 0..500 {
        flood.push(half_sent(ELSEWHERE.into(), port).await);
    }
    let opened = Instant::now();
    assert_eq!(http_get(metrics, "/health").await, (200, "ok\n".into()));
    let mut pages = Vec::new();
    for u in [ALICE, BOB] {
        let session = page::sign_in(&bot.fake, port, &user(u)).await;
        pages.push(Socket::join(port, &session, INSTANCE).await);
    }
    let mover = pages
        .iter_mut()
        .find(|p| p.state()["moves"].as_array().is_some_and(|m| !m.is_empty()))
        .expect("someone may move");
    let mv = page::sensible_move(mover.state()).unwrap();
    let answer = mover.play(&mv).await;
    assert_eq!(answer["t"], "ack", "{mv}: {answer}");

    // Every one is closed by the bot: answered busy at once, or cut when its time ran out.
    let closed = futures_util::future::join_all(flood.iter_mut().map(|s| async move {
        let mut got = Vec::new();
        let end = opened + headers + Duration::from_secs(5);
        match tokio::time::timeout_at(end, s.read_to_end(&mut got)).await {
            Ok(_) => Some(got.starts_with(b"HTTP/1.1 503")),
            Err(_) => None,
        }
    }))
    .await;
    let open = closed.iter().filter(|c| c.is_none()).count();
    assert_eq!(open, 0, "connections still open past the header time");
    let held = closed.iter().filter(|c| **c == Some(false)).count();
    let per_source = gin::config::Activity::default().connections_per_source;
    assert!(held <= per_source, "{held} held from one source");
    assert_eq!(http_get(metrics, "/health").await, (200, "ok\n".into()));
    bot.finish().await;
}

/// 50 well-formed junk codes from one source, then a real sign-in from another: the real one
/// succeeds, and only the source's share reached Discord. Malformed and oversized bodies are
/// refused as such before any share is looked at, even a spent one.
#[tokio::test]
async fn junk_sign_ins_from_one_source_leave_room_for_others() {
    // The source's share refills once a minute: however slowly the junk goes out, exactly
    // the burst of it reaches Discord.
    let share = 10;
    let port = page::free_port();
    let bot = Bot::start_configured(61, |c| {
        page::configure(c, FakeOptions::default().app_id, port);
        c.activity.sign_ins_per_source = format!("{share}/1").parse().unwrap();
    })
    .await;
    bot.fake.oauth_secret(page::SECRET);
    bot.fake
        .activity_instance(INSTANCE, bot.fake.channel_id(), &[ALICE]);
    let origin = page::origin(port);
    let from = IpAddr::from(ELSEWHERE);
    let mut refused = 0;
    for i in 0..50 {
        let junk = json!({ "code": format!("junk-{i}") }).to_string();
        let (status, _) = page::post_token_from(from, port, &origin, junk).await;
        assert!(status == 401 || status == 429, "{status}");
        refused += u32::from(status == 429);
    }
    page::sign_in(&bot.fake, port, &user(ALICE)).await;
    assert_eq!(refused, 50 - share, "the source's share, then 429");
    assert_eq!(bot.fake.oauth_exchanges(), (1, u64::from(share)));
    for body in [
        "not json".to_string(),
        json!({"code": "no spaces"}).to_string(),
    ] {
        let (status, answer) = page::post_token_from(from, port, &origin, body).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some("bad_request"))
        );
    }
    let huge = json!({ "code": "x".repeat(64 * 1024) }).to_string();
    let (status, answer) = page::post_token_from(from, port, &origin, huge).await;
    assert_eq!((status, answer["error"].as_str()), (413, Some("too_large")));
    bot.finish().await;
}

/// A source past its rate of requests is answered 429 while another is served; a request
/// whose body never comes is answered 408 once its time is out.
#[tokio::test]
async fn a_source_past_its_rate_or_its_time_is_refused() {
    let port = page::free_port();
    let bot = Bot::start_configured(63, |c| {
        page::configure(c, FakeOptions::default().app_id, port);
        c.activity.requests_per_source = "5/1".parse().unwrap();
        c.activity.request_seconds = 1;
    })
    .await;
    let get = |source: [u8; 4]| async move {
        let client = reqwest::Client::builder()
            .local_address(IpAddr::from(source))
            .build()
            .unwrap();
        let url = format!("http://127.0.0.1:{port}/api/config");
        client.get(url).send().await.unwrap().status().as_u16()
    };
    for _ in 0..5 {
        assert_eq!(get(ELSEWHERE).await, 200);
    }
    assert_eq!(get(ELSEWHERE).await, 429);
    assert_eq!(get([127, 0, 0, 1]).await, 200, "another source is served");

    let mut slow = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let head = format!(
        "POST /api/token HTTP/1.1\r\nHost: x\r\nOrigin: {}\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"code\"",
        page::origin(port)
    );
    slow.write_all(head.as_bytes()).await.unwrap();
    let mut answer = [0u8; 12];
    let read = tokio::time::timeout(Duration::from_secs(6), slow.read_exact(&mut answer)).await;
    assert!(
        read.is_ok(),
        "no answer within the request's time and slack"
    );
    assert_eq!(&answer, b"HTTP/1.1 408");
    bot.finish().await;
}

/// A hello and each move cost the player a token of their own: with two, the hello and one
/// move are taken and the next move is refused. (A fresh process, whose first hello and first
/// move were once both counted "1" and taken for one request.)
#[tokio::test]
async fn a_hello_and_a_move_each_cost_a_token() {
    let bin = Binary::new().await;
    let port = page::free_port();
    bin.configure(&format!(
        "[activity]\naddr = '127.0.0.1:{port}'\nclient_id = {}\nclient_secret = '{SECRET}'\n\
         origins = ['{}']\n",
        FakeOptions::default().app_id,
        page::origin(port)
    ));
    bin.fake.oauth_secret(SECRET);
    bin.fake
        .activity_instance(INSTANCE, bin.fake.channel_id(), &[ALICE]);
    let _bot = bin.spawn(1, &[("GIN_LIMITS", "2/1".into())]);
    bin.fake.wait_ready(1).await;
    let session = page::sign_in(&bin.fake, port, &user(ALICE)).await;
    let mut s = Socket::join(port, &session, INSTANCE).await;
    let draw = json!({"gin": {"action": "draw_stock"}});
    let first = s.play_raw(999, 1, draw.clone()).await;
    assert_eq!(first["code"], "stale", "taken, for no match shown: {first}");
    let second = s.play_raw(999, 1, draw).await;
    assert_eq!(second["code"], "rate_limited", "{second}");
}

/// A frame past the limit closes the socket with 1009 (Message Too Big), as the first frame
/// and after the welcome.
#[tokio::test]
async fn a_frame_too_large_closes_the_socket_with_1009() {
    let (bot, port) = page::bot_with_table(62, INSTANCE, &[ALICE]).await;
    let session = page::sign_in(&bot.fake, port, &user(ALICE)).await;
    let big = json!({"t": "ping", "pad": "x".repeat(5000)}).to_string();
    let mut first = Socket::open(port, &page::origin(port)).await.unwrap();
    first.send_raw(big.clone().into()).await;
    assert_eq!(first.close_code().await, Some(1009));
    let mut joined = Socket::join(port, &session, INSTANCE).await;
    joined.send_raw(big.into()).await;
    assert_eq!(joined.close_code().await, Some(1009));
    bot.finish().await;
}
