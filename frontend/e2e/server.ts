// A second server of the release binary on its own data directory, for tests that
// change the site's settings or photos (the shared server keeps its defaults).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cliOn, newDataDir, startThewell } from './thewell.mjs';

export interface OwnServer {
  url: string;
  dataDir: string;
  /** Runs `thewell <args>` on this server's data directory; returns its output. */
  cli: (...args: string[]) => string;
  stop: () => void;
}

export async function startOwnServer(prepare: (server: Pick<OwnServer, 'dataDir' | 'cli'>) => void): Promise<OwnServer> {
  const dataDir = newDataDir('thewell-e2e-own-');
  const cli = cliOn(dataDir);
  prepare({ dataDir, cli });
  // The photos put in are made here and now (a running server makes them at a low
  // priority, slowly on a machine kept busy by the tests; tests/photos.rs tests that).
  if (existsSync(join(dataDir, 'photos'))) cliOn(dataDir, { env: { ...process.env, THEWELL_LOG: 'warn' }, stdio: 'ignore' })('site', 'photos', '--make');
  // Its warnings, but not the start-up line naming the settings it has not set (most of these servers set none).
  const { url, stop } = await startThewell({ dataDir, flags: ['--rate-burst', '100000'], log: 'warn,thewell::web::server=error' });
  await photosMade(url, dataDir);
  return { url, dataDir, cli, stop };
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
