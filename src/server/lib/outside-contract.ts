/**
 * The routes the server registers without a definition in src/common/api/ (decision 054), and why: none is the API
 * another system calls, so none belongs in the OpenAPI document as a route. tests/api/openapi.test.ts fails on any
 * other route registered outside the contract. Not listed, as they are hidden from the document and from the app's
 * route list: the reference page's own files under /api/docs (@fastify/swagger-ui) and the built client's files
 * (@fastify/static).
 */
export const ROUTES_OUTSIDE_CONTRACT = [
  { method: 'GET', url: '/healthz', why: "the process is up: a load balancer's probe" },
  { method: 'GET', url: '/readyz', why: 'the database answers and the disk has room (decision 048)' },
  { method: 'GET', url: '/api/openapi.json', why: 'the document itself' },
  { method: 'GET', url: '/', why: "the SPA's HTML; its other pages come from the not-found handler" },
] as const;
