import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { adminOf } from './admin-of.ts';
import { HttpError } from './http-error.ts';

const requestWith = (admin: FastifyRequest['admin']) => ({ admin }) as FastifyRequest;

it('hands a guarded handler its account, and answers 401 where no guard set one', () => {
  const admin = { email: 'ops@example.com', sessionId: 's', userId: 'u', role: 'admin' } as const;
  expect(adminOf(requestWith(admin)).email).toBe('ops@example.com');
  const refused = (() => {
    try {
      adminOf(requestWith(null));
    } catch (err) {
      return err;
    }
  })();
  expect(refused).toBeInstanceOf(HttpError);
  expect(refused).toMatchObject({ statusCode: 401, code: ERROR_CODE.notSignedIn });
});
