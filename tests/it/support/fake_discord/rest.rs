//! The REST half of the fake: a small HTTP/1.1 server (keep-alive, Content-Length or chunked
//! bodies, multipart uploads) answering the routes serenity calls as Discord does, with full
//! `Message` objects where serenity expects one.

use super::payloads::message_json;
use super::tokens::TokenInfo;
use super::{
    limits, Callback, HoldSlot, Origin, Part, RecordedRequest, Shared, State, StoredMessage, Write,
    WriteKind,
};
use serde_json::{json, Value};
use std::io;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

pub(crate) async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    accept_each(listener, move |sock| {
        tokio::spawn(connection(sock, shared.clone()));
    })
    .await
}

/// Hands every accepted connection to `serve` (the REST and the gateway listeners).
pub(crate) async fn accept_each(listener: TcpListener, mut serve: impl FnMut(TcpStream)) {
    loop {
        match listener.accept().await {
            Ok((sock, _)) => serve(sock),
            // Out of file descriptors, say: wait and go on.
            Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
}

struct Head {
    len: usize,
    method: String,
    path: String,
    content_type: String,
    content_length: usize,
    chunked: bool,
    close: bool,
    authorization: Option<String>,
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_string())
}

fn parse_head(buf: &[u8]) -> io::Result<Option<Head>> {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut headers);
    let len = match req.parse(buf) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(_) => return Err(invalid("malformed request head")),
    };
    let mut head = Head {
        len,
        method: req.method.unwrap_or_default().to_string(),
        path: req.path.unwrap_or("/").to_string(),
        content_type: String::new(),
        content_length: 0,
        chunked: false,
        close: req.version == Some(0),
        authorization: None,
    };
    for h in req.headers.iter() {
        let value = String::from_utf8_lossy(h.value).into_owned();
        match h.name.to_ascii_lowercase().as_str() {
            "content-type" => head.content_type = value,
            "content-length" => {
                head.content_length = value
                    .trim()
                    .parse()
                    .map_err(|_| invalid("content-length"))?
            }
            "transfer-encoding" => head.chunked = value.to_ascii_lowercase().contains("chunked"),
            "connection" => head.close = value.eq_ignore_ascii_case("close"),
            "authorization" => head.authorization = Some(value),
            _ => {}
        }
    }
    Ok(Some(head))
}

/// Reads more bytes into `buf`; false at end of stream.
async fn fill(sock: &mut TcpStream, buf: &mut Vec<u8>) -> io::Result<bool> {
    buf.reserve(8192);
    Ok(sock.read_buf(buf).await? > 0)
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    memchr::memmem::find(hay.get(from..)?, needle).map(|p| p + from)
}

async fn read_chunked(sock: &mut TcpStream, buf: &mut Vec<u8>) -> io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let end = loop {
            if let Some(i) = find(buf, b"\r\n", 0) {
                break i;
            }
            if !fill(sock, buf).await? {
                return Err(invalid("truncated chunk"));
            }
        };
        let line = String::from_utf8_lossy(&buf[..end]).into_owned();
        let size = usize::from_str_radix(line.split(';').next().unwrap_or_default().trim(), 16)
            .map_err(|_| invalid("chunk size"))?;
        buf.drain(..end + 2);
        if size == 0 {
            // Trailers, then an empty line.
            loop {
                match find(buf, b"\r\n", 0) {
                    Some(i) => {
                        buf.drain(..i + 2);
                        if i == 0 {
                            return Ok(body);
                        }
                    }
                    None if !fill(sock, buf).await? => return Ok(body),
                    None => {}
                }
            }
        }
        while buf.len() < size + 2 {
            if !fill(sock, buf).await? {
                return Err(invalid("truncated chunk"));
            }
        }
        body.extend_from_slice(&buf[..size]);
        buf.drain(..size + 2);
    }
}

async fn connection(mut sock: TcpStream, shared: Arc<Shared>) -> io::Result<()> {
    sock.set_nodelay(true)?;
    let mut buf = Vec::new();
    loop {
        let head = loop {
            if let Some(h) = parse_head(&buf)? {
                break h;
            }
            if !fill(&mut sock, &mut buf).await? {
                return Ok(());
            }
        };
        buf.drain(..head.len);
        let body = if head.chunked {
            read_chunked(&mut sock, &mut buf).await?
        } else {
            while buf.len() < head.content_length {
                if !fill(&mut sock, &mut buf).await? {
                    return Ok(());
                }
            }
            buf.drain(..head.content_length).collect()
        };
        if !hold(&shared, &head, &mut sock, &mut buf).await {
            // Dropped while held (the bot's connection closed, or the test dropped the hold):
            // never processed, never answered.
            return Ok(());
        }
        let reply = handle(&shared, &head, &body);
        sock.write_all(&reply.encode(head.close)).await?;
        if head.close {
            return Ok(());
        }
    }
}

