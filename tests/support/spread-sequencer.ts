import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed first, then slowest from its cache, else largest), with the browser files spread evenly
 * among the API files: one worker drives a browser while the other runs API files, instead of a browser-only tail.
 */
export default class SpreadSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    const rest = sorted.filter((f) => f.project.name !== 'e2e');
    if (browser.length === 0 || rest.length === 0) return sorted;
    const step = rest.length / browser.length;
    const out: TestSpecification[] = [];
    let next = 0;
    rest.forEach((file, i) => {
      while (next < browser.length && next * step <= i) out.push(browser[next++] as TestSpecification);
      out.push(file);
    });
    return out.concat(browser.slice(next));
  }
}
