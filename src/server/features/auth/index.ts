// What other parts of the server use from auth: its one public surface (docs/architecture.md, decision 036).

export { loadAdmin, requireAdmin } from './admin-guard.ts';
export { adminAuthRoutes } from './admin-routes.ts';
export { browserSessions } from './browser-session.ts';
export { loadMember, requireMember, signedInMember } from './member-guard.ts';
export { memberPasskeyRoutes } from './member-passkey-routes.ts';
export { memberAuthRoutes } from './member-routes.ts';
export { findMember, memberLocales, type RequestMeta, startSession } from './member-sessions.ts';
export {
  adminExists,
  importMembers,
  listAccounts,
  listMembers,
  pageMembers,
  previewImport,
  removeAccount,
  removeMember,
  upsertAdmin,
  upsertMember,
} from './members.ts';
export { assignBenefits, liveBenefitIds } from './partner-accounts.ts';
export { assignedBenefits, sharedFields } from './partner-scope.ts';
export {
  type PartnerView,
  type PartnerViewer,
  partnerView,
  partnerViewOf,
  viewerOf,
  viewFor,
} from './partner-view.ts';
export { adminPasskeyRoutes } from './passkey-routes.ts';
export { setPasswordHashMemory } from './passwords.ts';
export { securityRoutes } from './security-routes.ts';
export { setTwoFactorRolesFromCli, twoFactorRoles } from './sign-in-policy.ts';
export { sealPlainTotpSecrets } from './totp.ts';
