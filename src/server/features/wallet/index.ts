// What other parts of the server use from wallet: its one public surface (docs/architecture.md, decision 036).

export { walletRoutes } from './routes.ts';
