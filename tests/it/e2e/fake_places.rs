//! The fake Discord's rules for places and tokens, each tried against the fake alone: the
//! test speaks REST as the bot would, and each rule refuses as Discord does and records a
//! violation.

use crate::support::fake_discord::{payloads, FakeDiscord, FakePlace, Opt};
use crate::support::wire::*;
use serde_json::{json, Value};
use std::time::Duration;

const GROUP_DM: u64 = 8_003;
const DM: u64 = 8_001;
const NO_BOT_CHANNEL: u64 = 8_100;
const NO_BOT_GUILD: u64 = 8_200;

/// A request as the bot makes it (with its token): the status and the JSON body.
async fn call(fake: &FakeDiscord, method: &str, path: &str, body: Value) -> (u16, Value) {
    let url = format!("{}/api/v10{path}", fake.http_url());
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let r = reqwest::Client::new()
        .request(method, url)
        .header("Authorization", format!("Bot {}", fake.token()))
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("the fake answers");
    let status = r.status().as_u16();
    let bytes = r.bytes().await.unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn places(fake: &FakeDiscord) {
    fake.place_group_dm(GROUP_DM, &[ALICE, BOB, CAROL]);
    fake.place_dm(DM, ALICE, BOB);
    fake.place_guild_without_bot(NO_BOT_CHANNEL, NO_BOT_GUILD);
}

/// `/gin rules` by Alice in `channel`, answered by a message with a button: the interaction's
/// id and token, and the response's message.
async fn answered(fake: &FakeDiscord, channel: u64) -> (u64, String, u64) {
    let payload = fake.slash_command_in(channel, &user(ALICE), "gin", Some("rules"), vec![]);
    let handle = fake.send_outdated_command(payload);
    let id = handle.id;
    let token = fake.token_of(id).expect("a token");
    let button = json!([{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Go", "custom_id": format!("gin:test:{id}")}]}]);
    let body = json!({"type": 4, "data": {"content": "hello", "components": button}});
    let path = format!("/interactions/{id}/{token}/callback");
    assert_eq!(call(fake, "POST", &path, body).await.0, 204);
    let message = handle
        .callback()
        .await
        .message_id
        .expect("a response message");
    (id, token, message)
}

fn followup_path(fake: &FakeDiscord, token: &str) -> String {
    format!("/webhooks/{}/{token}", fake.options().app_id)
}

#[tokio::test]
async fn interactions_outside_servers_carry_no_server() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let bot_dm = fake.place_bot_dm(ALICE);
    let alice = user(ALICE);
    let cases = [
        (GROUP_DM, 2, json!({"1": ALICE.to_string()}), 3),
        (DM, 2, json!({"1": ALICE.to_string()}), 1),
        (bot_dm, 1, json!({"0": "0"}), 1),
    ];
    for (channel, context, owners, kind) in cases {
        let mut p = fake.slash_command_in(channel, &alice, "gin", Some("start"), vec![]);
        fake.place_of(channel).dress(fake.options(), &mut p, ALICE);
        // Sending gives it an id.
        p["id"] = "1".into();
        payloads::validate_interaction(&p);
        for absent in ["guild_id", "guild_locale", "member"] {
            assert!(p.get(absent).is_none(), "{channel}: {absent} in {p:#}");
        }
        assert!(p["data"].get("guild_id").is_none(), "{channel}");
        assert_eq!(p["user"]["id"], ALICE.to_string(), "{channel}");
        assert_eq!(p["context"], context, "{channel}");
        assert_eq!(p["authorizing_integration_owners"], owners, "{channel}");
        assert_eq!(p["channel"]["type"], kind, "{channel}");
        let read: serenity::model::application::CommandInteraction =
            serde_json::from_value(p).expect("serenity reads it");
        assert_eq!(read.guild_id, None);
        assert_eq!(read.user.id.get(), ALICE);
    }
    // A server without the bot: its server, the member, only the user's installation.
    let mut p = fake.slash_command_in(NO_BOT_CHANNEL, &alice, "gin", Some("start"), vec![]);
    fake.place_of(NO_BOT_CHANNEL)
        .dress(fake.options(), &mut p, ALICE);
    assert_eq!(p["guild_id"], NO_BOT_GUILD.to_string());
    assert_eq!(p["member"]["user"]["id"], ALICE.to_string());
    assert_eq!(p["context"], 0);
    assert_eq!(
        p["authorizing_integration_owners"],
        json!({"1": ALICE.to_string()})
    );
    // The fake's own server: the server installed the app.
    let mut p = fake.slash_command(&alice, "gin", Some("start"), vec![]);
    fake.place_of(fake.channel_id())
        .dress(fake.options(), &mut p, ALICE);
    let server = fake.guild_id().to_string();
    assert_eq!(p["authorizing_integration_owners"], json!({ "0": server }));
    fake.assert_no_violations();
}

/// Where the bot is not a member, every channel route is refused 403 Missing Access and
/// recorded; in its own DM and in a server with it, posts go through.
#[tokio::test]
async fn channel_routes_where_the_bot_is_not_are_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    for channel in [GROUP_DM, DM, NO_BOT_CHANNEL] {
        let before = fake.violations().len();
        let post = format!("/channels/{channel}/messages");
        let (status, body) = call(&fake, "POST", &post, json!({"content": "hi"})).await;
        assert_eq!((status, &body["code"]), (403, &json!(50001)), "{channel}");
        let edit = format!("/channels/{channel}/messages/1");
        let (status, _) = call(&fake, "PATCH", &edit, json!({"content": "hi"})).await;
        assert_eq!(status, 403, "{channel}");
        let v = fake.violations();
        assert_eq!(v.len(), before + 2, "{channel}: {v:?}");
        assert!(v[before].contains("the bot is not in channel"), "{v:?}");
    }
    assert!(fake.messages_in(GROUP_DM).is_empty());
    let refused = fake.violations().len();
    let bot_dm = fake.place_bot_dm(ALICE);
    assert_eq!(fake.place_of(bot_dm), FakePlace::BotDm { user: ALICE });
    for channel in [bot_dm, fake.channel_id()] {
        let post = format!("/channels/{channel}/messages");
        let (status, _) = call(&fake, "POST", &post, json!({"content": "hi"})).await;
        assert_eq!(status, 200, "{channel}");
    }
    // The bot opening Alice's DM gets that same channel.
    let (_, dm) = call(
        &fake,
        "POST",
        "/users/@me/channels",
        json!({"recipient_id": ALICE.to_string()}),
    )
    .await;
    assert_eq!(dm["id"], bot_dm.to_string());
    assert_eq!(fake.violations().len(), refused);
}

/// A token works for 15 minutes: aged past them, follow-ups and edits through it are refused
/// 401 and recorded.
#[tokio::test]
async fn an_expired_token_is_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let (_, token, _) = answered(&fake, GROUP_DM).await;
    let path = followup_path(&fake, &token);
    let original = format!("{path}/messages/@original");
    assert_eq!(
        call(&fake, "POST", &path, json!({"content": "1"})).await.0,
        200
    );
    fake.age_tokens(Duration::from_secs(14 * 60));
    assert_eq!(
        call(&fake, "PATCH", &original, json!({"content": "2"}))
            .await
            .0,
        200
    );
    fake.assert_no_violations();
    fake.age_tokens(Duration::from_secs(60));
    let (status, body) = call(&fake, "POST", &path, json!({"content": "3"})).await;
    assert_eq!((status, &body["code"]), (401, &json!(50027)));
    assert_eq!(
        call(&fake, "PATCH", &original, json!({"content": "4"}))
            .await
            .0,
        401
    );
    let v = fake.violations();
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(
        v.iter().all(|v| v.contains("older than 15 minutes")),
        "{v:?}"
    );
}

/// Time skipped while an interaction waits for its answer ages its token too; an interaction
/// sent after the skip has a fresh one.
#[tokio::test]
async fn time_skipped_before_the_answer_ages_the_token_too() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let payload = fake.slash_command_in(GROUP_DM, &user(ALICE), "gin", Some("rules"), vec![]);
    let handle = fake.send_outdated_command(payload);
    let (id, token) = (handle.id, fake.token_of(handle.id).expect("a token"));
    fake.age_tokens(Duration::from_secs(16 * 60));
    let body = json!({"type": 4, "data": {"content": "hello"}});
    let callback = format!("/interactions/{id}/{token}/callback");
    assert_eq!(call(&fake, "POST", &callback, body).await.0, 204);
    handle.callback().await;
    let original = format!("{}/messages/@original", followup_path(&fake, &token));
    assert_eq!(
        call(&fake, "PATCH", &original, json!({"content": "2"}))
            .await
            .0,
        401
    );
    assert_eq!(fake.violations().len(), 1);
    let (_, fresh, _) = answered(&fake, GROUP_DM).await;
    let path = followup_path(&fake, &fresh);
    assert_eq!(
        call(&fake, "POST", &path, json!({"content": "3"})).await.0,
        200
    );
    assert_eq!(fake.violations().len(), 1);
}

