// WebKitGTK for engines/smoke.mjs: Debian's WebKitWebDriver (webkit2gtk-driver) driving
// its MiniBrowser, spoken to in the W3C WebDriver protocol with fetch, under a virtual
// display (xvfb-run). WebKitWebDriver speaks no BiDi and MiniBrowser's console does not
// reach the driver's output, so this engine cannot see console errors: here a page
// counts as working when its script has brought it alive (data-hydrated), which an
// uncaught error in it prevents. Firefox checks the console itself.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

const DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const KEYS = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004' };

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export async function webkitEngine() {
  for (const [path, pkg] of [[DRIVER, 'webkit2gtk-driver'], [MINIBROWSER, 'webkit2gtk-driver'], ['/usr/bin/xvfb-run', 'xvfb']]) {
    if (!existsSync(path)) throw new Error(`${path} not found: apt-get install ${pkg}`);
  }
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', DRIVER, `--port=${port}`], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [driver.stdout, driver.stderr]) createInterface({ input: stream }).on('line', () => undefined);
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${answer.value?.message ?? response.status}`);
    return answer.value;
  };
  let session;
  for (let i = 0; ; i++) {
    try {
      session = (
        await call('POST', '/session', {
          capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
        })
      ).sessionId;
      break;
    } catch (error) {
      if (i > 50) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const s = `/session/${session}`;
  const run = (expression) => call('POST', `${s}/execute/sync`, { script: `return (${expression});`, args: [] });
  const element = async (expression) => {
    const found = await run(expression);
    if (!found || !found[ELEMENT]) throw new Error(`no element: ${expression}`);
    return found[ELEMENT];
  };
  const keys = (value) => call('POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions: [...value].flatMap((k) => [{ type: 'keyDown', value: k }, { type: 'keyUp', value: k }]) }] });
  await call('POST', `${s}/window/rect`, { width: 1280, height: 900 });
  return {
    open: (url) => call('POST', `${s}/url`, { url }),
    run,
    focus: async (expression) => run(`(${expression}).focus()`),
    click: async (expression) => call('POST', `${s}/element/${await element(expression)}/click`, {}),
    type: async (expression, text) => call('POST', `${s}/element/${await element(expression)}/value`, { text }),
    key: (name) => keys(KEYS[name] ?? name),
    resize: (width, height) => call('POST', `${s}/window/rect`, { width, height }),
    /** The viewport as a base64 PNG (for a person to look at). */
    screenshot: () => call('GET', `${s}/screenshot`),
    /** None can be seen (above). */
    takeErrors: () => [],
    close: async () => {
      await call('DELETE', s).catch(() => undefined);
      try {
        process.kill(-driver.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}
