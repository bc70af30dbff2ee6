// Debian's Firefox ESR for engines/smoke.mjs, through WebDriver BiDi (puppeteer-core):
// the page's console errors and uncaught exceptions are collected as they happen.
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function firefoxEngine() {
  if (!existsSync(FIREFOX)) throw new Error(`Firefox ESR not found at ${FIREFOX}: apt-get install firefox-esr (or set FIREFOX_PATH)`);
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi' });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  let errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error.message ?? error)));
  const element = async (expression) => {
    const handle = await page.evaluateHandle(`(${expression})`);
    const el = handle.asElement();
    if (!el) throw new Error(`no element: ${expression}`);
    return el;
  };
  return {
    open: (url) => page.goto(url, { waitUntil: 'load' }),
    run: (expression) => page.evaluate(`(${expression})`),
    focus: async (expression) => (await element(expression)).focus(),
    click: async (expression) => (await element(expression)).click(),
    type: async (expression, text) => (await element(expression)).type(text),
    key: (name) => page.keyboard.press(name),
    resize: (width, height) => page.setViewport({ width, height }),
    takeErrors: () => {
      const taken = errors;
      errors = [];
      return taken;
    },
    close: () => browser.close(),
  };
}