/// "METHOD /path", the path without its query and `/api/v10` (what faults and holds match).
fn route_key(head: &Head) -> String {
    let path = head.path.split('?').next().unwrap_or_default();
    let route = path.strip_prefix("/api/v10").unwrap_or(path);
    format!("{} {route}", head.method)
}

/// Holds the request if a hold matches it, until the bot closes the connection or the hold
/// is dropped: false, drop the request. Bytes arriving meanwhile stay in `buf`. True at once
/// without a matching hold.
async fn hold(shared: &Shared, head: &Head, sock: &mut TcpStream, buf: &mut Vec<u8>) -> bool {
    let Some(slot) = take_hold(shared, &route_key(head)) else {
        return true;
    };
    let dropped = slot
        .dropped
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    slot.held.store(true, Ordering::SeqCst);
    slot.arrived.notify_waiters();
    if let Some(dropped) = dropped {
        tokio::select! {
            _ = dropped => {}
            _ = closed(sock, buf) => {}
        }
    }
    false
}

/// The first hold matching `key`, taken out of the waiting ones.
fn take_hold(shared: &Shared, key: &str) -> Option<Arc<HoldSlot>> {
    let mut st = shared.lock();
    let i = st
        .holds
        .iter()
        .position(|s| key.contains(s.route.as_str()))?;
    Some(st.holds.remove(i))
}

/// Resolves once the peer has closed the connection (or it failed); keeps what arrives.
async fn closed(sock: &mut TcpStream, buf: &mut Vec<u8>) {
    loop {
        buf.reserve(1024);
        match sock.read_buf(buf).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

pub(crate) struct Reply {
    status: u16,
    body: Vec<u8>,
    headers: Vec<(&'static str, String)>,
}

impl Reply {
    pub(crate) fn json(status: u16, v: &Value) -> Reply {
        Reply {
            status,
            body: v.to_string().into_bytes(),
            headers: Vec::new(),
        }
    }

    pub(crate) fn with_header(mut self, name: &'static str, value: String) -> Reply {
        self.headers.push((name, value));
        self
    }

    fn no_content() -> Reply {
        Reply {
            status: 204,
            body: Vec::new(),
            headers: Vec::new(),
        }
    }

    /// Discord's error body: `{"message", "code"}`.
    pub(crate) fn error(status: u16, code: u32, message: &str) -> Reply {
        Reply::json(status, &json!({"message": message, "code": code}))
    }

    fn encode(&self, close: bool) -> Vec<u8> {
        let reason = match self.status {
            200 => "OK",
            204 => "No Content",
            400 => "Bad Request",
            401 => "Unauthorized",
            403 => "Forbidden",
            404 => "Not Found",
            429 => "Too Many Requests",
            500 => "Internal Server Error",
            _ => "Status",
        };
        let mut head = format!("HTTP/1.1 {} {reason}\r\n", self.status);
        for (k, v) in &self.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        if self.status != 204 {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                self.body.len()
            ));
        }
        if close {
            head.push_str("Connection: close\r\n");
        }
        head.push_str("\r\n");
        let mut out = head.into_bytes();
        out.extend_from_slice(&self.body);
        out
    }
}

/// An injected failure, as Discord words it.
fn fault_reply(st: &mut State, status: u16) -> Reply {
    st.faults_served += 1;
    if status != 429 {
        return Reply::error(status, 0, &format!("{status}: fake Discord failure"));
    }
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        + 0.1;
    let mut r = Reply::json(
        429,
        &json!({"message": "You are being rate limited.", "retry_after": 0.1, "global": false}),
    );
    r.headers = vec![
        ("Retry-After", "1".into()),
        ("X-RateLimit-Limit", "5".into()),
        ("X-RateLimit-Remaining", "0".into()),
        ("X-RateLimit-Reset", format!("{reset:.3}")),
        ("X-RateLimit-Reset-After", "0.100".into()),
        ("X-RateLimit-Bucket", "fake-bucket".into()),
        ("X-RateLimit-Scope", "user".into()),
    ];
    r
}

fn parse_body(content_type: &str, body: &[u8]) -> (Option<Value>, Vec<Part>) {
    if content_type.starts_with("multipart/form-data") {
        let parts = multipart(content_type, body);
        let json = parts
            .iter()
            .find(|p| p.name == "payload_json")
            .and_then(|p| serde_json::from_slice(&p.data).ok());
        (json, parts)
    } else {
        (serde_json::from_slice(body).ok(), Vec::new())
    }
}

fn param(line: &str, key: &str) -> Option<String> {
    line.split(';').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
    })
}

