import type { Messages } from '@lingui/core';
import type { BrowserContext, Page } from 'playwright-core';
import en from '#common/catalogues/en.json';
import enPages from '#common/catalogues/pages/en.json';
import { compileCatalogue } from '#common/compile-catalogue.ts';

/**
 * A pseudo-locale for tests only (decision 063): English with every letter accented, every vowel doubled (about 40%
 * longer, as German or Korean often are) and each message in brackets, so a cut-off message loses its bracket and an
 * English word on screen is one the catalogues did not give. Built from en.json here, never shipped.
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MARKED = 'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ';
const accent = (text: string) =>
  text.replace(/[A-Za-z]/g, (c) => {
    const marked = MARKED[PLAIN.indexOf(c)] ?? c;
    return /[aeiouy]/i.test(c) ? marked + marked : marked;
  });

type Token = string | unknown[] | Record<string, unknown> | number | null | undefined;
// Lingui's compiled tokens: text, or [name] / [name, 'plural', {one: tokens, other: tokens}]; only text changes.
const pseudoTokens = (token: Token): Token => {
  if (typeof token === 'string') return accent(token);
  if (Array.isArray(token))
    return token.map((t, i) => (i === 0 && typeof t === 'string' ? t : pseudoTokens(t as Token)));
  if (!token || typeof token !== 'object') return token;
  return Object.fromEntries(Object.entries(token).map(([k, v]) => [k, pseudoTokens(v as Token)]));
};

function pseudoCatalogue(raw: Record<string, string>): Messages {
  const compiled = compileCatalogue(raw);
  return Object.fromEntries(
    Object.entries(compiled).map(([id, message]) => {
      const tokens = typeof message === 'string' ? [message] : (message as Token[]);
      return [id, ['[', ...tokens.map((t) => (typeof t === 'string' ? accent(t) : pseudoTokens(t))), ']']];
    }),
  ) as Messages;
}

const chunk = (messages: Messages) => `var e=${JSON.stringify(messages)};export{e as default};`;

/**
 * Serves the pseudo-locale in place of Korean to `context` (whose browser asks for Korean): the Korean catalogue
 * chunks are answered with the pseudo ones, and the server's Korean first paint is left out so the browser renders
 * the page itself rather than hydrating Korean markup.
 */
export async function usePseudoLocale(context: BrowserContext): Promise<void> {
  const first = chunk(pseudoCatalogue(en));
  const pages = chunk(pseudoCatalogue(enPages));
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (/^\/assets\/ko-[\w-]+\.js$/.test(url.pathname)) {
      const original = await (await route.fetch()).text();
      const body = original.includes('"booking.cancel"') ? pages : first;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body });
    }
    if (request.resourceType() === 'document') {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<div id="root">[\s\S]*?<\/div><script id="boot-data"/,
        '<div id="root"></div><script id="boot-data"',
      );
      return route.fulfill({ response, body: html, headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
    return route.fallback();
  });
}

/** What the page shows that the pseudo-locale did not write: English words outside the organiser's marked text. */
export function unmarkedEnglish(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    // Not words of the portal: the brand, e-mail addresses, a file type; and a zone's label, which Intl has no word
    // for in these languages (decision 071: dates themselves are written in the member's language).
    const allowed = /Special Access Pass|SPECIAL ACCESS( PASS)?|^PASS$|[\w.+-]+@[\w.-]+|(^|\s)\.\w+$|\bSGT\b/gi;
    const found = new Set<string>();
    const check = (el: Element, text: string) => {
      if (el.closest('script, style, noscript, [translate="no"]')) return;
      const marked = el.closest('[lang]');
      if (marked && marked.getAttribute('lang') !== pageLang) return; // the organiser's words, said to be English
      const rest = text.replace(allowed, ' ');
      if (/[A-Za-z]{2,}/.test(rest)) found.add(text.trim().replace(/\s+/g, ' ').slice(0, 80));
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      // Radix announces a toast again in a 1 px live region, a copy without the toast's lang: its text is checked
      // where it shows.
      const box = el?.getBoundingClientRect();
      if (el && box && box.width > 1 && box.height > 1) check(el, node.textContent ?? '');
    }
    // An image's alt text may carry an organiser's title among the portal's words: the words around it are checked
    // where they are shown.
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]'))
      for (const name of ['aria-label', 'placeholder', 'title'])
        if (el.hasAttribute(name)) check(el, el.getAttribute(name) ?? '');
    return [...found];
  });
}

/** Visible elements that reach past the screen's left or right edge (outside a sideways-scrolling box). */
export function outsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('.sr-only, [data-radix-scroll-area-viewport]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || !el.innerText?.trim()) continue;
      let scroller = el.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (scroller && scroller !== document.body && scroller !== document.documentElement) continue;
      if (r.left < -1 || r.right > window.innerWidth + 1)
        found.push(`${el.tagName.toLowerCase()}: ${el.innerText.trim().slice(0, 60)} (${r.left}–${r.right})`);
    }
    return found;
  });
}
