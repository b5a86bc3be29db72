//! Where an interaction comes from, and how the bot may answer there. Discord says it in
//! several fields at once (`guild_id`, `context`, `authorizing_integration_owners`, the
//! channel's type); they are read once, into a [`Place`], where the interaction arrives.

/// The interaction context Discord reports (`context`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    Guild,
    /// The user's DM with the bot.
    BotDm,
    /// A DM or group DM between users.
    PrivateChannel,
}

/// Where the app is installed through a server, by the owners map's `"0"` key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ServerInstall {
    /// No `"0"` key.
    #[default]
    Absent,
    /// `"0": "0"`: installed to a server, used in the bot's DM.
    BotDm,
    /// `"0": guild`: installed to the server the interaction comes from.
    Guild(u64),
}

/// Who authorized the app for an interaction (`authorizing_integration_owners`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Owners {
    pub server: ServerInstall,
    /// `"1"`: the user who installed the app to their account.
    pub user: Option<u64>,
}

impl Owners {
    /// An empty map: a payload from before Discord sent one.
    fn unsaid(self) -> bool {
        self == Owners::default()
    }
}

pub use crate::store::PlaceKind;

/// What an interaction says of where it comes from, as Discord sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub guild: Option<u64>,
    pub context: Option<Context>,
    pub owners: Owners,
    pub channel: u64,
    /// The channel is a group DM (type 3).
    pub group_dm: bool,
}

/// Where an interaction comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A server channel. `member`: the owners map names the server, so the app is installed
    /// to it and the bot (installed with the server) is taken to be in it; an inference from
    /// Discord's documentation, which a refused channel route (403) would contradict.
    Guild { guild: u64, member: bool },
    /// The user's DM with the bot.
    BotDm { channel: u64 },
    /// A DM (`group: false`) or a group DM between users: the bot is never in it.
    Private { channel: u64, group: bool },
}

/// How the bot may reach a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// It may post and edit in the channel.
    Channel,
    /// Only through interaction tokens: a response, its edits and follow-ups, while the token
    /// lives.
    Tokens,
}

impl Place {
    /// Reads an interaction's fields. A server counts as the bot's only when the owners map
    /// names it (`guild_id` alone is also sent where only the user installed the app), or
    /// when the map is empty (payloads from before it existed came only from such servers).
    /// Without a server, an unsaid or contradictory context is read from the owners and the
    /// channel: the bot is never in a group DM, and DMs used to be the bot's own.
    pub fn of(o: &Origin) -> Place {
        let channel = o.channel;
        if let Some(guild) = o.guild {
            let member = o.owners.unsaid() || o.owners.server == ServerInstall::Guild(guild);
            return Place::Guild { guild, member };
        }
        let private = Place::Private {
            channel,
            group: o.group_dm,
        };
        match o.context {
            _ if o.group_dm => private,
            Some(Context::BotDm) => Place::BotDm { channel },
            Some(Context::PrivateChannel) => private,
            Some(Context::Guild) | None => {
                let users_only = o.owners.server == ServerInstall::Absent && !o.owners.unsaid();
                if users_only {
                    private
                } else {
                    Place::BotDm { channel }
                }
            }
        }
    }

    /// Whether the bot may use the channel itself. Not in its own DM either: where the user
    /// installed the app only, the bot may share no server with them, and the interaction's
    /// token always works.
    pub fn reach(self) -> Reach {
        match self {
            Place::Guild { member: true, .. } => Reach::Channel,
            _ => Reach::Tokens,
        }
    }

    /// The server, if the place is in one (with the bot or not).
    pub fn guild(self) -> Option<u64> {
        match self {
            Place::Guild { guild, .. } => Some(guild),
            Place::BotDm { .. } | Place::Private { .. } => None,
        }
    }

    /// The key its ledger is kept under: the server, or the DM's own channel (snowflakes of
    /// different things never meet, so a DM's matches never count on a server's board).
    pub fn ledger_key(self) -> u64 {
        match self {
            Place::Guild { guild, .. } => guild,
            Place::BotDm { channel } | Place::Private { channel, .. } => channel,
        }
    }

    /// The server Discord routes its events by: none (0) outside servers, as shard 0 gets
    /// them.
    pub fn shard_guild(self) -> u64 {
        self.guild().unwrap_or(0)
    }

    /// What is stored to read the place back with [`Place::stored`].
    pub fn kind(self) -> PlaceKind {
        match self {
            Place::Guild { member: true, .. } => PlaceKind::Server,
            Place::Guild { member: false, .. } => PlaceKind::ServerWithoutBot,
            Place::BotDm { .. } => PlaceKind::BotDm,
            Place::Private { group: false, .. } => PlaceKind::Dm,
            Place::Private { group: true, .. } => PlaceKind::GroupDm,
        }
    }

