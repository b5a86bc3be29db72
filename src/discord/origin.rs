//! An interaction's place, read from serenity's fields into the domain's [`Place`].

use crate::games::place::{Context, Origin, Owners, Place, ServerInstall};
use poise::serenity_prelude as serenity;
use serenity::{AuthorizingIntegrationOwner, ChannelType, InteractionContext};

/// The fields of a command or a component interaction that say where it comes from.
pub(super) fn place_of(
    guild: Option<serenity::GuildId>,
    context: Option<InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
    channel: serenity::ChannelId,
    channel_kind: Option<ChannelType>,
) -> Place {
    Place::of(&Origin {
        guild: guild.map(|g| g.get()),
        context: context.and_then(|c| match c {
            InteractionContext::Guild => Some(Context::Guild),
            InteractionContext::BotDm => Some(Context::BotDm),
            InteractionContext::PrivateChannel => Some(Context::PrivateChannel),
            _ => None,
        }),
        owners: owners_of(owners),
        channel: channel.get(),
        group_dm: channel_kind == Some(ChannelType::GroupDm),
    })
}

fn owners_of(owners: &serenity::AuthorizingIntegrationOwners) -> Owners {
    let mut out = Owners::default();
    for o in &owners.0 {
        match o {
            AuthorizingIntegrationOwner::GuildInstall(Some(g)) => {
                out.server = ServerInstall::Guild(g.get())
            }
            AuthorizingIntegrationOwner::GuildInstall(None) => out.server = ServerInstall::BotDm,
            AuthorizingIntegrationOwner::UserInstall(u) => out.user = Some(u.get()),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owners(json: &str) -> serenity::AuthorizingIntegrationOwners {
        serde_json::from_str(json).expect("an owners map as Discord sends it")
    }

    fn read(guild: Option<u64>, context: Option<u8>, map: &str, kind: Option<u8>) -> Place {
        place_of(
            guild.map(serenity::GuildId::new),
            context.map(InteractionContext::from),
            &owners(map),
            serenity::ChannelId::new(700),
            kind.map(ChannelType::from),
        )
    }

    #[test]
    fn places_from_discords_fields() {
        let server = |member| Place::Guild { guild: 600, member };
        assert_eq!(
            read(Some(600), Some(0), r#"{"0":"600"}"#, Some(0)),
            server(true)
        );
        assert_eq!(
            read(Some(600), Some(0), r#"{"1":"5"}"#, Some(0)),
            server(false)
        );
        assert_eq!(read(Some(600), None, "{}", None), server(true));
        let bot_dm = Place::BotDm { channel: 700 };
        assert_eq!(read(None, Some(1), r#"{"0":"0"}"#, Some(1)), bot_dm);
        // Before June 2024 the "0" value came as a number.
        assert_eq!(read(None, Some(1), r#"{"0":0,"1":"5"}"#, Some(1)), bot_dm);
        let private = |group| Place::Private {
            channel: 700,
            group,
        };
        assert_eq!(read(None, Some(2), r#"{"1":"5"}"#, Some(1)), private(false));
        assert_eq!(read(None, Some(2), r#"{"1":"5"}"#, Some(3)), private(true));
    }
}