/// An interaction only a user's installation authorized gets 5 follow-ups; the sixth is
/// refused and recorded. In a server that installed the app there is no such limit.
#[tokio::test]
async fn a_sixth_followup_of_a_user_installation_is_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    for channel in [GROUP_DM, DM, NO_BOT_CHANNEL] {
        let before = fake.violations().len();
        let (id, token, _) = answered(&fake, channel).await;
        let path = followup_path(&fake, &token);
        for n in 1..=5 {
            let (status, _) = call(&fake, "POST", &path, json!({"content": n.to_string()})).await;
            assert_eq!(status, 200, "{channel}: follow-up {n}");
        }
        let (status, _) = call(&fake, "POST", &path, json!({"content": "6"})).await;
        assert_eq!(status, 400, "{channel}");
        assert_eq!(fake.followups_of(id), 5);
        let v = fake.violations();
        assert_eq!(v.len(), before + 1, "{channel}: {v:?}");
        assert!(v[before].contains("follow-up 6"), "{v:?}");
    }
    let refused = fake.violations().len();
    let (id, token, _) = answered(&fake, fake.channel_id()).await;
    let path = followup_path(&fake, &token);
    for n in 1..=6 {
        let (status, _) = call(&fake, "POST", &path, json!({"content": n.to_string()})).await;
        assert_eq!(status, 200, "follow-up {n} in a server with the bot");
    }
    assert_eq!(fake.followups_of(id), 6);
    assert_eq!(fake.violations().len(), refused);
}