/// Splits a multipart/form-data body into its parts (serenity: `files[n]` and `payload_json`).
fn multipart(content_type: &str, body: &[u8]) -> Vec<Part> {
    let mut parts = Vec::new();
    let Some(boundary) = param(content_type, "boundary") else {
        return parts;
    };
    let delim = format!("--{boundary}").into_bytes();
    let Some(first) = find(body, &delim, 0) else {
        return parts;
    };
    let mut pos = first + delim.len();
    while !body[pos..].starts_with(b"--") {
        let start = pos + 2; // the CRLF after the delimiter
        let Some(end) = find(body, &delim, start) else {
            break;
        };
        pos = end + delim.len();
        let Some(stop) = end.checked_sub(2).filter(|&s| s >= start) else {
            continue;
        };
        let raw = &body[start..stop];
        let Some(h) = find(raw, b"\r\n\r\n", 0) else {
            continue;
        };
        let head = String::from_utf8_lossy(&raw[..h]);
        let mut part = Part {
            name: String::new(),
            filename: None,
            content_type: None,
            data: raw[h + 4..].to_vec(),
        };
        for line in head.split("\r\n") {
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("content-disposition:") {
                part.name = param(line, "name").unwrap_or_default();
                part.filename = param(line, "filename");
            } else if lower.starts_with("content-type:") {
                part.content_type = Some(line["content-type:".len()..].trim().to_string());
            }
        }
        parts.push(part);
    }
    parts
}

fn handle(shared: &Shared, head: &Head, body: &[u8]) -> Reply {
    let path = head.path.split('?').next().unwrap_or_default();
    let route = path.strip_prefix("/api/v10").unwrap_or(path).to_string();
    let key = route_key(head);
    let (json, parts) = parse_body(&head.content_type, body);
    let mut st = shared.lock();
    let bearer = head
        .authorization
        .as_deref()
        .is_some_and(|a| a.starts_with("Bearer "));
    // What each request is, counted with its body's bytes (kept without `record` too: the
    // load benchmark's per-move figures).
    let kind = request_kind(&head.method, &route);
    let counted = st.request_kinds.entry(kind).or_default();
    counted.0 += 1;
    counted.1 += body.len() as u64;
    let reply = if head.method == "POST" && route == "/oauth2/token" {
        st.oauth
            .exchange(shared.opts.app_id, &head.content_type, body)
    } else if let Some(me) = (bearer && route == "/users/@me")
        .then(|| st.oauth.me(head.authorization.as_deref()))
        .flatten()
    {
        me
    } else if !route.starts_with("/webhooks/")
        && !route.starts_with("/interactions/")
        && head.authorization.as_deref() != Some(format!("Bot {}", shared.opts.token).as_str())
    {
        st.violation(format!(
            "{} {route} without the bot's Authorization header",
            head.method
        ));
        Reply::error(401, 0, "401: Unauthorized")
    } else if denied(&st, &route) {
        Reply::error(403, 50001, "Missing Access")
    } else if let Some(refused) = outsider(shared, &mut st, &head.method, &route) {
        refused
    } else {
        let hit = st.faults.iter().position(|(p, _)| key.contains(p.as_str()));
        let fault = hit.map(|i| st.faults.remove(i).1);
        let body = json.as_ref().unwrap_or(&Value::Null);
        route_request(shared, &mut st, &head.method, &route, body, &parts, fault)
    };
    if shared.opts.record {
        st.requests.push(RecordedRequest {
            method: head.method.clone(),
            path: route,
        });
    }
    reply
}

/// Whether `route` is in a channel the bot lost (see `FakeDiscord::deny_channel`).
fn denied(st: &State, route: &str) -> bool {
    let mut seg = route.split('/').filter(|s| !s.is_empty());
    seg.next() == Some("channels")
        && seg
            .next()
            .is_some_and(|c| st.denied_channels.contains(&num(c)))
}

/// A channel route where the bot is not a member (a DM or group DM between users, a server
/// only users installed the app in): refused 403 Missing Access, and a violation.
fn outsider(shared: &Shared, st: &mut State, method: &str, route: &str) -> Option<Reply> {
    let mut seg = route.split('/').filter(|s| !s.is_empty());
    if seg.next() != Some("channels") {
        return None;
    }
    let channel = num(seg.next()?);
    let place = st.place_of(&shared.opts, channel);
    if place.bot_is_member() {
        return None;
    }
    st.violation(format!(
        "{method} {route}: the bot is not in channel {channel} ({})",
        place.describe()
    ));
    Some(Reply::error(403, 50001, "Missing Access"))
}

