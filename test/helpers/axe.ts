import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe in the page (through the DevTools protocol, so the page's CSP stays as it is), once the
 * page has loaded (its stylesheet applied) and its finite CSS animations have finished: mid fade-in,
 * text is still partly transparent and axe's contrast check would measure a frame nobody reads. It runs at the top of the page: scrolled, a link that happens to pass under the sticky header
 * counts, for axe's target-size check, as a target overlapped by the header's, though the next scroll
 * uncovers it.
 */
export async function violations(page: Page): Promise<string[]> {
  // A page answering a form may be in the DOM before its stylesheet has applied: axe would then measure
  // unstyled links (target-size fails on every one). 'load' waits for the stylesheet.
  await page.waitForLoadState('load');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const found = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Violation[] }> } }).axe.run({
          runOnly: { type: 'tag', values: tags },
        })
      ).violations,
    WCAG_TAGS,
  );
  return found.map((v: Violation) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
