import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The records stay one screen each, all in the index, and code cites what a newcomer can open (docs/decisions/README.md).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const decisions = join(root, 'docs/decisions');
const maxWords = 500;
const records = readdirSync(decisions).filter((f) => /^\d{3}-.+\.md$/.test(f));
const index = readFileSync(join(decisions, 'README.md'), 'utf8');
const read = (f: string) => readFileSync(join(decisions, f), 'utf8');

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return filesUnder(path, name);
    return name.test(entry) ? [path] : [];
  });
}

/** Relative Markdown links of a file that lead to no file (anchors and web addresses are not checked). */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => (m[1] ?? '').split('#')[0] ?? '');
  return targets
    .filter((t) => t !== '' && !/^[a-z]+:/i.test(t))
    .filter((t) => {
      try {
        statSync(resolve(dirname(file), t));
        return false;
      } catch {
        return true;
      }
    });
}

describe('decision records', () => {
  it.each(records)('%s is one screen: a numbered title, a status, Context, Decision, Consequences', (f) => {
    const text = read(f);
    const words = text.split(/\s+/).filter(Boolean).length;
    expect(words, `${f} has ${words} words`).toBeLessThanOrEqual(maxWords);
    expect(text).toMatch(new RegExp(`^# ${f.slice(0, 3)}:? \\S`));
    expect(text).toMatch(/^Status: \S/m);
    const sections = [...text.matchAll(/^## (Context|Decision|Consequences)\s*$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Context', 'Decision', 'Consequences']);
  });

  it('the index is one screen too: a line per record', () => {
    const words = index.split(/\s+/).filter(Boolean).length;
    expect(words, `the index has ${words} words`).toBeLessThanOrEqual(maxWords);
  });

  it('every record is a line of the index, and every line a record', () => {
    const rows = [...index.matchAll(/^- \[(\d{3})\]\((\d{3}-[^)]+\.md)\)/gm)].map((r) => ({
      n: r[1] ?? '',
      file: r[2] ?? '',
    }));
    const listed = new Set(rows.map((r) => r.file));
    const missing = records.filter((f) => !listed.has(f));
    const unknown = [...listed].filter((f) => !records.includes(f));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
    for (const { n, file } of rows) expect(file.startsWith(n), `${n} links ${file}`).toBe(true);
  });

  it('links between the docs lead to files', () => {
    const docs = [join(root, 'README.md'), ...filesUnder(join(root, 'docs'), /\.md$/)];
    const broken = docs.flatMap((f) => brokenLinks(f).map((t) => `${relative(root, f)} → ${t}`));
    expect(broken).toEqual([]);
  });
});

describe('code and docs cite a decision record or a spec section, never an issue a newcomer cannot open', () => {
  // The spec is a copy of the shared one (decision 024).
  const skipped = [join(root, 'docs/spec')];
  const files = [
    join(root, 'README.md'),
    ...filesUnder(join(root, 'docs'), /\.md$/),
    ...['src', 'tests', 'scripts'].flatMap((d) => filesUnder(join(root, d), /\.(ts|tsx|js|cjs|mjs|lua)$/)),
  ].filter((f) => !skipped.some((dir) => f.startsWith(dir)));
  // Across a line break too: a comment's next line may start with its own `*`, `//` or `#`.
  const citation = /\b[Ii]ssues?(?:\s|\*|\/\/|#)*#?\d+/;

  it('no file names an issue by number', () => {
    const hits = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(new RegExp(citation, 'g'))].map(
        (m) => `${relative(root, f)}: ${m[0].replace(/\s+/g, ' ')}`,
      ),
    );
    expect(hits.join('\n')).toBe('');
  });
});
