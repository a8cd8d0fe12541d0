import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guardedScope } from './guarded-scope.ts';

async function appWith(order: string[]) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', async () => {
    order.push('root');
  });
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    order.push('guard');
    if (req.headers.authorization !== 'yes') return reply.code(401).send({ error: 'no', code: 'not_signed_in' });
  };
  await app.register(async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.get('/open', async () => ({ ok: true }));
    await guardedScope(app, guard, (app) => {
      app.post('/closed', { schema: { body: z.object({ n: z.number() }) } }, async (req) => ({ n: req.body.n }));
    });
    app.get('/open-after', async () => ({ ok: true }));
  });
  return app;
}

describe('guardedScope', () => {
  it('guards the routes inside it only, after the root hooks and before validation', async () => {
    const order: string[] = [];
    const app = await appWith(order);
    expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/open-after' })).statusCode).toBe(200);
    expect(order).toEqual(['root', 'root']);

    order.length = 0;
    // Signed out with a bad body: the guard answers 401 before validation could answer 400.
    const refused = await app.inject({ method: 'POST', url: '/closed', payload: { n: 'x' } });
    expect(refused.statusCode).toBe(401);
    expect(order).toEqual(['root', 'guard']);

    const bad = await app.inject({ method: 'POST', url: '/closed', headers: { authorization: 'yes' }, payload: {} });
    expect(bad.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'POST',
      url: '/closed',
      headers: { authorization: 'yes' },
      payload: { n: 1 },
    });
    expect(ok.json()).toEqual({ n: 1 });
    await app.close();
  });
});
