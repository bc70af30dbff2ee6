// A second server of the release binary on its own data directory, for tests that
// change the site's settings or photos (the shared server keeps its defaults).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
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
  return { url, dataDir, cli, stop: () => child.kill('SIGTERM') };
}
