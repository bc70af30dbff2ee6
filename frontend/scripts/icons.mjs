// Draws the home-screen icons in public/ from the favicon's mark (run by hand after
// the mark changes: node scripts/icons.mjs; Chromium draws them). "any": the round
// badge on a transparent ground; "maskable": the mark alone on a full square of the
// badge's blue, inside the middle 62% so every platform's mask leaves it whole.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pub = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
const badge = readFileSync(pub('favicon.svg'), 'utf8');
const mark = badge.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<circle[^>]*\/>/, '');
const BLUE = '#0b2a3c';
const svg = {
  any: (size) => badge.replace('<svg ', `<svg width="${size}" height="${size}" `),
  maskable: (size) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.62) translate(-16 -15)">${mark}</g></svg>`,
};
const icons = [
  ['icon-192.png', 192, 'any'],
  ['icon-512.png', 512, 'any'],
  ['icon-maskable-512.png', 512, 'maskable'],
  ['apple-touch-icon.png', 180, 'maskable'],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const [file, size, kind] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg[kind](size)}</body></html>`);
  await page.screenshot({ path: pub(file), omitBackground: kind === 'any', clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
}
await browser.close();
console.log(`drew ${icons.map(([file]) => file).join(', ')}`);