/// A request's kind, for the per-move counts: an interaction's first answer, a follow-up or
/// an edit through its token, a channel message posted or edited, or anything else.
fn request_kind(method: &str, route: &str) -> &'static str {
    let seg: Vec<&str> = route.split('/').filter(|s| !s.is_empty()).collect();
    match (method, seg.as_slice()) {
        ("POST", ["interactions", _, _, "callback"]) => "interaction_response",
        ("POST", ["webhooks", ..]) => "followup",
        ("PATCH", ["webhooks", ..]) => "token_edit",
        ("POST", ["channels", _, "messages"]) => "message_post",
        ("PATCH", ["channels", _, "messages", _]) => "message_edit",
        _ => "other",
    }
}

/// The gateway address `GET /gateway` gives out.
fn gateway_url(shared: &Shared) -> String {
    shared
        .opts
        .gateway_url
        .clone()
        .unwrap_or_else(|| shared.ws_url.clone())
}

fn num(s: &str) -> u64 {
    s.parse().unwrap_or(0)
}

fn ok(v: Value) -> Reply {
    Reply::json(200, &v)
}

fn route_request(
    shared: &Shared,
    st: &mut State,
    method: &str,
    route: &str,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
) -> Reply {
    let seg: Vec<&str> = route.split('/').filter(|s| !s.is_empty()).collect();
    match (method, seg.as_slice()) {
        // Message writes and callbacks take the fault themselves (limits are still checked).
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(shared, st, num(id), token, body, parts, fault)
        }
        ("POST", ["webhooks", _, token]) => followup(shared, st, token, body, parts, fault),
        (m, ["webhooks", _, token, "messages", which]) => {
            webhook_message(shared, st, m, token, which, body, parts, fault)
        }
        ("POST", ["channels", ch, "messages"]) => {
            channel_post(shared, st, num(ch), body, parts, fault)
        }
        (m, ["channels", ch, "messages", id]) => {
            channel_message(shared, st, m, num(ch), num(id), body, parts, fault)
        }
        // Instance lookups take the fault themselves: each is counted.
        ("GET", ["applications", _, "activity-instances", id]) => match fault {
            Some(status) => {
                st.oauth.lookups += 1;
                fault_reply(st, status)
            }
            None => st.oauth.instance(shared.opts.app_id, id),
        },
        _ if fault.is_some() => fault_reply(st, fault.unwrap_or(500)),
        ("GET", ["gateway"]) => ok(json!({ "url": gateway_url(shared) })),
        ("GET", ["gateway", "bot"]) => ok(
            json!({"url": gateway_url(shared), "shards": shared.opts.shards,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        ("GET", ["users", "@me"]) => ok(shared.opts.bot_user.json()),
        ("POST", ["users", "@me", "channels"]) => {
            let user = match &body["recipient_id"] {
                Value::String(s) => num(s),
                v => v.as_u64().unwrap_or(0),
            };
            let channel = match st.dm_channels.get(&user) {
                Some(&c) => c,
                None => {
                    let c = shared.next_id();
                    st.dm_channels.insert(user, c);
                    c
                }
            };
            st.places
                .insert(channel, super::places::FakePlace::BotDm { user });
            let recipient = json!({"id": user.to_string(), "username": format!("user{user}"),
                                   "global_name": null, "avatar": null, "bot": false});
            ok(
                json!({"id": channel.to_string(), "type": 1, "last_message_id": null,
                      "recipients": [recipient]}),
            )
        }
        ("GET", ["applications", _, "emojis"]) => {
            st.emoji_lists += 1;
            let items: Vec<Value> = st
                .app_emojis
                .iter()
                .map(|(id, name, _)| emoji_json(*id, name))
                .collect();
            ok(json!({ "items": items }))
        }
        ("POST", ["applications", _, "emojis"]) => create_emoji(shared, st, body),
        ("DELETE", ["applications", _, "emojis", id]) => {
            let before = st.app_emojis.len();
            st.app_emojis.retain(|(e, _, _)| *e != num(id));
            if st.app_emojis.len() == before {
                Reply::error(404, 10014, "Unknown Emoji")
            } else {
                st.emoji_deletes += 1;
                Reply::no_content()
            }
        }
        ("PUT", ["applications", _, "commands"]) => {
            for v in limits::check_registration(body) {
                st.violation(v);
            }
            st.commands = Some(body.clone());
            st.commands_guild = None;
            st.registrations += 1;
            ok(json!([]))
        }
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            st.commands = Some(body.clone());
            st.commands_guild = Some(num(guild));
            st.registrations += 1;
            ok(json!([]))
        }
        _ => Reply::error(404, 0, "404: Not Found"),
    }
}

fn emoji_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "name": name, "animated": false, "available": true,
           "managed": false, "require_colons": true, "roles": []})
}

