// A small server for the fixtures page: dev/dist, and stand-in card art at /cards/{deck}/{card}.png
// (SVG, 3:4 like the bot's: the index above, the suit below). `node dev/serve.mjs [port]`.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), 'dist');
const port = Number(process.argv[2] ?? 5178);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
const SUIT = { S: ['♠', '#1a1a1a'], H: ['♥', '#c8102e'], D: ['♦', '#c8102e'], C: ['♣', '#1a1a1a'] };

function card(name) {
  if (name === 'back')
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 128"><rect x="1" y="1" width="94" height="126" rx="11" fill="#fdfcf7"/><rect x="6" y="6" width="84" height="116" rx="8" fill="#2c4a9a"/><path d="M6 6l84 116M90 6L6 122" stroke="#4766c4" stroke-width="3"/></svg>`;
  const [glyph, ink] = SUIT[name[1]];
  const rank = name[0] === 'T' ? '10' : name[0];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 128"><rect x="1" y="1" width="94" height="126" rx="11" fill="#fdfcf7" stroke="#bbb"/><text x="48" y="56" font-family="sans-serif" font-weight="700" font-size="${rank.length > 1 ? 46 : 54}" text-anchor="middle" fill="${ink}">${rank}</text><text x="48" y="114" font-family="sans-serif" font-size="54" text-anchor="middle" fill="${ink}">${glyph}</text></svg>`;
}

createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const m = path.match(/^\/cards\/\w+\/([A2-9TJQK][SHDC]|back)\.png$/);
  if (m) {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    return res.end(card(m[1]));
  }
  const file = normalize(join(root, path === '/' ? 'index.html' : path));
  if (!file.startsWith(root)) return res.writeHead(403).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(port, '127.0.0.1');
