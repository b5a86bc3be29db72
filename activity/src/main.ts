// Start-up inside Discord: the client id, the SDK's handshake, sign-in (authorize, the bot's
// token exchange, authenticate), the texts, then the table's socket.

import { DiscordSDK } from '@discord/embedded-app-sdk';
import { App } from './app';
import { Connection, type Hello } from './net';
import { setStrings, t } from './strings';
import type { PageConfig, SignedIn } from './types';

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const r = await fetch(url, init);
  const body = (await r.json().catch(() => ({}))) as T & { error?: string; text?: string };
  if (!r.ok) throw new Error(body.text || body.error || `HTTP ${r.status}`);
  return body;
}

const pickLang = (locale: string | undefined): string => (locale?.toLowerCase().startsWith('de') ? 'de' : 'en');

/** Discord's locale for the user; the browser's if Discord does not say within a second. */
async function locale(sdk: DiscordSDK): Promise<string> {
  const timeout = new Promise<string>((res) => window.setTimeout(() => res(navigator.language), 1000));
  const asked = sdk.commands
    .userSettingsGetLocale()
    .then((r) => r.locale || navigator.language)
    .catch(() => navigator.language);
  return Promise.race([asked, timeout]);
}

async function loadStrings(lang: string): Promise<void> {
  try {
    setStrings(await json<Record<string, string>>(`api/strings/${lang}`));
  } catch {
    // The English texts built in stand in.
  }
}

async function start(): Promise<void> {
  const app = new App({ send: (f) => conn.send(f), nextSeq: () => conn.nextSeq(), restart: () => conn.restart() });
  app.say(t('connecting'));
  let cfg: PageConfig;
  let sdk: DiscordSDK;
  try {
    cfg = await json<PageConfig>('api/config');
    sdk = new DiscordSDK(cfg.client_id);
    await sdk.ready();
  } catch (e) {
    app.say(t('start-failed', { text: (e as Error).message }));
    return;
  }
  let session: string | null = null;
  let lang = 'en';

  const signIn = async (): Promise<string> => {
    const { code } = await sdk.commands.authorize({
      client_id: cfg.client_id,
      response_type: 'code',
      state: '',
      prompt: 'none',
      scope: ['identify'],
    });
    const tok = await json<SignedIn>('api/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    await sdk.commands.authenticate({ access_token: tok.access_token });
    return tok.session;
  };

  try {
    session = await signIn();
  } catch (e) {
    app.say(t('auth-failed', { text: (e as Error).message }));
  }
  lang = pickLang(await locale(sdk));
  await loadStrings(lang);

  const conn = new Connection({
    frame: (f) => app.frame(f),
    down: (s, why) => app.offline(why ? `${why} ${t('retrying', { seconds: s })}` : t('reconnecting', { seconds: s })),
    gone: () => app.gone(t('left')),
    hello: async (reauthorize: boolean): Promise<Hello> => {
      if (reauthorize || !session) {
        try {
          session = await signIn();
        } catch (e) {
          app.say(t('auth-failed', { text: (e as Error).message }));
          throw e;
        }
      }
      return { session, instance_id: sdk.instanceId, lang };
    },
  });
  conn.start();
}

void start();
