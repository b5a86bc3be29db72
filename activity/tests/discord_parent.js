// Discord's side of the Embedded App SDK, for the browser tests: the parent frame that embeds
// the Activity as Discord's client does and answers the SDK's RPC over postMessage. The puppet
// (puppet.mjs) serves it at the Activity's own origin, because the SDK takes messages only from
// its own origin or Discord's, and sets `window.__discordConfig` before this script runs:
//   {app_url, frame_id, instance_id, platform, channel_id, guild_id, code, user: {id, name, locale}}
//
// It plays Discord honestly where the bot's behaviour depends on it: AUTHORIZE hands out the
// test's OAuth code only for the client id of the handshake, AUTHENTICATE wants a non-empty
// access token (whatever the bot's /api/token returned; recorded in `__discord.tokens`), events
// are dispatched only to subscribers. Everything the SDK sent is in `__discord.log`; commands
// this parent does not know are answered with an RPC error (not left hanging) and listed in
// `__discord.unhandled`.
(() => {
  'use strict';
  const cfg = window.__discordConfig;
  const HANDSHAKE = 0;
  const FRAME = 1;
  const CLOSE = 2;
  // RPC error codes of the SDK (Constants.mjs: RPCErrorCodes).
  const INVALID_PAYLOAD = 4000;
  const INVALID_COMMAND = 4002;
  const INVALID_EVENT = 4004;
  const INVALID_CHANNEL = 4005;
  const INVALID_CLIENTID = 4007;
  const INVALID_TOKEN = 4009;
  const EVENTS = [
    'READY', 'VOICE_STATE_UPDATE', 'SPEAKING_START', 'SPEAKING_STOP',
    'ACTIVITY_LAYOUT_MODE_UPDATE', 'ORIENTATION_UPDATE', 'CURRENT_USER_UPDATE',
    'CURRENT_GUILD_MEMBER_UPDATE', 'ENTITLEMENT_CREATE', 'THERMAL_STATE_UPDATE',
    'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', 'RELATIONSHIP_UPDATE', 'ACTIVITY_JOIN',
    'QUEST_ENROLLMENT_STATUS_UPDATE',
  ];

  const state = {
    config: cfg,
    log: [], // every message both ways: {dir: 'in' | 'out', op, data}
    handshakes: [], // the handshake payloads ({v, encoding, client_id, frame_id, sdk_version})
    client_id: null,
    authorize: [], // the arguments of every AUTHORIZE
    tokens: [], // every access token AUTHENTICATE was given
    authenticated: null, // the token of the last AUTHENTICATE that succeeded
    subscriptions: {}, // evt -> args
    captured_logs: [], // CAPTURE_LOG: {level, message}
    activity: null, // the last SET_ACTIVITY
    external_links: [],
    unhandled: [], // commands answered with INVALID_COMMAND
    closed: null, // the SDK's CLOSE: {code, message}
    participants: null, // overrides the connected participants (default: this user alone)
  };
  window.__discord = state;

  const iframe = document.createElement('iframe');
  iframe.id = 'activity';
  iframe.allow = 'autoplay; encrypted-media; fullscreen; clipboard-write';
  // In a DM or group DM (no guild_id) Discord's location is a private channel's.
  const query = new URLSearchParams({
    frame_id: cfg.frame_id,
    instance_id: cfg.instance_id,
    platform: cfg.platform,
    channel_id: cfg.channel_id,
    ...(cfg.guild_id === null ? {} : { guild_id: cfg.guild_id }),
    location_id: cfg.guild_id === null ? `pc-${cfg.channel_id}` : `gc-${cfg.guild_id}-${cfg.channel_id}`,
  });
  const sep = cfg.app_url.includes('?') ? '&' : '?';
  iframe.src = cfg.app_url + sep + query.toString();

  function post(message) {
    state.log.push({ dir: 'out', op: message[0], data: message[1] });
    iframe.contentWindow.postMessage(message, location.origin);
  }
  function reply(cmd, nonce, data) {
    post([FRAME, { cmd, evt: null, nonce, data }]);
  }
  function fail(cmd, nonce, code, message) {
    post([FRAME, { cmd, evt: 'ERROR', nonce, data: { code, message } }]);
  }

  const discordUser = () => ({
    id: cfg.user.id,
    username: cfg.user.name,
    global_name: cfg.user.name,
    discriminator: '0',
    avatar: null,
    public_flags: 0,
  });
  const participant = () => ({
    id: cfg.user.id,
    username: cfg.user.name,
    global_name: cfg.user.name,
    discriminator: '0',
    avatar: null,
    flags: 0,
    bot: false,
  });

  function handshake(data) {
    state.handshakes.push(data);
    if (!data || data.v !== 1 || typeof data.client_id !== 'string' || !data.client_id) {
      post([CLOSE, { code: 4000, message: 'Invalid handshake' }]);
      return;
    }
    if (data.frame_id !== cfg.frame_id) {
      post([CLOSE, { code: 4001, message: 'Unknown frame_id' }]);
      return;
    }
    state.client_id = data.client_id;
    // A new document in the frame starts without subscriptions.
    state.subscriptions = {};
    post([FRAME, {
      cmd: 'DISPATCH',
      evt: 'READY',
      nonce: null,
      data: {
        v: 1,
        config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' },
        user: { id: cfg.user.id, username: cfg.user.name, discriminator: '0' },
      },
    }]);
  }

  // Answers one command of the SDK: [data] to reply, or [null, code, message] to fail.
  // SUBSCRIBE and UNSUBSCRIBE name their event beside the arguments (`evt`).
  function answer(cmd, args, evt) {
    args = args || {};
    switch (cmd) {
      case 'AUTHORIZE': {
        state.authorize.push(args);
        if (args.client_id !== state.client_id) return [null, INVALID_CLIENTID, 'client_id differs from the handshake'];
        if (args.response_type !== 'code') return [null, INVALID_PAYLOAD, 'response_type must be "code"'];
        return [{ code: cfg.code }];
      }
      case 'AUTHENTICATE': {
        const token = args.access_token;
        state.tokens.push(token === undefined ? null : token);
        if (typeof token !== 'string' || token === '') return [null, INVALID_TOKEN, 'Invalid access token'];
        state.authenticated = token;
        const asked = state.authorize.length ? state.authorize[state.authorize.length - 1].scope : null;
        return [{
          access_token: token,
          user: discordUser(),
          scopes: Array.isArray(asked) ? asked : ['identify'],
          expires: new Date(Date.now() + 7 * 86400e3).toISOString(),
          application: { id: state.client_id || '', name: 'Gin', description: '', icon: null },
        }];
      }
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE': {
        if (!EVENTS.includes(evt)) return [null, INVALID_EVENT, `Unknown event ${evt}`];
        if (cmd === 'SUBSCRIBE') state.subscriptions[evt] = args;
        else delete state.subscriptions[evt];
        return [{ evt }];
      }
      case 'CAPTURE_LOG':
        state.captured_logs.push({ level: args.level, message: args.message });
        return [null];
      case 'USER_SETTINGS_GET_LOCALE':
        return [{ locale: cfg.user.locale }];
      case 'GET_CHANNEL':
        if (args.channel_id !== cfg.channel_id) return [null, INVALID_CHANNEL, 'Unknown channel'];
        return [{
          id: cfg.channel_id, type: cfg.guild_id === null ? 3 : 2, guild_id: cfg.guild_id, name: 'Gin table',
          topic: null, bitrate: 64000, user_limit: 0, position: 0, voice_states: [], messages: [],
        }];
      case 'GET_CHANNEL_PERMISSIONS':
        // VIEW_CHANNEL, SEND_MESSAGES, CONNECT, SPEAK, USE_EMBEDDED_ACTIVITIES.
        return [{ permissions: String((1n << 10n) | (1n << 11n) | (1n << 20n) | (1n << 21n) | (1n << 39n)) }];
      case 'GET_PLATFORM_BEHAVIORS':
        return [{ iosKeyboardResizesView: false }];
      case 'GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS':
        return [{ participants: state.participants || [participant()] }];
      case 'GET_USER':
        return [args.id === cfg.user.id ? participant() : null];
      case 'GET_RELATIONSHIPS':
        return [{ relationships: [] }];
      case 'SET_ACTIVITY': {
        const activity = args.activity || {};
        state.activity = activity;
        return [Object.assign({ name: 'Gin', type: 0 }, activity)];
      }
      case 'SET_CONFIG':
        return [{ use_interactive_pip: !!args.use_interactive_pip }];
      case 'SET_ORIENTATION_LOCK_STATE':
      case 'OPEN_INVITE_DIALOG':
      case 'GET_SKUS':
      case 'GET_ENTITLEMENTS':
      case 'SEND_ANALYTICS_EVENT':
        return [null];
      case 'GET_SKUS_EMBEDDED':
        return [{ skus: [] }];
      case 'GET_ENTITLEMENTS_EMBEDDED':
        return [{ entitlements: [] }];
      case 'ENCOURAGE_HW_ACCELERATION':
        return [{ enabled: true }];
      case 'OPEN_EXTERNAL_LINK':
        state.external_links.push(args.url);
        return [{ opened: false }];
      default:
        state.unhandled.push(cmd);
        return [null, INVALID_COMMAND, `The test's Discord does not handle ${cmd}`];
    }
  }

  function frame(data) {
    if (!data || typeof data.cmd !== 'string' || typeof data.nonce !== 'string') return;
    const [result, code, message] = answer(data.cmd, data.args, data.evt);
    if (code !== undefined) fail(data.cmd, data.nonce, code, message);
    else reply(data.cmd, data.nonce, result);
  }

  window.addEventListener('message', (event) => {
    // Only the Activity's own frame, from its own origin (Discord checks the same).
    if (event.source !== iframe.contentWindow || event.origin !== location.origin) return;
    if (!Array.isArray(event.data)) return;
    const [op, data] = event.data;
    state.log.push({ dir: 'in', op, data });
    if (op === HANDSHAKE) handshake(data);
    else if (op === FRAME) frame(data);
    else if (op === CLOSE) state.closed = { code: data && data.code, message: data && data.message };
  });

  // For the tests: an event to subscribers only (returns whether it was sent).
  state.dispatch = (evt, data) => {
    if (!(evt in state.subscriptions)) return false;
    post([FRAME, { cmd: 'DISPATCH', evt, nonce: null, data }]);
    return true;
  };
  // For the tests: the Activity's document loaded again, as by the reload in Discord's menu.
  state.reload = () => iframe.contentWindow.location.reload();

  document.body.appendChild(iframe);
})();
