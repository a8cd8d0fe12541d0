/**
 * Admin routes every signed-in account uses for itself, whatever its role (decision 056): its own second factors,
 * passwords and sessions, and the sign-in steps. The route walks that expect 403 for a role leave them out.
 */
export const isOwnAccountRoute = (url: string) =>
  /^\/api\/admin\/(security(\/|$)|login\/|password-reset(\/|$))/.test(url);

/** A partner's own integrations (decision 058): lists of their own endpoints and tokens, scope-tested apart. */
export const isOwnIntegrationRoute = (url: string) => /^\/api\/admin\/(webhooks|api-tokens)(\/|$)/.test(url);
