import * as registry from '#common/api/schemas.ts';
import type { RouteDef, SchemaName, SchemaNamed } from '#common/route-contract.ts';

type Named<D, K extends string, As extends string> = D extends { [P in K]: infer N extends SchemaName }
  ? { [P in As]: SchemaNamed<N> }
  : unknown;
type Responses<D> = D extends { responses: infer R } ? { response: { [S in keyof R]: SchemaNamed<R[S]> } } : unknown;
/** A definition's Fastify schema, typed, so the handler's params, query, body and reply are checked against it. */
export type ContractSchema<D> = Named<D, 'params', 'params'> &
  Named<D, 'query', 'querystring'> &
  Named<D, 'body', 'body'> &
  Responses<D> & {
    summary?: string;
    description?: string;
    security?: { [scheme: string]: string[] }[];
  };

/** The OpenAPI security scheme of routes read with an API token (decision 058): a bearer token, scopes by name. */
export const API_TOKEN_SCHEME = 'apiToken';

// Looked up by name once per registration, at start-up.
const byName = new Map<string, unknown>(Object.entries(registry));
const schemaNamed = (name: SchemaName) => byName.get(name);

/**
 * The method, URL and schema Fastify registers a route with, from its definition in src/common/api/
 * (docs/decisions/054): `app.route({ ...fromContract(rsvpApi.status), handler })`; hooks and config go beside it.
 */
export function fromContract<const D extends RouteDef>(
  def: D,
): { method: D['method']; url: D['path']; schema: ContractSchema<D> } {
  const schema: Record<string, unknown> = {};
  if (def.params) schema.params = schemaNamed(def.params);
  if (def.query) schema.querystring = schemaNamed(def.query);
  if (def.body) schema.body = schemaNamed(def.body);
  if (def.responses)
    schema.response = Object.fromEntries(
      Object.entries(def.responses).map(([status, name]) => [status, schemaNamed(name)]),
    );
  if (def.summary) schema.summary = def.summary;
  // OpenAPI 3.1 lets a bearer scheme's requirement name roles: the token's scope.
  if (def.tokenScope) {
    schema.security = [{ [API_TOKEN_SCHEME]: [def.tokenScope] }];
    schema.description = `An API token with the \`${def.tokenScope}\` scope, as \`Authorization: Bearer <token>\`.`;
  }
  return { method: def.method, url: def.path, schema: schema as ContractSchema<D> };
}
