// Reads what the server stored, the way staff do: `thewell export <form> --format jsonl`.
import { execFileSync } from 'node:child_process';

export function exported(form: string): Record<string, unknown>[] {
  const out = execFileSync(process.env.THEWELL_E2E_BIN!, ['--data-dir', process.env.THEWELL_E2E_DATA_DIR!, 'export', form, '--format', 'jsonl'], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
