// What other parts of the server use from admin: its one public surface (docs/architecture.md, decision 036).

export { adminBenefitRoutes } from './benefit-routes.ts';
export { adminMemberRoutes } from './member-routes.ts';
export { partnerRoutes } from './partner-routes.ts';
