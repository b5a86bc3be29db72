// Builds the front end into dist/ (index.html, assets/main.js, assets/main.css).
// `node build.mjs --dev` builds the fixtures page into dev/dist/ instead (not served by the bot).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes('--dev');
const out = dev ? join(here, 'dev', 'dist') : join(here, 'dist');

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });

await esbuild.build({
  entryPoints: {
    main: join(here, dev ? 'dev/fixtures.ts' : 'src/main.ts'),
  },
  bundle: true,
  format: 'esm',
  target: ['es2022', 'chrome110', 'safari16'],
  minify: !dev,
  sourcemap: dev,
  legalComments: 'none',
  outdir: join(out, 'assets'),
  logLevel: 'warning',
});
await esbuild.build({
  entryPoints: { main: join(here, 'src/styles.css') },
  bundle: true,
  minify: !dev,
  outdir: join(out, 'assets'),
  logLevel: 'warning',
});
copyFileSync(join(here, dev ? 'dev/fixtures.html' : 'index.html'), join(out, 'index.html'));
