// What other parts of the server use from offers: its one public surface (docs/architecture.md, decision 036).

export { offerCodeRoutes } from './offer-code-routes.ts';