/// Discord's limits on an application emoji: a name of 2 to 32 letters, digits and
/// underscores, unique; a PNG, JPEG, GIF or WebP data URI of at most 256 KiB; 2,000 at most.
fn create_emoji(shared: &Shared, st: &mut State, body: &Value) -> Reply {
    match check_new_emoji(st, body) {
        Ok((name, size)) => {
            let id = shared.next_id();
            st.app_emojis.push((id, name.clone(), size));
            st.emoji_creates += 1;
            ok(emoji_json(id, &name))
        }
        Err(why) => {
            st.violation(format!("emoji create refused: {why}"));
            Reply::error(400, 50035, &format!("Invalid Form Body: {why}"))
        }
    }
}

/// The new emoji's name and image size, or why Discord refuses it.
fn check_new_emoji(st: &State, body: &Value) -> Result<(String, usize), String> {
    use base64::Engine;
    let name = body["name"].as_str().unwrap_or_default();
    let image = body["image"].as_str().unwrap_or_default();
    if !(2..=32).contains(&name.len())
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(format!("name {name:?}"));
    }
    let (kind, data) = image
        .strip_prefix("data:")
        .and_then(|r| r.split_once(";base64,"))
        .ok_or("image is not a base64 data URI")?;
    if !["image/png", "image/jpeg", "image/gif", "image/webp"].contains(&kind) {
        return Err(format!("image type {kind}"));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|_| "image is not valid base64")?;
    if bytes.len() > 256 * 1024 {
        return Err(format!("image of {} bytes (max 262144)", bytes.len()));
    }
    if !bytes.starts_with(b"\x89PNG") && kind == "image/png" {
        return Err("image/png that is not a PNG".into());
    }
    if st.app_emojis.iter().any(|(_, n, _)| n == name) {
        return Err(format!("name {name:?} is taken"));
    }
    if st.app_emojis.len() >= 2000 {
        return Err("the application has 2,000 emojis".into());
    }
    Ok((name.to_string(), bytes.len()))
}

/// Every custom emoji a message shows (in its text, on its buttons and menus) must be one of
/// the application's: Discord shows a broken one as its bare name.
fn check_emojis(st: &State, m: &StoredMessage) -> Vec<String> {
    let mut used: Vec<(u64, String)> = Vec::new();
    let mut rest = m.content.as_str();
    while let Some(i) = rest.find("<:") {
        let tail = &rest[i + 2..];
        let Some(end) = tail.find('>') else { break };
        if let Some((name, id)) = tail[..end].split_once(':') {
            used.push((id.parse().unwrap_or(0), name.to_string()));
        }
        rest = &tail[end..];
    }
    for row in m.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let emojis = std::iter::once(&c["emoji"]).chain(
                c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| &o["emoji"]),
            );
            for e in emojis.filter(|e| !e.is_null()) {
                let id = e["id"]
                    .as_u64()
                    .or_else(|| e["id"].as_str()?.parse().ok())
                    .unwrap_or(0);
                used.push((id, e["name"].as_str().unwrap_or_default().to_string()));
            }
        }
    }
    used.into_iter()
        .filter(|(id, name)| !st.app_emojis.iter().any(|(e, n, _)| e == id && n == name))
        .map(|(id, name)| format!("emoji <:{name}:{id}> is not one of the application's"))
        .collect()
}

/// Applies a write body (content, embeds, components, attachments; absent fields are kept).
fn apply(shared: &Shared, m: &mut StoredMessage, body: &Value, parts: &[Part]) {
    if let Some(c) = body.get("content") {
        m.content = c.as_str().unwrap_or_default().to_string();
    }
    if let Some(e) = body.get("embeds") {
        m.embeds = if e.is_null() { json!([]) } else { e.clone() };
    }
    if let Some(c) = body.get("components") {
        m.components = if c.is_null() { json!([]) } else { c.clone() };
    }
    if let Some(list) = body.get("attachments").and_then(Value::as_array) {
        let old = std::mem::take(&mut m.attachments);
        m.attachments = list
            .iter()
            .filter_map(|a| {
                let id = a["id"]
                    .as_u64()
                    .or_else(|| a["id"].as_str()?.parse().ok())?;
                // An existing attachment to keep, or a new file uploaded as `files[id]`.
                if let Some(kept) = old
                    .iter()
                    .find(|o| o["id"].as_str() == Some(id.to_string().as_str()))
                {
                    return Some(kept.clone());
                }
                let part = parts.iter().find(|p| p.name == format!("files[{id}]"))?;
                let new_id = shared.next_id();
                // A benchmark (no recording) reads no file back.
                if shared.opts.record {
                    shared
                        .uploads
                        .lock()
                        .unwrap()
                        .insert(new_id, part.data.clone());
                }
                let name = a["filename"]
                    .as_str()
                    .or(part.filename.as_deref())
                    .unwrap_or("file");
                let url = format!("{}/attachments/{new_id}/{name}", shared.http_url);
                Some(
                    json!({"id": new_id.to_string(), "filename": name, "size": part.data.len(),
                            "url": url, "proxy_url": url, "content_type": part.content_type,
                            "description": a["description"]}),
                )
            })
            .collect();
    }
    m.version += 1;
}

