import type { FastifyReply, FastifyRequest } from 'fastify';
import { offlineKeyCookieName } from '#common/offline-copy.ts';
import type { AppDeps } from '../../app-deps.ts';
import { newToken } from '../../lib/tokens.ts';
import { memberCookieName } from './member-guard.ts';
import { signOut } from './member-sessions.ts';

/**
 * Sets a new member session's cookie, and beside it the key of this session's offline copy (decision 047): readable
 * by the page, new with every session and gone when it ends. The browser's previous session here ends (another
 * member may sign in). Every way of signing a browser in (the sign-in page, an accepted place, decision 057) ends here.
 */
export function browserSessions({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const cookie = memberCookieName(config.cookieSecure);
  const offlineKey = offlineKeyCookieName(config.cookieSecure);
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  return async (req: FastifyRequest, reply: FastifyReply, session: { token: string; expiresAt: Date }) => {
    const previous = req.cookies[cookie];
    if (previous) await signOut(db, previous);
    reply.setCookie(cookie, session.token, { ...options, expires: session.expiresAt });
    reply.setCookie(offlineKey, newToken(), { ...options, httpOnly: false, expires: session.expiresAt });
  };
}
