import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '#common/compile-catalogue.ts';
import { LOCALES } from '#common/locales.ts';

// Decision 059's check, part of `npm test`: every language has every English key with the same placeholders, and
// the member's screens write no words of their own outside the catalogues.
const COMMON = fileURLToPath(new URL('../../common/catalogues/', import.meta.url));
const CLIENT = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(COMMON, file), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)|<\/?(\d+)>/g)].map((m) => m[0]).sort();

describe('message catalogues', () => {
  // mail/: what the server sends a member (mails, invites, wallet passes; decision 061), never in the browser;
  // server/: what it answers them (refusals, a booking's message; decision 072), never in the browser either.
  for (const part of ['', 'pages/', 'mail/', 'server/']) {
    const english = read(`${part}en.json`);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      it(`${part}${locale} has every English key, the same placeholders, and compiles`, () => {
        const own = read(`${part}${locale}.json`);
        expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(english)) {
          expect([key, placeholders(own[key] ?? '')]).toEqual([key, placeholders(text)]);
        }
        expect(() => compileCatalogue(own)).not.toThrow();
      });
    }
  }

  it('the first paint, the pages, the mails and the answers share no key', () => {
    const first = Object.keys(read('en.json'));
    const pages = new Set(Object.keys(read('pages/en.json')));
    const mail = Object.keys(read('mail/en.json'));
    const server = Object.keys(read('server/en.json'));
    expect(first.filter((k) => pages.has(k))).toEqual([]);
    expect(mail.filter((k) => pages.has(k) || first.includes(k))).toEqual([]);
    expect(server.filter((k) => pages.has(k) || first.includes(k) || mail.includes(k))).toEqual([]);
  });

  it('the mail and answer parts stay on the server: no browser file imports them', () => {
    const importers = fs
      .readdirSync(CLIENT, { recursive: true })
      .map(String)
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
      .filter((f) => /catalogues\/(mail|server)\//.test(fs.readFileSync(path.join(CLIENT, f), 'utf8')));
    expect(importers).toEqual([]);
  });
});

/** Where the member's screens are; the admin's are English only (decision 059). */
const MEMBER_DIRS = [
  'components',
  'features/auth',
  'features/benefits',
  'features/rsvp',
  'features/partners',
  'features/release',
  'features/system',
  'features/draws',
  'features/transfers',
];
/** Shared components only the admin's screens show. */
const ADMIN_ONLY = new Set([
  'components/device-preview.tsx',
  'components/phone-frame.tsx',
  'components/ui/answers-disclosure.tsx',
  'components/ui/event-zone-date-time.tsx',
  'components/ui/table-frame.tsx',
]);
/**
 * Member screens still written in English, each with its reason (decision 063 emptied it): the check fails when one
 * of them is clean, so the list only shrinks.
 */
const STILL_ENGLISH = new Set<string>([]);
/** Attributes people read (or hear); others (className, href, data-*) are not words. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'confirmLabel',
  'cancelLabel',
  'hint',
]);
const WORDS = /[A-Za-z]{2,}/;
/** Not words to translate: the brand, an example address, a file type. */
const NOT_WORDS = /^(Special Access Pass|SPECIAL ACCESS( PASS)?|PASS|[\w.+-]+@[\w.-]+|\.\w+)$/;
const shown = (text: string) => WORDS.test(text) && !NOT_WORDS.test(text.trim());
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The English words a component file writes outside the catalogues: JSX text, read attributes, strings in JSX. */
function englishIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node, inJsx: boolean) => {
    if (ts.isJsxText(node) && shown(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const value = node.initializer;
      if (READ_ATTRIBUTES.has(name) && value && ts.isStringLiteral(value) && shown(value.text)) found.push(value.text);
      if (!READ_ATTRIBUTES.has(name)) return; // className and the like may hold any string
    }
    // t('key'), cx(...), a formatter: their strings are not shown as written, but a callback's JSX (a list's map) is.
    if (ts.isCallExpression(node)) {
      for (const arg of node.arguments)
        if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) visit(arg.body, inJsx);
      return;
    }
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) return; // state === 'done'
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InKeyword) return; // 'href' in b
    if (ts.isVariableDeclaration(node) && /class/i.test(node.name.getText(source))) return; // a className's parts
    if (inJsx && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && shown(node.text))
      found.push(node.text);
    if (inJsx && ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
      if (shown(text)) found.push(text);
    }
    ts.forEachChild(node, (child) => visit(child, inJsx || ts.isJsxExpression(node)));
  };
  visit(source, false);
  return found;
}

function memberFiles(): string[] {
  return MEMBER_DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(CLIENT, dir), { recursive: true })
      .map((f) => path.join(dir, String(f)).replaceAll(path.sep, '/'))
      .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx') && !ADMIN_ONLY.has(f)),
  );
}

describe('member screens', () => {
  it('write their words through the catalogues', () => {
    const offenders = Object.fromEntries(
      memberFiles()
        .filter((f) => !STILL_ENGLISH.has(f))
        .map((f) => [f, englishIn(path.join(CLIENT, f))] as const)
        .filter(([, words]) => words.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it('still in English: the list names only files that are', () => {
    const clean = [...STILL_ENGLISH].filter((f) => englishIn(path.join(CLIENT, f)).length === 0);
    expect(clean).toEqual([]);
  });
});