/// A token edits only its own response and follow-ups, and a component's token the message
/// the component is on: another interaction's message is refused 404 and recorded.
#[tokio::test]
async fn a_token_edits_only_what_it_made() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let (_, first, first_message) = answered(&fake, GROUP_DM).await;
    let (_, second, second_message) = answered(&fake, GROUP_DM).await;
    let edit =
        |token: &str, message: u64| format!("{}/messages/{message}", followup_path(&fake, token));
    let body = json!({"content": "edited"});
    assert_eq!(
        call(&fake, "PATCH", &edit(&first, first_message), body.clone())
            .await
            .0,
        200
    );
    let (_, followup) = call(&fake, "POST", &followup_path(&fake, &second), body.clone()).await;
    let followup: u64 = followup["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        call(&fake, "PATCH", &edit(&second, followup), body.clone())
            .await
            .0,
        200
    );
    fake.assert_no_violations();
    let (status, reply) = call(&fake, "PATCH", &edit(&second, first_message), body.clone()).await;
    assert_eq!((status, &reply["code"]), (404, &json!(10008)));
    assert_eq!(
        call(&fake, "PATCH", &edit(&first, followup), body.clone())
            .await
            .0,
        404
    );
    let v = fake.violations();
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(v[0].contains("token of another interaction"), "{v:?}");
    // Bob presses the button on the first message and is answered with a message of his own:
    // his token may still edit the message the button is on.
    let on = fake.message(first_message).unwrap();
    let button = on.custom_ids()[0].clone();
    let handle = fake.send_interaction(fake.press(&user(BOB), &on, &button));
    let (id, token) = (handle.id, fake.token_of(handle.id).unwrap());
    let answer = json!({"type": 4, "data": {"content": "yours", "flags": 64}});
    let path = format!("/interactions/{id}/{token}/callback");
    assert_eq!(call(&fake, "POST", &path, answer).await.0, 204);
    assert_eq!(
        call(&fake, "PATCH", &edit(&token, first_message), body.clone())
            .await
            .0,
        200
    );
    assert_eq!(
        call(&fake, "PATCH", &edit(&token, second_message), body)
            .await
            .0,
        404
    );
    assert_eq!(fake.violations().len(), 3);
}

