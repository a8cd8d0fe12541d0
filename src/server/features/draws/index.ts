// What other parts of the server use from draws: its one public surface (docs/architecture.md, decision 036).

export { drawRoutes } from './draw-routes.ts';
export { startDrawScheduler } from './draw-run.ts';
