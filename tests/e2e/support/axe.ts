import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './browser.ts';

/**
 * axe is defined by evaluating its source: the server's CSP (script-src 'self') blocks an inline
 * <script>, and evaluation through the DevTools protocol is not subject to it.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Runs axe on the whole document; one line per failing node: rule id, impact, help and target. The page is settled
 * first unless the caller just did (`settled`): the network-idle wait alone is half a second.
 */
async function axeViolations(page: Page, settled: boolean, tags = AXE_TAGS): Promise<string[]> {
  if (!settled) await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
  }, tags);
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} → ${n.target}\n    ${n.summary.replace(/\n/g, '\n    ')}`),
  );
}

/** `targetSize`: WCAG 2.2's rules too (target-size: 24 px targets, or spaced as if they were). */
export async function expectNoViolations(
  page: Page,
  label: string,
  opts: { settled?: boolean; targetSize?: boolean } = {},
) {
  const found = await axeViolations(
    page,
    opts.settled ?? false,
    opts.targetSize ? [...AXE_TAGS, 'wcag22aa'] : AXE_TAGS,
  );
  if (found.length > 0) console.error(`axe violations on ${label}:\n  ${found.join('\n  ')}`);
  expect(found, `axe violations on ${label}`).toEqual([]);
}
