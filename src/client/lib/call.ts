import { type CallArgs, pathOf, type ResponseOf, type RouteDef } from '#common/route-contract.ts';
import { apiRequest } from './api.ts';

/** The args are optional when the route needs none (or only optional parts). */
export type ArgsFor<D> = Record<string, never> extends CallArgs<D> ? [args?: CallArgs<D>] : [args: CallArgs<D>];

/**
 * Calls a route defined in src/common/api/ (docs/decisions/054): its URL from the definition, its answer typed from
 * its schemas; the shared client's cookies, headers and `ApiError` as before.
 */
export function call<const D extends RouteDef>(route: D, ...[args]: ArgsFor<D>): Promise<ResponseOf<D>> {
  return apiRequest<ResponseOf<D>>(route.method, pathOf(route, args), args?.body);
}

/** The URL of a route (a link, a download, a poll that fetches itself), with its params and query. */
export const urlOf = <const D extends RouteDef>(route: D, ...[args]: ArgsFor<D>): string => pathOf(route, args);