/// Checks a message as it would be after a write, and logs the write.
fn log_write(
    shared: &Shared,
    st: &mut State,
    m: &StoredMessage,
    kind: WriteKind,
    status: u16,
    body: &Value,
) {
    let breaches = limits::check_message(
        &m.content,
        &m.embeds,
        &m.components,
        m.ephemeral,
        &shared.opts.private_prefixes,
    );
    let mut breaches = breaches;
    breaches.extend(check_emojis(st, m));
    for a in &m.attachments {
        let described = a["description"].as_str().map_or(0, |d| d.chars().count());
        if described > 1024 {
            breaches.push(format!(
                "attachment description of {described} characters (max 1024)"
            ));
        }
        if a["size"].as_u64().unwrap_or(0) > 10 * 1024 * 1024 {
            breaches.push("attachment over 10 MiB".into());
        }
    }
    for b in breaches {
        st.violation(format!(
            "{kind:?} of message {} in channel {}: {b}",
            m.id, m.channel_id
        ));
    }
    let log = st.channels.entry(m.channel_id).or_default();
    if !m.ephemeral {
        log.public_writes += 1;
        log.last_public = m.id;
    }
    if shared.opts.record {
        st.writes.push(Write {
            kind,
            message_id: m.id,
            channel_id: m.channel_id,
            ephemeral: m.ephemeral,
            owner: m.owner,
            content: m.content.clone(),
            custom_ids: m.custom_ids(),
            status,
            allowed_mentions: body.get("allowed_mentions").cloned(),
        });
    }
    shared.notify(m.channel_id);
}

/// A stored message; without `record`, an unknown one is taken as an empty public message
/// (messages without buttons are not kept then).
fn existing(shared: &Shared, st: &State, id: u64, channel: u64) -> Option<StoredMessage> {
    match st.messages.get(&id) {
        Some(m) => Some(m.clone()),
        None if !shared.opts.record && id != 0 => Some(StoredMessage::new(
            id,
            channel,
            Origin::Channel,
            false,
            None,
        )),
        None => None,
    }
}

fn flags_ephemeral(body: &Value) -> bool {
    body["flags"].as_u64().unwrap_or(0) & 64 != 0
}

