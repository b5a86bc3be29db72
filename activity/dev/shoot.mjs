// Screenshots of every fixture at desktop and phone size: `node dev/shoot.mjs OUT_DIR [names…]`
// (needs `node dev/serve.mjs` running and Debian's chromium at /usr/bin/chromium).
import puppeteer from 'puppeteer-core';
import { mkdirSync } from 'node:fs';

const out = process.argv[2] ?? '/tmp/shots';
const only = process.argv.slice(3);
mkdirSync(out, { recursive: true });
const names = only.length
  ? only
  : ['gin-discard', 'gin-draw', 'gin-upcard', 'gin-waiting', 'gin-over', 'gin-match-over-watcher', 'gin-three',
     'partnership', 'team-swap', 'team-return', 'team-over', 'rummy', 'rummy-over', 'none'];
const sizes = { desk: [1280, 720, 1], phone: [390, 844, 2] };
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const page = await browser.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => errors.push('console: ' + m.text()));
for (const [tag, [w, h, dpr]] of Object.entries(sizes)) {
  await page.setViewport({ width: w, height: h, deviceScaleFactor: dpr });
  for (const n of names) {
    await page.goto(`http://127.0.0.1:5178/?bare&f=${n}`, { waitUntil: 'networkidle0' });
    await page.screenshot({ path: `${out}/${n}-${tag}.png` });
  }
}
await browser.close();
if (errors.length) console.error(errors.join('\n'));
