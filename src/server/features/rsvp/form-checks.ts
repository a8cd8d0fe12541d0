import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODE } from '#common/error-codes.ts';
import { DEFAULT_LOCALE } from '#common/locales.ts';
import { formSchemasIn } from '../../lib/member-i18n.ts';
import { answerLocale, answersIn } from '../../lib/member-words.ts';

/**
 * A built-in form's refused body in the member's language (decision 072): the same schema with that language's
 * messages finds the same first problem. English, and every other error, goes on to the app's handler as before.
 */
export const formChecksIn =
  (form: 'concierge' | 'evening') => (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = answerLocale(req);
    const refused = locale !== DEFAULT_LOCALE && hasZodFastifySchemaValidationErrors(err);
    const issue = refused ? formSchemasIn(locale)[form].safeParse(req.body).error?.issues[0] : undefined;
    if (!issue) throw err;
    answersIn(reply, locale);
    return reply.code(400).send({ error: issue.message, code: ERROR_CODE.badRequest });
  };