    /// The place of a stored match: its kind, its server (0 outside servers) and channel.
    pub fn stored(kind: PlaceKind, guild: u64, channel: u64) -> Place {
        match kind {
            PlaceKind::Server => Place::Guild {
                guild,
                member: true,
            },
            PlaceKind::ServerWithoutBot => Place::Guild {
                guild,
                member: false,
            },
            PlaceKind::BotDm => Place::BotDm { channel },
            PlaceKind::Dm => Place::Private {
                channel,
                group: false,
            },
            PlaceKind::GroupDm => Place::Private {
                channel,
                group: true,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUILD: u64 = 600;
    const CHANNEL: u64 = 700;
    const USER: u64 = 5;

    fn origin(guild: Option<u64>, context: Option<Context>, owners: Owners, group: bool) -> Origin {
        Origin {
            guild,
            context,
            owners,
            channel: CHANNEL,
            group_dm: group,
        }
    }

    fn owners(server: ServerInstall, user: bool) -> Owners {
        Owners {
            server,
            user: user.then_some(USER),
        }
    }

    fn place(guild: Option<u64>, context: Option<Context>, o: Owners, group: bool) -> Place {
        Place::of(&origin(guild, context, o, group))
    }

    const SERVER: Place = Place::Guild {
        guild: GUILD,
        member: true,
    };
    const SERVER_WITHOUT_BOT: Place = Place::Guild {
        guild: GUILD,
        member: false,
    };
    const BOT_DM: Place = Place::BotDm { channel: CHANNEL };
    const DM: Place = Place::Private {
        channel: CHANNEL,
        group: false,
    };
    const GROUP_DM: Place = Place::Private {
        channel: CHANNEL,
        group: true,
    };

    #[test]
    fn a_server_is_the_bots_when_the_owners_name_it() {
        let ctx = Some(Context::Guild);
        let here = ServerInstall::Guild(GUILD);
        assert_eq!(place(Some(GUILD), ctx, owners(here, false), false), SERVER);
        assert_eq!(place(Some(GUILD), ctx, owners(here, true), false), SERVER);
    }

    #[test]
    fn a_server_only_the_user_installed_the_app_in_is_not_the_bots() {
        let ctx = Some(Context::Guild);
        let user_only = owners(ServerInstall::Absent, true);
        assert_eq!(
            place(Some(GUILD), ctx, user_only, false),
            SERVER_WITHOUT_BOT
        );
        // Installed to another server, or a "0" the docs do not give for servers: not this one.
        let other = owners(ServerInstall::Guild(GUILD + 1), true);
        assert_eq!(place(Some(GUILD), ctx, other, false), SERVER_WITHOUT_BOT);
        let odd = owners(ServerInstall::BotDm, true);
        assert_eq!(place(Some(GUILD), ctx, odd, false), SERVER_WITHOUT_BOT);
    }

    #[test]
    fn an_old_payload_without_owners_or_context_is_a_server_with_the_bot() {
        assert_eq!(place(Some(GUILD), None, Owners::default(), false), SERVER);
        assert_eq!(
            place(Some(GUILD), Some(Context::Guild), Owners::default(), false),
            SERVER
        );
    }

    #[test]
    fn the_bots_dm_by_context() {
        let ctx = Some(Context::BotDm);
        assert_eq!(
            place(None, ctx, owners(ServerInstall::BotDm, false), false),
            BOT_DM
        );
        assert_eq!(
            place(None, ctx, owners(ServerInstall::BotDm, true), false),
            BOT_DM
        );
        assert_eq!(
            place(None, ctx, owners(ServerInstall::Absent, true), false),
            BOT_DM
        );
    }

    #[test]
    fn dms_and_group_dms_between_users_by_context() {
        let ctx = Some(Context::PrivateChannel);
        let user_only = owners(ServerInstall::Absent, true);
        assert_eq!(place(None, ctx, user_only, false), DM);
        assert_eq!(place(None, ctx, user_only, true), GROUP_DM);
    }

    #[test]
    fn without_a_context_a_dm_is_read_from_the_owners_and_the_channel() {
        let user_only = owners(ServerInstall::Absent, true);
        assert_eq!(place(None, None, user_only, false), DM);
        assert_eq!(place(None, None, user_only, true), GROUP_DM);
        assert_eq!(
            place(None, None, owners(ServerInstall::BotDm, true), false),
            BOT_DM
        );
        // Before contexts and owners, interactions outside servers came from the bot's DM.
        assert_eq!(place(None, None, Owners::default(), false), BOT_DM);
        // A group DM never holds the bot, whatever else is said.
        let bot_dm = Some(Context::BotDm);
        assert_eq!(
            place(None, bot_dm, owners(ServerInstall::BotDm, false), true),
            GROUP_DM
        );
        // A server context without a server: read as if unsaid.
        let guild = Some(Context::Guild);
        assert_eq!(place(None, guild, user_only, false), DM);
        assert_eq!(
            place(None, guild, owners(ServerInstall::BotDm, false), false),
            BOT_DM
        );
    }

    #[test]
    fn only_a_server_with_the_bot_is_reached_through_the_channel() {
        assert_eq!(SERVER.reach(), Reach::Channel);
        for p in [SERVER_WITHOUT_BOT, BOT_DM, DM, GROUP_DM] {
            assert_eq!(p.reach(), Reach::Tokens, "{p:?}");
        }
    }

    #[test]
    fn a_place_reads_back_from_what_is_stored() {
        for p in [SERVER, SERVER_WITHOUT_BOT, BOT_DM, DM, GROUP_DM] {
            let code = p.kind().code();
            let kind = PlaceKind::from_code(code).expect("a known kind");
            assert_eq!(Place::stored(kind, p.shard_guild(), CHANNEL), p, "{p:?}");
        }
        assert_eq!(PlaceKind::from_code(9), None);
    }

    #[test]
    fn ledgers_and_shards_outside_servers() {
        assert_eq!(SERVER.ledger_key(), GUILD);
        assert_eq!(SERVER_WITHOUT_BOT.ledger_key(), GUILD);
        for p in [BOT_DM, DM, GROUP_DM] {
            assert_eq!(p.ledger_key(), CHANNEL, "{p:?}");
            assert_eq!(p.shard_guild(), 0, "{p:?}");
        }
        assert_eq!(SERVER_WITHOUT_BOT.shard_guild(), GUILD);
    }

    #[test]
    fn the_server_of_a_place() {
        assert_eq!(SERVER.guild(), Some(GUILD));
        assert_eq!(SERVER_WITHOUT_BOT.guild(), Some(GUILD));
        for p in [BOT_DM, DM, GROUP_DM] {
            assert_eq!(p.guild(), None, "{p:?}");
        }
    }
}
