// Every route, visited once per width, checked for what a visitor would stumble on
// at 360 and 390 px: nothing lies under a floating control as the page
// scrolls and every tap target is 44 × 44 px; at 390 and 1280 px every time of day
// names its zone and no grid leaves one card alone on its last row; at 1280 px the
// visitor's own time stands beside every time of day, and the
// headings, header and footer share one left edge. One visit per width keeps the
// suite quick; what each check looks for is in checks.ts.
import { routes } from '../src/content/routes';
import { offTheLeftEdge, orphans, smallTargets, strayDots, timesWithoutYourTime, timesWithoutZone, underFloatingWhileScrolling } from './checks';
import { expect, test } from './fixtures';

for (const route of routes) {
  test(`${route.path} on phones: nothing under floating controls, 44 × 44 px targets, zones named, no orphans @phone`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(route.path);
    const problems = (await underFloatingWhileScrolling(page, 300)).map((p) => `360 px, under a floating control, ${p}`);
    await page.setViewportSize({ width: 390, height: 800 });
    problems.push(...(await underFloatingWhileScrolling(page, 300)).map((p) => `390 px, under a floating control, ${p}`));
    problems.push(...(await smallTargets(page, 'body')).map((p) => `390 px, under 44 px: ${p}`));
    problems.push(...(await timesWithoutZone(page)).map((p) => `a time without its zone: ${p}`));
    problems.push(...(await orphans(page)).map((p) => `390 px, orphan: ${p}`));
    expect(problems).toEqual([]);
  });

  test(`${route.path} on desktop: one left edge, no orphans, zones named with the visitor's own time, no hanging ·, nothing under the round buttons @desktop`, async ({ page }) => {
    await page.goto(route.path);
    const problems = (await offTheLeftEdge(page)).map((p) => `off the left edge: ${p}`);
    problems.push(...(await orphans(page)).map((p) => `orphan: ${p}`));
    problems.push(...(await timesWithoutZone(page)).map((p) => `a time without its zone: ${p}`));
    problems.push(...(await underFloatingWhileScrolling(page, 400)).map((p) => `under a round button, ${p}`));
    expect(problems).toEqual([]);
    // Once the schedule has answered (its times bring the 'Add to calendar' links): no line left hanging on a '·'.
    await expect.poll(() => strayDots(page), { message: 'lines beginning or ending with ·' }).toEqual([]);
    // Once the schedule has answered, every time of day has the visitor's own beside it.
    await expect.poll(() => timesWithoutYourTime(page), { message: 'times without the visitor\'s own' }).toEqual([]);
  });
}
