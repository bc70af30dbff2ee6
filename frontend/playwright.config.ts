// Browser tests against the release binary (built by `cargo build --release`),
// in Debian's Chromium: desktop and phone widths.
import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requirePhoneFonts } from './scripts/phone-fonts.mjs';

const port = Number(process.env.THEWELL_E2E_PORT ?? 18181);
const binary = process.env.THEWELL_BIN ?? fileURLToPath(new URL('../target/release/thewell', import.meta.url));
// Made once by the runner; its workers inherit the variable (they load this file too).
const fresh = !process.env.THEWELL_E2E_DATA_DIR;
const dataDir = (process.env.THEWELL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'thewell-e2e-')));
process.env.THEWELL_E2E_BIN = binary;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`);
}
// The Urdu pages are tested as a phone lays them out, in its own Nastaliq font.
requirePhoneFonts();
if (!existsSync(binary)) {
  throw new Error(`${binary} is missing. Build it first: cargo build --release (the README's test command does).`);
}

// The shared server is a church that has set its videos (their players are tested
// on it); the placeholders' posters are tested on a server of their own (videos.spec.ts).
export const E2E_VIDEOS = {
  'sermon-video': 'dQw4w9WgXcQ',
  'worship-video': 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'pakistan-video': 'https://youtu.be/ScMzIvxBSi4',
  'worship-video-file': 'https://media.example.org/the-well/worship.webm',
};
if (fresh) {
  for (const [name, value] of Object.entries(E2E_VIDEOS)) execFileSync(binary, ['--data-dir', dataDir, 'site', 'set', name, value], { stdio: 'ignore' });
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // On CI a failing test runs once more; one that passes only then is reported as
  // flaky (and counted on .ci/run's last lines), not hidden.
  retries: process.env.CI ? 1 : 0,
  // A 2-core CI machine runs two browsers and the server at once: give assertions room,
  // and a test that walks every route (30 and their twins, in one test) a minute.
  expect: { timeout: 10_000 },
  timeout: process.env.CI ? 60_000 : 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    // The service worker would stand between page.route() and the network; the
    // tests of working offline (offline.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // Tests tagged @phone run only at phone width, @desktop only at desktop width.
    { name: 'desktop', grepInvert: /@phone/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', grepInvert: /@desktop/, use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } } },
  ],
  webServer: {
    // Every test submits from 127.0.0.1: the per-address limit (tested in Rust) is raised here.
    command: `"${binary}" serve --addr 127.0.0.1:${port} --data-dir "${dataDir}" --rate-burst 100000`,
    env: { THEWELL_LOG: 'warn,thewell::web::server=error' },
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
