// The browser tests' puppet: one headless Chromium (Debian's, never a downloaded one) driven by
// the Rust integration tests (tests/it/support/browser.rs) over stdin/stdout, one JSON request
// a line in, one JSON reply a line out:
//   {"id": 1, "cmd": "open", "name": "ann", ...}  ->  {"id": 1, "ok": true, ...}
//                                                  or {"id": 1, "ok": false, "error": "..."}
// Requests run concurrently (two players at once); replies carry the request's id. Stdout
// carries replies only; diagnostics go to stderr. Each named page has its own browser context
// (no shared storage between players) and shows Discord's parent frame (discord_parent.js),
// served by this process at the Activity's own origin, with the Activity in an iframe.
//
// Commands (see browser.rs for their arguments and results): version, open, click, press,
// type, wait, eval, parent_eval, dispatch, screenshot, frames, logs, reload, close, quit.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import puppeteer from 'puppeteer-core';

const PARENT_PATH = '/__discord_parent.html';
const PARENT_SCRIPT = readFileSync(new URL('./discord_parent.js', import.meta.url), 'utf8');
const DEFAULT_TIMEOUT = 30_000;

const log = (...args) => console.error('[puppet]', ...args);
const pages = new Map();
let browser;

/// Only the loopback interface: the tests must not reach the internet (nor hang on it).
function isLocal(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (['data:', 'blob:', 'about:'].includes(parsed.protocol)) return true;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
}

