import type { FastifyRequest } from 'fastify';
import type { Benefit } from '#common/benefits.ts';
import { EAGER_TILE_IMAGES } from '#common/constants.ts';
import { LOCALE_COOKIE } from '#common/locales.ts';
import type { Db } from '../../db/client.ts';
import { FIRST_PAINT_PAGES, renderFirstPaint } from '../../lib/first-paint.tsx';
import { requestLocale } from '../../lib/member-i18n.ts';
import type { BootData } from '../../lib/spa-shell.ts';
import { loadMember } from '../auth/index.ts';
import { cachedBenefitList } from './catalogue.ts';

export const BENEFITS_PAGE = '/benefits';

/**
 * What the first paint of a member page needs, sent inside its HTML so it does not wait for two more round
 * trips (session, then benefits): the session on every page, the catalogue on the dashboard. The JSON is the
 * same the API answers, so the client seeds its query cache with it. The dashboard and the sign-in form also
 * come rendered from it (decision 015); a render that fails leaves the page to the browser, as before.
 */
export async function memberBootData(
  db: Db,
  req: FastifyRequest,
  secureCookies: boolean,
  path: string,
  inlineImage?: (src: string) => string | null,
): Promise<BootData> {
  const member = await loadMember(db, req, secureCookies);
  const lang = requestLocale(req.cookies[LOCALE_COOKIE], member?.locale, req.headers['accept-language']);
  const render = (boot: Parameters<typeof renderFirstPaint>[1]) =>
    renderFirstPaint(path, boot, lang).catch((err: unknown) => {
      req.log.warn({ err }, 'first paint left to the browser');
      return undefined;
    });
  if (!member || path !== BENEFITS_PAGE) {
    // A visitor on the dashboard or /login sees the sign-in form; a member on /login is sent on by the browser.
    const html = !member && FIRST_PAINT_PAGES.has(path) ? await render({ session: null }) : undefined;
    return { json: JSON.stringify({ session: member }), images: [], html, lang };
  }
  const answer = await cachedBenefitList(db, lang);
  const listed = JSON.parse(answer.body.toString('utf8')) as Benefit[];
  // The first row's artwork: inside the page when small, else preloaded from its head. Hydration sees the same.
  const images: string[] = [];
  const benefits = listed.map((b, i) => {
    if (!b.imageUrl || i >= EAGER_TILE_IMAGES) return b;
    const inlined = inlineImage?.(b.imageUrl) ?? null;
    if (!inlined) images.push(b.imageUrl);
    return inlined ? { ...b, imageUrl: inlined } : b;
  });
  const html = await render({ session: member, benefits });
  return { json: JSON.stringify({ session: member, benefits }), images, html, lang };
}
