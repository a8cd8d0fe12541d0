// What other parts of the server use from transfers: its one public surface (docs/architecture.md, decision 036).

export { transferRoutes } from './routes.ts';
export { expireOffers, transferLinks } from './transfer-offers.ts';
