#!/usr/bin/env node
// Makes the landing page's picture of the product from our own dashboard story, in light and dark, each 1280 px wide
// and 720 px wide for phones: packages/ui/src/screens/marketing/dashboard-{light,dark}{,-720}.webp. Run it after the
// dashboard changes:
//
//   node packages/ui/scripts/landing-shot.mjs                                   builds Storybook first (a minute or two)
//   STORYBOOK_URL=http://localhost:6006 node packages/ui/scripts/landing-shot.mjs   uses a running `npm run storybook`
//
// Debian's Chromium by default (CHROMIUM_PATH to use another). Playwright screenshots only PNG or JPEG, so the same
// Chromium encodes the WebP (canvas.toDataURL): no image tool to install. Nothing is downloaded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const outDir = resolve(here, '../src/screens/marketing');

/** What the landing page shows: a desktop view of the populated dashboard, cut at the fold. */
const SIZE = { width: 1280, height: 880 };
const SHOTS = [
  { story: 'screens-journal-dashboard--populated', name: 'dashboard-light' },
  { story: 'screens-journal-dashboard--populated-dark', name: 'dashboard-dark' },
];
/** The widths written: the full shot, and one for phones (a 360–412 px screen at 1.75–2× density). */
const WIDTHS = [SIZE.width, 720];
/** WebP quality: text stays crisp and each file stays well under 60 KB. */
const QUALITY = 0.82;

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** A static server for a Storybook build; returns its URL and a close function. */
async function serve(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

let storybook = process.env.STORYBOOK_URL?.replace(/\/$/, '');
let cleanup = () => {};
if (!storybook) {
  const built = mkdtempSync(join(tmpdir(), 'bahi-storybook-'));
  console.log(`Building Storybook into ${built} …`);
  const run = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', built], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const server = await serve(built);
  storybook = server.url;
  cleanup = () => {
    server.close();
    rmSync(built, { recursive: true, force: true });
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: SIZE, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  for (const { story, name } of SHOTS) {
    await page.goto(`${storybook}/iframe.html?id=${story}&viewMode=story`);
    // The story's play function has run (it clicks a period button), its charts are drawn (in the task after the
    // figures) and Inter has loaded; then nothing keeps focus, so no focus ring shows.
    await page.waitForFunction(() =>
      ['afterEach', 'completed', 'finished'].includes(globalThis.__STORYBOOK_PREVIEW__?.currentRender?.phase),
    );
    await page.locator('[data-slot="chart"] svg').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(() => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
    await page.waitForTimeout(300);
    const png = (await page.screenshot({ type: 'png' })).toString('base64');
    for (const width of WIDTHS) {
      const webp = await page.evaluate(
        async ({ png, width, quality }) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth);
          const context = canvas.getContext('2d');
          if (!context) return '';
          context.imageSmoothingQuality = 'high';
          context.drawImage(image, 0, 0, canvas.width, canvas.height);
          return canvas.toDataURL('image/webp', quality).split(',')[1] ?? '';
        },
        { png, width, quality: QUALITY },
      );
      const file = `${name}${width === SIZE.width ? '' : `-${width}`}.webp`;
      const bytes = Buffer.from(webp, 'base64');
      if (bytes.subarray(8, 12).toString() !== 'WEBP') throw new Error(`Chromium did not encode ${file} as WebP`);
      writeFileSync(join(outDir, file), bytes);
      console.log(`${file}: ${width} px wide, ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  }
} finally {
  await browser.close();
  cleanup();
}
