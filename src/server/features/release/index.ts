// What other parts of the server use from release: its one public surface (docs/architecture.md, decision 036).

export { releaseRoutes } from './release-routes.ts';
