// What other parts of the server use from messages: its one public surface (docs/architecture.md, decision 036).

export { attendeeMessageRoutes } from './routes.ts';
