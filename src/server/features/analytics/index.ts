// What other parts of the server use from analytics: its one public surface (docs/architecture.md, decision 036).

export { analyticsReportRoutes } from './report-routes.ts';
export type { ReportRunner } from './report-runner.ts';
export { openReportRunner } from './report-runner.ts';
export { trackingRoutes } from './tracking-routes.ts';