function parentHtml(config) {
  // `</` cannot end the script early inside a JSON string once escaped.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Discord (test)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%;background:#313338}
iframe#activity{border:0;display:block;width:100vw;height:100vh}</style></head>
<body><script>window.__discordConfig = ${json};</script>
<script>${PARENT_SCRIPT}</script></body></html>`;
}

function get(name) {
  const entry = pages.get(name);
  if (!entry) throw new Error(`no page named ${JSON.stringify(name)}`);
  return entry;
}

/// The Activity's frame of a page, as it is now (a reload gives a new one).
async function activity(entry, timeout = DEFAULT_TIMEOUT) {
  const handle = await entry.page.waitForSelector('iframe#activity', { timeout });
  const frame = await handle.contentFrame();
  await handle.dispose();
  if (!frame) throw new Error('the activity iframe has no frame');
  return frame;
}

/// Records the WebSocket frames of one target (the page, or an out-of-process iframe or worker).
async function capture(entry, session, label) {
  session.on('Network.webSocketCreated', (e) => entry.sockets.set(e.requestId, e.url));
  const record = (dir) => (e) => {
    entry.frames.push({
      dir,
      url: entry.sockets.get(e.requestId) ?? null,
      opcode: e.response.opcode,
      data: e.response.payloadData,
      time: e.timestamp,
      target: typeof label === 'function' ? label() : label,
    });
  };
  session.on('Network.webSocketFrameReceived', record('received'));
  session.on('Network.webSocketFrameSent', record('sent'));
  session.on('Network.webSocketClosed', (e) => entry.closedSockets.push(e.requestId));
  await session.send('Network.enable');
}

async function open(req) {
  if (pages.has(req.name)) throw new Error(`a page named ${JSON.stringify(req.name)} is open`);
  for (const key of ['url', 'user', 'code']) if (!req[key]) throw new Error(`open needs ${key}`);
  const appUrl = new URL(req.url);
  if (!isLocal(appUrl.href)) throw new Error(`not a loopback URL: ${req.url}`);
  const viewport = req.viewport ?? { width: 1280, height: 800, mobile: false };
  const mobile = !!viewport.mobile;
  const user = { id: String(req.user.id), name: req.user.name ?? `user${req.user.id}`, locale: req.user.locale ?? 'en-US' };
  const config = {
    app_url: appUrl.href,
    frame_id: req.frame_id ?? `frame-${req.name}`,
    instance_id: req.instance_id ?? `i-${req.channel_id ?? '700'}`,
    platform: mobile ? 'mobile' : 'desktop',
    channel_id: String(req.channel_id ?? '700'),
    // null: a DM or group DM, where an instance has no server.
    guild_id: req.guild_id === null ? null : String(req.guild_id ?? '600'),
    code: String(req.code),
    user,
  };
  const parentUrl = appUrl.origin + PARENT_PATH;

  const context = await browser.createBrowserContext();
  const entry = {
    context, page: null, config, frames: [], sockets: new Map(), closedSockets: [], logs: [],
  };
  try {
    const page = await context.newPage();
    entry.page = page;
    page.setDefaultTimeout(DEFAULT_TIMEOUT);
    await page.setViewport({
      width: viewport.width ?? 1280, height: viewport.height ?? 800,
      isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1,
    });
    const cdp = await page.createCDPSession();
    entry.cdp = cdp;
    // The player's browser speaks the player's language: navigator.language, Intl, and
    // Accept-Language (Discord's own locale comes through USER_SETTINGS_GET_LOCALE).
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: user.locale });
    await cdp.send('Emulation.setLocaleOverride', { locale: user.locale.replace('-', '_') }).catch((e) => log('locale', e.message));
    await capture(entry, cdp, 'page');
    // Frames in other processes (a cross-site iframe, a worker) are targets of their own.
    context.on('targetcreated', async (target) => {
      if (target.type() !== 'other') return;
      try {
        // Such a target may have opened its socket before this session listened: its frames
        // are recorded, the socket's url may be null.
        await capture(entry, await target.createCDPSession(), () => target.url());
      } catch (e) {
        log('capture', target.url(), e.message);
      }
    });
    page.on('console', (m) => entry.logs.push({ kind: 'console', level: m.type(), text: m.text(), url: m.location()?.url ?? null }));
    page.on('pageerror', (e) => entry.logs.push({ kind: 'pageerror', text: String(e?.message ?? e) }));
    page.on('requestfailed', (r) => entry.logs.push({ kind: 'requestfailed', text: `${r.failure()?.errorText} ${r.url()}` }));
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = request.url();
      if (url === parentUrl) {
        request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: parentHtml(config) });
      } else if (isLocal(url)) {
        request.continue();
      } else {
        entry.logs.push({ kind: 'blocked', text: url });
        request.abort('blockedbyclient');
      }
    });
    await page.goto(parentUrl, { waitUntil: 'load', timeout: req.timeout_ms ?? DEFAULT_TIMEOUT });
    const frame = await activity(entry, req.timeout_ms);
    pages.set(req.name, entry);
    return { parent_url: parentUrl, activity_url: frame.url() };
  } catch (e) {
    await context.close().catch(() => {});
    throw e;
  }
}

async function handle(req) {
  const timeout = req.timeout_ms ?? DEFAULT_TIMEOUT;
  switch (req.cmd) {
    case 'version':
      return { version: await browser.version() };
    case 'open':
      return open(req);
    case 'click': {
      const frame = await activity(get(req.name), timeout);
      // The table redraws on every frame it receives (a presence change too), so the node
      // just found may be replaced before the click lands: as a person would, click the one
      // now there. A detached node fails before any mouse event is sent, so nothing is
      // clicked twice.
      const deadline = Date.now() + timeout;
      for (;;) {
        const left = Math.max(1, deadline - Date.now());
        const element = await frame.waitForSelector(req.selector, { timeout: left, visible: true });
        try {
          await element.click();
          return {};
        } catch (e) {
          if (!/detached/i.test(String(e?.message)) || Date.now() >= deadline) throw e;
          log(`click ${req.selector}: the node was replaced, clicking the new one`);
        } finally {
          await element.dispose().catch(() => {});
        }
      }
    }
    case 'press': {
      const entry = get(req.name);
      if (req.selector) {
        const frame = await activity(entry, timeout);
        await frame.focus(req.selector);
      }
      await entry.page.keyboard.press(req.key);
      return {};
    }
    case 'type': {
      const frame = await activity(get(req.name), timeout);
      await frame.waitForSelector(req.selector, { timeout, visible: true });
      await frame.type(req.selector, req.text);
      return {};
    }
    case 'wait': {
      const frame = await activity(get(req.name), timeout);
      if (req.selector) {
        const element = await frame.waitForSelector(req.selector, { timeout, visible: !!req.visible });
        await element.dispose();
        return {};
      }
      if (!req.js) throw new Error('wait needs selector or js');
      const result = await frame.waitForFunction(req.js, { timeout, polling: 50 });
      const value = await result.jsonValue().catch(() => null);
      await result.dispose();
      return { value: value ?? null };
    }
    case 'eval': {
      const frame = await activity(get(req.name), timeout);
      return { value: (await frame.evaluate(req.js)) ?? null };
    }
    case 'parent_eval':
      return { value: (await get(req.name).page.evaluate(req.js)) ?? null };
    case 'dispatch': {
      const sent = await get(req.name).page.evaluate((evt, data) => window.__discord.dispatch(evt, data), req.evt, req.data ?? {});
      return { sent };
    }
    case 'screenshot':
      await get(req.name).page.screenshot({ path: req.path, type: 'png' });
      return { path: req.path };
    case 'frames': {
      const entry = get(req.name);
      const from = req.from ?? 0;
      return { frames: entry.frames.slice(from), next: entry.frames.length };
    }
    case 'logs': {
      const entry = get(req.name);
      return { logs: entry.logs.slice(req.from ?? 0), next: entry.logs.length };
    }
    case 'reload': {
      const entry = get(req.name);
      if (req.parent) {
        // Discord itself reloaded: a new parent, a new handshake, the parent's records lost.
        await entry.page.reload({ waitUntil: 'load', timeout });
      } else {
        const frame = await activity(entry, timeout);
        await Promise.all([
          frame.waitForNavigation({ waitUntil: 'load', timeout }),
          entry.page.evaluate(() => window.__discord.reload()),
        ]);
      }
      return { activity_url: (await activity(entry, timeout)).url() };
    }
    case 'close': {
      const entry = get(req.name);
      pages.delete(req.name);
      await entry.context.close();
      return {};
    }
    case 'quit':
      return {};
    default:
      throw new Error(`unknown command ${JSON.stringify(req.cmd)}`);
  }
}

function send(reply) {
  process.stdout.write(JSON.stringify(reply) + '\n');
}

let quitting = false;
async function quit(code) {
  if (quitting) return;
  quitting = true;
  const timer = setTimeout(() => process.exit(code), 5000);
  timer.unref();
  await browser?.close().catch((e) => log('close', e.message));
  process.exit(code);
}

async function main() {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  browser = await puppeteer.launch({
    executablePath,
    headless: true, // puppeteer passes --headless=new
    args: [
      '--no-sandbox',
      '--headless=new',
      // Containers (CI) often give /dev/shm only 64 MB: shared memory goes to /tmp instead.
      '--disable-dev-shm-usage',
      // No name resolves but the loopback's (an address literal is matched too).
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-features=Translate,MediaRouter,OptimizationHints',
    ],
    // Chromium's own output is diagnostics: to stderr, never stdout.
    dumpio: false,
    protocolTimeout: 60_000,
  });
  browser.on('disconnected', () => {
    if (!quitting) {
      log('the browser went away');
      process.exit(1);
    }
  });
  log('chromium', await browser.version(), 'from', executablePath);

  const lines = createInterface({ input: process.stdin });
  lines.on('line', async (line) => {
    if (!line.trim()) return;
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      send({ id: null, ok: false, error: `not JSON: ${e.message}` });
      return;
    }
    try {
      const result = await handle(req);
      send({ id: req.id, ok: true, ...result });
      if (req.cmd === 'quit') await quit(0);
    } catch (e) {
      send({ id: req.id, ok: false, error: String(e?.message ?? e) });
    }
  });
  // The test process went away (or dropped us): close the browser with it.
  lines.on('close', () => quit(0));
}

main().catch((e) => {
  log('cannot start:', e?.stack ?? e);
  send({ id: 0, ok: false, error: `puppet cannot start: ${e?.message ?? e}` });
  process.exit(1);
});
