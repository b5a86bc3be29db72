// The real start-up end to end, without Discord: a parent page speaking the SDK's RPC (handshake,
// READY, AUTHORIZE, AUTHENTICATE, the locale), a stand-in bot (/api/config, /api/token,
// /api/strings, the WebSocket), and dist/ in an iframe. `npm run build && node dev/harness.mjs`.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';

const dist = new URL('../dist/', import.meta.url).pathname;
const fixture = JSON.parse(await readFile(new URL('../src/fixtures/gin-discard.json', import.meta.url), 'utf8'));
const got = [];
const parent = `<!doctype html><body style="margin:0"><iframe id="f" style="width:1280px;height:720px;border:0"
src="/?frame_id=f1&instance_id=i1&platform=desktop&channel_id=700"></iframe><script>
const f = document.getElementById('f');
const reply = (m) => f.contentWindow.postMessage(m, location.origin);
addEventListener('message', (e) => {
  const [op, p] = e.data;
  if (op === 0) return reply([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null, data: { v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' } } }]);
  if (op !== 1) return;
  const data = { AUTHORIZE: { code: 'c0de' },
    AUTHENTICATE: { access_token: 'tok', user: { username: 'ann', discriminator: '0', id: '100', public_flags: 0 }, scopes: ['identify'], expires: '2030-01-01', application: { id: '123', description: '', name: 'Gin' } },
    USER_SETTINGS_GET_LOCALE: { locale: 'de' } }[p.cmd] ?? {};
  reply([1, { cmd: p.cmd, nonce: p.nonce, evt: null, data }]);
});
</script></body>`;

const types = { js: 'text/javascript', css: 'text/css', html: 'text/html' };
const server = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/harness.html') return res.end(parent);
  if (path === '/api/config') return res.end(JSON.stringify({ client_id: '123', langs: ['en', 'de'] }));
  if (path === '/api/strings/de') return res.end(JSON.stringify({ 'move-discard': '{card} abwerfen', 'rank-7': 'Sieben', 'suit-H': 'Herz', card: '{suit} {rank}' }));
  if (path === '/api/token') {
    let body = '';
    for await (const c of req) body += c;
    got.push({ token: JSON.parse(body) });
    return res.end(JSON.stringify({ access_token: 'tok', session: 's3ss10n', user: { id: '100', name: 'Ann' } }));
  }
  const m = path.match(/^\/cards\/\w+\/(\w+)\.png$/);
  if (m) return res.writeHead(404).end();
  try {
    const file = path === '/' ? 'index.html' : path.slice(1);
    const body = await readFile(dist + file);
    res.writeHead(200, { 'content-type': types[file.split('.').pop()] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});

function send(sock, obj) {
  const p = Buffer.from(JSON.stringify(obj));
  const head = p.length < 126 ? Buffer.from([0x81, p.length]) : Buffer.from([0x81, 126, p.length >> 8, p.length & 255]);
  if (p.length >= 65536) throw new Error('frame too long for this stand-in');
  sock.write(Buffer.concat([head, p]));
}
server.on('upgrade', (req, sock) => {
  const key = req.headers['sec-websocket-key'];
  const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  sock.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  let buf = Buffer.alloc(0);
  sock.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    while (buf.length >= 6) {
      let len = buf[1] & 127, off = 2;
      if (len === 126) { len = buf.readUInt16BE(2); off = 4; }
      if (buf.length < off + 4 + len) return;
      const mask = buf.subarray(off, off + 4);
      const data = Buffer.from(buf.subarray(off + 4, off + 4 + len)).map((b, i) => b ^ mask[i % 4]);
      const op = buf[0] & 15;
      buf = buf.subarray(off + 4 + len);
      if (op !== 1) continue;
      const f = JSON.parse(data.toString());
      got.push(f);
      if (f.t === 'hello') {
        send(sock, { t: 'welcome', user: { id: '100', name: 'Ann' }, channel_id: f.channel_id });
        send(sock, fixture);
      }
      if (f.t === 'move') send(sock, { t: 'refused', seq: f.seq, code: 'illegal', text: 'not now' });
    }
  });
});
server.listen(5180);

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const page = await browser.newPage();
const logs = [];
page.on('console', (m) => { if (!m.text().includes('404')) logs.push(m.text()); });
await page.goto('http://127.0.0.1:5180/harness.html');
const frame = await (await page.waitForSelector('iframe')).contentFrame();
await frame.waitForSelector('[data-move="discard:7H"]', { timeout: 10000 });
const label = await frame.$eval('[data-move="discard:7H"]', (e) => e.getAttribute('aria-label'));
await frame.click('[data-move="discard:7H"]');
await frame.waitForFunction(() => document.getElementById('toast').textContent.includes('not now'), { timeout: 5000 });
const body = await frame.evaluate(() => ({ ...document.body.dataset }));
console.log(JSON.stringify({ got, label, body, logs }, null, 1));
await browser.close();
server.close();
process.exit(0);
