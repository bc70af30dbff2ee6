// A second server of the release binary on its own data directory, for tests that
// change the site's settings or photos (the shared server keeps its defaults).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface OwnServer {
  url: string;
  dataDir: string;
  /** Runs `thewell <args>` on this server's data directory; returns its output. */
  cli: (...args: string[]) => string;
  stop: () => void;
}

export async function startOwnServer(prepare: (server: Pick<OwnServer, 'dataDir' | 'cli'>) => void): Promise<OwnServer> {
  const binary = process.env.THEWELL_E2E_BIN!;
  const dataDir = join(mkdtempSync(join(tmpdir(), 'thewell-e2e-own-')), 'data');
  // Staff commands work on a data directory that exists (as `serve` leaves it).
  mkdirSync(dataDir, { mode: 0o700 });
  const cli = (...args: string[]) => execFileSync(binary, ['--data-dir', dataDir, ...args], { encoding: 'utf8' });
  prepare({ dataDir, cli });
  // The photos put in are made here and now (a running server makes them at a low
  // priority, slowly on a machine kept busy by the tests; tests/photos.rs tests that).
  if (existsSync(join(dataDir, 'photos'))) execFileSync(binary, ['--data-dir', dataDir, 'site', 'photos', '--make'], { env: { ...process.env, THEWELL_LOG: 'warn' }, stdio: 'ignore' });
  const child: ChildProcess = spawn(binary, ['serve', '--addr', '127.0.0.1:0', '--data-dir', dataDir, '--rate-burst', '100000'], {
    // Its warnings, but not the start-up line naming the settings it has not set (most of these servers set none).
    env: { ...process.env, THEWELL_LOG: 'warn,thewell::web::server=error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`thewell serve exited with ${code}`)));
  });
  const url = firstLine.replace('thewell listening on ', '').trim();
  await photosMade(url, dataDir);
  return { url, dataDir, cli, stop: () => child.kill('SIGTERM') };
}

/** Waits until the server has made every photo put in the data directory's photos/
 *  (it makes them in the background, one at a time, the drawings showing meanwhile). */
async function photosMade(url: string, dataDir: string): Promise<void> {
  const folder = join(dataDir, 'photos');
  const slots = existsSync(folder) ? readdirSync(folder).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).map((f) => f.replace(/\.[^.]+$/, '').toLowerCase()) : [];
  const until = Date.now() + 60_000;
  while (slots.length > 0) {
    const page = await (await fetch(`${url}/`)).text();
    const block = page.split('<script type="application/json" id="site-settings">')[1]?.split('</script>')[0] ?? '{}';
    const made = Object.keys((JSON.parse(block) as { photos?: Record<string, unknown> }).photos ?? {});
    if (slots.every((slot) => made.includes(slot))) return;
    if (Date.now() > until) throw new Error(`the server made ${made.join(', ') || 'no photo'} of ${slots.join(', ')} within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
