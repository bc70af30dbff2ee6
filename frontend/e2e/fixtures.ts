// Shared test setup: fail a test on any page error or console error, and answer
// the external giving page locally (this machine has no outside network).
import { test as base, expect } from '@playwright/test';

export const GIVING_HOST = 'https://giving.example.org';

export const test = base.extend<{ errors: string[] }>({
  errors: [
    async ({ page, context }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await context.route(`${GIVING_HOST}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Giving</title>Giving page' }));
      await use(errors);
      expect(errors, 'page errors or console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