fn callback(
    shared: &Shared,
    st: &mut State,
    id: u64,
    token: &str,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
) -> Reply {
    if st.interactions.get(&id).is_none_or(|p| p.token != token) {
        st.violation(format!("callback for unknown interaction {id}"));
        return Reply::error(404, 10062, "Unknown interaction");
    }
    let p = st.interactions.get_mut(&id).expect("checked above");
    let elapsed = p.sent_at.elapsed();
    let (asked, sent_at, skipped_at_send) = (p.kind.clone(), p.sent_at, p.skipped_at_send);
    let first = p.first_attempt.is_none();
    p.first_attempt.get_or_insert(elapsed);
    let acknowledged = p.acknowledged;
    let (channel, user, on_message) = (p.channel, p.user, p.message);
    let user_only = p.user_only;
    let tx = if acknowledged { None } else { p.tx.take() };
    if acknowledged {
        st.violation(format!("interaction {id} answered twice"));
        return Reply::error(400, 40060, "Interaction has already been acknowledged.");
    }
    let kind = body["type"].as_u64().unwrap_or(0) as u8;
    let data = body.get("data").unwrap_or(&Value::Null);
    if kind == 12 {
        let asked = st.interactions.get(&id).map_or(0, |p| p.kind_no);
        if let Err(e) = super::limits::check_launch(asked, st.oauth.secret.is_some()) {
            st.violation(format!("interaction {id}: {e}"));
            if let Some(tx) = tx {
                let _ = tx.send(Callback {
                    status: 400,
                    kind,
                    data: data.clone(),
                    elapsed,
                    message_id: None,
                    ephemeral: false,
                });
            }
            return Reply::error(400, 50035, "Invalid Form Body");
        }
    }
    let pressed_on = match on_message {
        Some(mid) => existing(shared, st, mid, channel),
        None => None,
    };
    // The message this response creates (4, 5) or updates (6, 7).
    let target = match kind {
        4 | 5 => {
            let mut m = StoredMessage::new(
                shared.next_id(),
                channel,
                Origin::Interaction,
                flags_ephemeral(data),
                Some(user),
            );
            if kind == 4 {
                apply(shared, &mut m, data, parts);
            } else {
                m.version = 1;
            }
            Some(m)
        }
        6 | 7 => match pressed_on {
            Some(mut m) => {
                if kind == 7 {
                    apply(shared, &mut m, data, parts);
                }
                Some(m)
            }
            None => {
                st.violation(format!(
                    "interaction {id}: response type {kind} without a message to update"
                ));
                None
            }
        },
        _ => None,
    };
    let late = elapsed > shared.opts.response_deadline;
    if late && fault.is_none() {
        st.late += 1;
        st.violation(format!(
            "interaction {id}: first response after {elapsed:?}"
        ));
    }
    let status = fault.unwrap_or(if late { 404 } else { 204 });
    if let Some(m) = target.as_ref().filter(|_| matches!(kind, 4 | 7)) {
        log_write(shared, st, m, WriteKind::Callback(kind), status, data);
    }
    if first {
        let us = elapsed.as_micros().min(u32::MAX as u128) as u32;
        st.latencies.push((asked, sent_at, us));
    }
    let cb = Callback {
        status,
        kind,
        data: data.clone(),
        elapsed,
        message_id: target.as_ref().map(|m| m.id),
        ephemeral: target.as_ref().is_some_and(|m| m.ephemeral),
    };
    let reply = match fault {
        Some(s) => fault_reply(st, s),
        None if late => Reply::error(404, 10062, "Unknown interaction"),
        None => {
            st.answered += 1;
            if let Some(p) = st.interactions.get_mut(&id) {
                p.acknowledged = true;
            }
            if kind == 12 {
                let guild = st.place_of(&shared.opts, channel).guild();
                st.oauth.launch(shared.next_id(), channel, guild, user);
            }
            if !shared.opts.record {
                st.interactions.remove(&id);
            }
            if let Some(m) = target {
                let made = std::iter::once(m.id).chain(on_message).collect();
                let info = TokenInfo {
                    channel,
                    user,
                    original: Some(m.id),
                    issued: sent_at,
                    skipped_at_send,
                    made,
                    followups: 0,
                    user_only,
                };
                remember_token(shared, st, token, info, !m.custom_ids().is_empty());
                st.put(m, shared.opts.record);
            }
            Reply::no_content()
        }
    };
    if let Some(tx) = tx {
        let _ = tx.send(cb);
    }
    reply
}

/// Keeps an interaction token: its `@original` message and what it may reach (for followups
/// and edits).
fn remember_token(
    shared: &Shared,
    st: &mut State,
    token: &str,
    info: TokenInfo,
    has_buttons: bool,
) {
    let original = info.original.unwrap_or_default();
    if !shared.opts.record {
        // Keep only the latest token of a message with buttons (the one the bot edits with).
        if !has_buttons {
            return;
        }
        if let Some(old) = st.last_token.insert(original, token.to_string()) {
            st.retired_tokens.push_back(old);
            if st.retired_tokens.len() > super::RETIRED_TOKENS {
                if let Some(expired) = st.retired_tokens.pop_front() {
                    st.tokens.remove(&expired);
                }
            }
        }
    }
    st.tokens.insert(token.to_string(), info);
}

fn followup(
    shared: &Shared,
    st: &mut State,
    token: &str,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
) -> Reply {
    let Some(t) = st.tokens.get(token).cloned() else {
        st.violation(format!("followup with unknown token {token}"));
        return Reply::error(404, 10015, "Unknown Webhook");
    };
    if let Err(refused) = t
        .check_alive(st, "followup")
        .and_then(|()| t.check_followup(st))
    {
        return refused;
    }
    let m = StoredMessage::new(
        shared.next_id(),
        t.channel,
        Origin::Followup,
        flags_ephemeral(body),
        Some(t.user),
    );
    let id = m.id;
    let reply = write(shared, st, m, body, parts, fault, WriteKind::Followup);
    if let (200, Some(t)) = (reply.status, st.tokens.get_mut(token)) {
        t.followups += 1;
        t.made.insert(id);
        let (channel, made) = (t.channel, t.followups);
        let most = st.most_followups.entry(channel).or_default();
        *most = (*most).max(made);
    }
    reply
}

#[allow(clippy::too_many_arguments)]
fn webhook_message(
    shared: &Shared,
    st: &mut State,
    method: &str,
    token: &str,
    which: &str,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
) -> Reply {
    let Some(t) = st.tokens.get(token).cloned() else {
        st.violation(format!(
            "{method} of a webhook message with unknown token {token}"
        ));
        return Reply::error(404, 10015, "Unknown Webhook");
    };
    let what = format!("{method} of a webhook message");
    if let Err(refused) = t.check_alive(st, &what) {
        return refused;
    }
    let id = if which == "@original" {
        t.original.unwrap_or(0)
    } else {
        which.parse().unwrap_or(0)
    };
    if which != "@original" {
        if let Err(refused) = t.check_made(st, &what, id) {
            return refused;
        }
    }
    let Some(m) = existing(shared, st, id, t.channel) else {
        st.violation(format!("{method} of unknown webhook message {which}"));
        return Reply::error(404, 10008, "Unknown Message");
    };
    on_message(
        shared,
        st,
        method,
        m,
        body,
        parts,
        fault,
        WriteKind::WebhookEdit,
    )
}

