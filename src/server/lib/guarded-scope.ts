import type {
  FastifyBaseLogger,
  FastifyInstance,
  preValidationAsyncHookHandler,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A route plugin's instance, with zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A guard (requireMember, requireAdmin): callback style or async. */
export type Guard = preValidationHookHandler | preValidationAsyncHookHandler;

/**
 * Registers `routes` in their own encapsulated Fastify scope (a plain `register`, not fastify-plugin) whose one
 * `preValidation` hook is `guard` (docs/decisions/032): every route added there is guarded without writing it.
 * The hook runs after the root's (safe input) and before validation, as a route's own `preValidation` did.
 * Awaited, so the routes register in place (the route list keeps the file's order).
 */
export async function guardedScope(
  app: ZodApp,
  guard: Guard,
  routes: (scope: ZodApp) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', guard);
    await routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
