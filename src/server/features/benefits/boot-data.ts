import type { FastifyRequest } from 'fastify';
import type { Benefit } from '../../../common/benefits.ts';
import { EAGER_TILE_IMAGES } from '../../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { loadMember } from '../auth/member-guard.ts';
import { cachedBenefitList } from './catalogue.ts';

export const BENEFITS_PAGE = '/benefits';

/**
 * What the first paint of a member page needs, sent inside its HTML so it does not wait for two more round
 * trips (session, then benefits): the session on every page, the catalogue on the dashboard. The JSON is the
 * same the API answers, so the client seeds its query cache with it.
 */
export async function memberBootData(db: Db, req: FastifyRequest, secureCookies: boolean, path: string) {
  const member = await loadMember(db, req, secureCookies);
  if (!member || path !== BENEFITS_PAGE) return { json: JSON.stringify({ session: member }), images: [] };
  const answer = await cachedBenefitList(db);
  const benefitsJson = answer.body.toString('utf8');
  const images = (JSON.parse(benefitsJson) as Benefit[])
    .map((b) => b.imageUrl)
    .filter(Boolean)
    .slice(0, EAGER_TILE_IMAGES);
  return { json: `{"session":${JSON.stringify(member)},"benefits":${benefitsJson}}`, images };
}