fn channel_post(
    shared: &Shared,
    st: &mut State,
    channel: u64,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
) -> Reply {
    if flags_ephemeral(body) {
        st.violation(format!("channel message in {channel} with the ephemeral flag (only interaction responses can be ephemeral)"));
    }
    // Discord's nonce: a string or an integer, at most 25 characters.
    let nonce = match body.get("nonce") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) if n.is_u64() || n.is_i64() => Some(n.to_string()),
        Some(other) => {
            st.violation(format!(
                "channel message in {channel} with a nonce that is neither a string nor an integer: {other}"
            ));
            return invalid_form_body(
                "nonce",
                "NONCE_TYPE_INVALID",
                "Nonce must be a string or an integer.",
            );
        }
    };
    if let Some(n) = nonce.as_deref().filter(|n| n.chars().count() > 25) {
        st.violation(format!(
            "channel message in {channel} with a nonce of {} characters (at most 25): {n:?}",
            n.chars().count()
        ));
        return invalid_form_body(
            "nonce",
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        );
    }
    let enforce = body["enforce_nonce"].as_bool().unwrap_or(false);
    if let (true, None, Some(n)) = (enforce, fault, nonce.as_ref()) {
        let earlier = st.nonces.get(&(channel, n.clone())).copied();
        if let Some(m) = earlier.and_then(|id| existing(shared, st, id, channel)) {
            // Nothing is created: the earlier message comes back, as from a create.
            st.deduplicated_posts += 1;
            return ok(message_json(&shared.opts, &m));
        }
    }
    let id = shared.next_id();
    let m = StoredMessage::new(id, channel, Origin::Channel, false, None);
    let reply = write(shared, st, m, body, parts, fault, WriteKind::ChannelPost);
    if let (Some(n), 200) = (nonce, reply.status) {
        st.remember_nonce(channel, n, id);
    }
    reply
}

/// Discord's 400 for a field its validation refuses (code 50035, the errors by field).
fn invalid_form_body(field: &str, code: &str, message: &str) -> Reply {
    Reply::json(
        400,
        &json!({"message": "Invalid Form Body", "code": 50035,
                "errors": {field: {"_errors": [{"code": code, "message": message}]}}}),
    )
}

/// GET, PATCH or DELETE of a message that exists.
#[allow(clippy::too_many_arguments)]
fn on_message(
    shared: &Shared,
    st: &mut State,
    method: &str,
    m: StoredMessage,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
    kind: WriteKind,
) -> Reply {
    match method {
        "GET" if fault.is_none() => ok(message_json(&shared.opts, &m)),
        "PATCH" => write(shared, st, m, body, parts, fault, kind),
        "DELETE" if fault.is_none() => {
            st.messages.remove(&m.id);
            Reply::no_content()
        }
        _ => match fault {
            Some(s) => fault_reply(st, s),
            None => Reply::error(405, 0, "405: Method Not Allowed"),
        },
    }
}

/// Applies a body to a message, records the write (checked against the limits), and keeps it
/// unless a fault was injected.
fn write(
    shared: &Shared,
    st: &mut State,
    mut m: StoredMessage,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
    kind: WriteKind,
) -> Reply {
    apply(shared, &mut m, body, parts);
    log_write(shared, st, &m, kind, fault.unwrap_or(200), body);
    if let Some(s) = fault {
        return fault_reply(st, s);
    }
    let reply = ok(message_json(&shared.opts, &m));
    st.put(m, shared.opts.record);
    reply
}

#[allow(clippy::too_many_arguments)]
fn channel_message(
    shared: &Shared,
    st: &mut State,
    method: &str,
    channel: u64,
    id: u64,
    body: &Value,
    parts: &[Part],
    fault: Option<u16>,
) -> Reply {
    // Ephemeral messages cannot be reached through the channel routes.
    let Some(m) =
        existing(shared, st, id, channel).filter(|m| m.channel_id == channel && !m.ephemeral)
    else {
        st.violation(format!(
            "{method} of unknown message {id} in channel {channel}"
        ));
        return Reply::error(404, 10008, "Unknown Message");
    };
    on_message(
        shared,
        st,
        method,
        m,
        body,
        parts,
        fault,
        WriteKind::ChannelEdit,
    )
}