/// A command reaches a place only if registered for its context and installation: poise's
/// `guild_only` registers context 0 alone, so Discord does not send it from a group DM.
#[tokio::test]
#[should_panic(expected = "registered for contexts [0]: not in a group DM")]
async fn a_command_is_not_sent_where_it_is_not_registered() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let commands = json!([{"name": "gin", "type": 1, "description": "Gin", "contexts": [0],
                           "options": [{"name": "rules", "type": 1, "description": "Rules"}]}]);
    let path = format!("/applications/{}/commands", fake.options().app_id);
    assert_eq!(call(&fake, "PUT", &path, commands).await.0, 200);
    let here = fake.slash_command(&user(ALICE), "gin", Some("rules"), vec![]);
    fake.send_interaction(here);
    let there = fake.slash_command_in(GROUP_DM, &user(ALICE), "gin", Some("rules"), vec![]);
    fake.send_interaction(there);
}

/// A registration for private channels needs the user installation: without it, recorded.
/// With both, the command reaches a group DM.
#[tokio::test]
async fn a_registration_for_private_channels_needs_the_user_installation() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let path = format!("/applications/{}/commands", fake.options().app_id);
    let command = |installs: Value| {
        json!([{"name": "gin", "type": 1, "description": "Gin", "contexts": [0, 1, 2],
                "integration_types": installs,
                "options": [{"name": "rules", "type": 1, "description": "Rules"}]}])
    };
    call(&fake, "PUT", &path, command(json!([0]))).await;
    let v = fake.violations();
    assert!(
        v.len() == 1 && v[0].contains("without the user installation"),
        "{v:?}"
    );
    call(&fake, "PUT", &path, command(json!([0, 1]))).await;
    assert_eq!(fake.violations().len(), 1);
    let there = fake.slash_command_in(GROUP_DM, &user(ALICE), "gin", Some("rules"), vec![]);
    fake.send_interaction(there);
}

/// Only a DM's or group DM's members interact there.
#[tokio::test]
#[should_panic(expected = "is not in a group DM")]
async fn only_members_interact_in_a_group_dm() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    let payload = fake.slash_command_in(
        GROUP_DM,
        &user(DAVE),
        "gin",
        Some("start"),
        vec![Opt::user("opponent", &user(ALICE))],
    );
    fake.send_outdated_command(payload);
}

/// An Activity in a group DM has a private-channel location without a server.
#[tokio::test]
async fn an_activity_instance_in_a_dm_has_no_server() {
    let fake = FakeDiscord::start().await;
    places(&fake);
    fake.activity_instance("i-dm", GROUP_DM, &[ALICE, BOB]);
    fake.activity_instance("i-server", fake.channel_id(), &[ALICE]);
    let path = |id: &str| {
        format!(
            "/applications/{}/activity-instances/{id}",
            fake.options().app_id
        )
    };
    let (status, dm) = call(&fake, "GET", &path("i-dm"), Value::Null).await;
    assert_eq!(status, 200);
    let location = &dm["location"];
    assert_eq!(location["kind"], "pc");
    assert_eq!(location["channel_id"], GROUP_DM.to_string());
    assert!(location.get("guild_id").is_none(), "{location}");
    let (_, server) = call(&fake, "GET", &path("i-server"), Value::Null).await;
    assert_eq!(server["location"]["kind"], "gc");
    assert_eq!(server["location"]["guild_id"], fake.guild_id().to_string());
}
