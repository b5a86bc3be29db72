// Clicks through the fixtures page and checks the DOM conventions of docs/activity.md
// (`node dev/check.mjs`, with `node dev/serve.mjs` running). Prints one line per check.
import puppeteer from 'puppeteer-core';

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 720 });
const logs = [];
page.on('pageerror', (e) => logs.push('pageerror ' + e));
page.on('console', (m) => { if (!m.text().includes('404')) logs.push('console ' + m.text()); });
let failed = 0;
const ok = (cond, what) => { console.log((cond ? 'ok   ' : 'FAIL ') + what); if (!cond) failed++; };
const open = async (f) => { await page.goto(`http://127.0.0.1:5178/?f=${f}`, { waitUntil: 'networkidle0' }); };
const sent = () => page.evaluate(() => window.sent.map((x) => JSON.stringify(x)));
const last = async () => { const s = await sent(); return s.length ? JSON.parse(s[s.length - 1]) : null; };
const body = () => page.evaluate(() => ({ ...document.body.dataset, status: document.getElementById('status').textContent }));
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

const phases = { 'gin-discard': 'discard', 'gin-draw': 'draw', 'gin-upcard': 'upcard', 'gin-waiting': 'waiting',
  'gin-over': 'over', 'gin-match-over-watcher': 'over', 'gin-three': 'discard', partnership: 'draw',
  'team-swap': 'discard', 'team-return': 'discard', 'team-over': 'over', rummy: 'discard', 'rummy-over': 'over', none: 'none' };
for (const [f, ph] of Object.entries(phases)) {
  await open(f);
  const b = await body();
  ok(b.phase === ph, `${f}: data-phase ${b.phase} (want ${ph}), version ${b.version}, status "${b.status}"`);
}

await open('gin-discard');
const ids = await page.$$eval('[data-move]', (els) => els.map((e) => e.tagName + ':' + e.dataset.move));
ok(ids.length === 11 && ids.every((x) => x.startsWith('BUTTON:discard:')), `gin-discard: 11 discard buttons (${ids.join(' ')})`);
ok((await page.$$('#hand [data-card]')).length === 11, 'gin-discard: 11 data-card');
const label = await page.$eval('[data-move="discard:7H"]', (e) => e.getAttribute('aria-label'));
ok(label === 'Discard seven of hearts', `aria-label "${label}"`);
await page.click('[data-move="discard:5S"]');
let m = await last();
ok(m && m.t === 'move' && m.match_id === 12 && m.version === 7 && m.play.gin.card === '5S', `click discard:5S sent ${JSON.stringify(m)}`);
await wait(100);
await page.click('#knock-mode');
const kids = await page.$$eval('#hand [data-move]', (els) => els.map((e) => e.dataset.move).sort());
ok(JSON.stringify(kids) === JSON.stringify(['gin:5S', 'knock:7H', 'knock:TH']), `knock mode moves ${kids}`);
const badge = await page.$eval('[data-move="gin:5S"] .badge', (e) => e.textContent);
ok(badge === 'Gin', 'gin label shown');
await page.click('[data-move="gin:5S"]');
m = await last();
ok(m.play.gin.action === 'knock' && m.play.gin.card === '5S', `gin sent ${JSON.stringify(m.play)}`);
await wait(100);
await page.click('#knock-mode');
ok((await page.$$('#hand [data-move^="discard:"]')).length === 11, 'knock mode off again');

// Keyboard: Alt+ArrowRight moves the focused card; Enter plays it.
const order = () => page.$$eval('#hand [data-card]', (els) => els.map((e) => e.dataset.card).join(' '));
const before = await order();
await page.focus('#hand [data-card="7H"]');
await page.keyboard.down('Alt');
await page.keyboard.press('ArrowRight');
await page.keyboard.up('Alt');
const after = await order();
const focused = await page.evaluate(() => document.activeElement?.dataset.card);
ok(after.startsWith('8H 7H') && focused === '7H', `alt+right: "${before}" -> "${after}", focus ${focused}`);
await page.keyboard.press('Enter');
m = await last();
ok(m.play.gin.card === '7H', 'Enter on focused card discards it');
await wait(100);
ok((await page.$('#sort')) !== null, 'sort button after a manual order');
await page.click('#sort');
ok((await order()) === before, 'sort restores the meld order');

// Drag within the hand: 5S before 7H.
const box = async (sel) => { const b = await (await page.$(sel)).boundingBox(); return b; };
const drag = async (from, to, dx = 0.25) => {
  const a = await box(from), b = await box(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 - 20, { steps: 4 });
  await page.mouse.move(b.x + b.width * dx, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await wait(50);
};
const n0 = (await sent()).length;
await drag('#hand [data-card="5S"]', '#hand [data-card="7H"]');
ok((await order()).startsWith('5S 7H'), `drag reorder: ${await order()}`);
ok((await sent()).length === n0, 'drag did not send a move');
await drag('#hand [data-card="KD"]', '#pile', 0.5);
m = await last();
ok(m.play.gin.card === 'KD' && (await sent()).length === n0 + 1, 'drag onto the pile discards');
await wait(100);

await open('gin-draw');
await drag('#stock', '#hand [data-card="7H"]', 0.5);
m = await last();
ok(m && m.play.gin.action === 'draw_stock', 'drag stock onto hand draws');
await wait(100);
await page.click('#pile');
m = await last();
ok(m.play.gin.action === 'draw_discard', 'click pile draws the discard');

await open('gin-upcard');
ok((await page.$('#pile[data-move="take_upcard"]')) && (await page.$('button[data-move="pass"]')), 'upcard: take on pile, pass button');

await open('team-swap');
await page.click('#swap-mode');
const sw = await page.$$eval('#hand [data-move]', (els) => els.map((e) => e.dataset.move));
ok(sw.length === 8 && sw.every((x) => x.startsWith('swap:')), `swap mode: ${sw.join(' ')}`);
await page.click('[data-move="swap:2D"]');
m = await last();
ok(m.play.team.team_action === 'swap', 'swap sent');
await open('team-return');
const rt = await page.$$eval('#hand [data-move]', (els) => els.map((e) => e.dataset.move));
ok(rt.length === 8 && rt.every((x) => x.startsWith('return:')), `return moves: ${rt.join(' ')}`);
ok((await page.$$('.seat.partner .card')).length === 7, 'partner hand face up');

await open('rummy');
ok((await page.$('button[data-move="meld:3S4S5S"]')) !== null, 'meld button');
ok((await page.$('[data-meld-index="0"] button[data-move="layoff:KH:0"]')) !== null, 'layoff button on its meld');
await drag('#hand [data-card="7D"]', '[data-meld-index="1"]', 0.5);
m = await last();
ok(m && m.play.rummy.action === 'lay_off' && m.play.rummy.card === '7D', 'drag onto a table meld lays off');

await open('gin-match-over-watcher');
ok((await page.$('#hand')) === null && (await page.$$('[data-move]')).length === 0, 'watcher: no hand, no moves');

// Phone: nothing wider than the screen.
await page.setViewport({ width: 390, height: 844 });
for (const f of Object.keys(phases)) {
  await open(f);
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  ok(w <= 390, `${f}: phone width ${w}`);
}
await browser.close();
ok(logs.length === 0, 'no console output: ' + logs.join(' | '));
process.exit(failed ? 1 : 0);
