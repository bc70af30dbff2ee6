// The one launcher of the release binary for the JavaScript side: the Playwright tests'
// own servers (server.ts), the engines' smoke suite and the measuring scripts
// (scripts/*.mjs) start `thewell serve` here, as the Rust tests do through
// tests/common (Server::spawn). Playwright's shared server is its config's webServer.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The binary under test: THEWELL_E2E_BIN (the Playwright suite's), THEWELL_BIN, else
 *  this checkout's release build. */
export const binary =
  process.env.THEWELL_E2E_BIN ?? process.env.THEWELL_BIN ?? fileURLToPath(new URL('../../target/release/thewell', import.meta.url));

/** A new, empty data directory, made as `serve` leaves it (staff commands need one). */
export function newDataDir(prefix = 'thewell-') {
  const dataDir = join(mkdtempSync(join(tmpdir(), prefix)), 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  return dataDir;
}

/** `thewell <args>` on `dataDir`, returning what it prints; `options` go to execFileSync. */
export function cliOn(dataDir, options = {}) {
  return (...args) => execFileSync(binary, ['--data-dir', dataDir, ...args], { encoding: 'utf8', ...options });
}

/** `thewell content new <args>` through `cli`, the file made ready at once (its line
 *  `draft = true` deleted, as the volunteer does when done): returns its path. */
export function newContent(cli, ...args) {
  const path = cli('content', 'new', ...args).trim();
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^draft = true.*\n/m, ''));
  return path;
}

/**
 * `thewell serve` on `dataDir` (a new one by default) at `addr` (a free port by default),
 * with `flags` and the log filter `log`; resolves once it says where it listens.
 * `stderr`: 'inherit' (the default), 'ignore' or 'pipe' (read it from `child.stderr`).
 * @param {{ dataDir?: string, flags?: string[], log?: string, addr?: string, stderr?: 'inherit' | 'ignore' | 'pipe' }} [options]
 * @returns {Promise<{ url: string, dataDir: string, child: import('node:child_process').ChildProcess, cli: (...args: string[]) => string, stop: () => void }>}
 */
export async function startThewell({ dataDir = newDataDir(), flags = [], log = 'error', addr = '127.0.0.1:0', stderr = 'inherit' } = {}) {
  const child = spawn(binary, ['serve', '--addr', addr, '--data-dir', dataDir, ...flags], {
    env: { ...process.env, THEWELL_LOG: log },
    stdio: ['ignore', 'pipe', stderr],
  });
  // Its first line names the address (the HTTPS one when it serves HTTPS).
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const listening = (line) => {
      const found = /thewell listening on (\S+)/.exec(line);
      if (!found) return;
      lines.off('line', listening);
      resolve(found[1]);
    };
    lines.on('line', listening);
    child.once('exit', (code) => reject(new Error(`thewell serve exited with ${code} before it listened`)));
  });
  return { url, dataDir, child, cli: cliOn(dataDir), stop: () => child.kill('SIGTERM') };
}
