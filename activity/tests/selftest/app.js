// The self-test page's script (bundled with the SDK by esbuild in the test): what the real
// Activity does at start, in the fewest lines, so that the harness is proven without the bot.
import { DiscordSDK } from '@discord/embedded-app-sdk';

const show = (id, text) => {
  document.getElementById(id).textContent = text;
};

async function main() {
  const config = await (await fetch('/api/config')).json();
  const sdk = new DiscordSDK(config.client_id);
  await sdk.ready();
  show('step', 'ready');
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  show('step', 'authorized');
  const response = await fetch('/api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const token = await response.json();
  const auth = await sdk.commands.authenticate({ access_token: token.access_token });
  show('user', auth.user.id);
  show('step', 'authenticated');
  // Goes to Discord as CAPTURE_LOG once the SDK is ready.
  console.log('self-test authenticated', auth.user.id);
  const { locale } = await sdk.commands.userSettingsGetLocale();
  show('locale', locale);
  await sdk.subscribe('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', (event) => {
    show('participants', event.participants.map((p) => p.id).join(','));
  });

  const socket = new WebSocket(`ws://${location.host}/api/ws`);
  socket.addEventListener('open', () => {
    socket.send(JSON.stringify({ t: 'hello', session: token.session, channel_id: sdk.channelId, lang: 'en' }));
  });
  socket.addEventListener('message', (event) => show('socket', JSON.parse(event.data).t));
  document.getElementById('ping').addEventListener('click', () => socket.send(JSON.stringify({ t: 'ping' })));
}

main().catch((e) => show('error', String(e && e.message ? e.message : JSON.stringify(e))));
