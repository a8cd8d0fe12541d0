import type { z } from 'zod';
import type * as registry from './api/schemas.ts';
import type { ApiTokenScope } from './api-tokens.ts';

// A route is defined once, here in src/common (docs/decisions/054-route-contract.md): its method, path and the
// names of its schemas in src/common/api/schemas.ts. Names, not the schemas themselves, so the browser carries a few
// strings and no zod (the member's first chunk has no room for it); the server looks the names up, and the OpenAPI
// document is generated from what it registers.

type Registry = typeof registry;
/** The name of a zod schema in src/common/api/schemas.ts. */
export type SchemaName = { [K in keyof Registry]: Registry[K] extends z.ZodType ? K : never }[keyof Registry];
export type SchemaNamed<N> = N extends SchemaName ? Registry[N] : never;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteDef = {
  method: HttpMethod;
  /** Fastify's form: `/api/rsvp/:eventId/status`. */
  path: `/api/${string}`;
  params?: SchemaName;
  query?: SchemaName;
  body?: SchemaName;
  /** By status; a 2xx one is what `call` resolves to. */
  responses?: { readonly [status: number]: SchemaName };
  /** One line for the API reference (/api/docs). */
  summary?: string;
  /** The scope an API token needs: the route takes `Authorization: Bearer`, not a session (decision 058). */
  tokenScope?: ApiTokenScope;
};

type Named<D, K extends 'params' | 'query' | 'body'> = D extends { [P in K]: infer N } ? SchemaNamed<N> : never;
type Success = 200 | 201 | 202;

/** What the route's params, query and body take (their schemas' input). */
export type ParamsOf<D> = z.input<Named<D, 'params'>>;
export type QueryOf<D> = z.input<Named<D, 'query'>>;
export type BodyOf<D> = z.input<Named<D, 'body'>>;
/** What a successful answer holds (the output of its 2xx schemas), or unknown when none is declared. */
export type ResponseOf<D> = D extends { responses: infer R }
  ? [keyof R & Success] extends [never]
    ? unknown
    : { [S in keyof R & Success]: z.output<SchemaNamed<R[S]>> }[keyof R & Success]
  : unknown;

/** `call`'s second argument: the parts the route declares, each required when its schema requires something. */
export type CallArgs<D> = Part<'params', ParamsOf<D>, D> & Part<'query', QueryOf<D>, D> & Part<'body', BodyOf<D>, D>;
type Part<K extends string, V, D> = D extends { [P in K]: SchemaName }
  ? undefined extends V
    ? { [P in K]?: V }
    : Record<string, never> extends V
      ? { [P in K]?: V }
      : { [P in K]: V }
  : { [P in K]?: never };

/** `call`'s and `pathOf`'s args: optional when the route needs none (or only optional parts). */
export type ArgsFor<D> = Record<string, never> extends CallArgs<D> ? [args?: CallArgs<D>] : [args: CallArgs<D>];

/** A route's URL with its params filled in (URL-encoded) and its query appended: a link, a download, a poll. */
export function pathOf<const D extends RouteDef>(route: D, ...[args]: ArgsFor<D>): string {
  const { params, query } = (args ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = query
    ? `${new URLSearchParams(Object.entries(query).filter(([, v]) => v != null) as string[][])}`
    : '';
  return search ? `${path}?${search}` : path;
}
