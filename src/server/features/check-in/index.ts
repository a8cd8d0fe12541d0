// What other parts of the server use from check-in: its one public surface (docs/architecture.md, decision 036).

export { checkInRoutes } from './routes.ts';
