// Types for e2e/thewell.mjs, which the Playwright tests import.
import type { ChildProcess, ExecFileSyncOptions } from 'node:child_process';

export const binary: string;
export function newDataDir(prefix?: string): string;
export function cliOn(dataDir: string, options?: ExecFileSyncOptions): (...args: string[]) => string;
export function newContent(cli: (...args: string[]) => string, ...args: string[]): string;
export function startThewell(options?: {
  dataDir?: string;
  flags?: string[];
  log?: string;
  addr?: string;
  stderr?: 'inherit' | 'ignore' | 'pipe';
}): Promise<{ url: string; dataDir: string; child: ChildProcess; cli: (...args: string[]) => string; stop: () => void }>;
