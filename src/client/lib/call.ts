import { type ArgsFor, pathOf, type ResponseOf, type RouteDef } from '#common/route-contract.ts';
import { apiRequest } from './api.ts';

/**
 * Calls a route defined in src/common/api/ (docs/decisions/054): its URL from the definition, its answer typed from
 * its schemas; the shared client's cookies, headers and `ApiError` as before.
 */
export function call<const D extends RouteDef>(route: D, ...args: ArgsFor<D>): Promise<ResponseOf<D>> {
  return apiRequest<ResponseOf<D>>(route.method, pathOf(route, ...args), args[0]?.body);
}
