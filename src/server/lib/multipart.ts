import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_MSG, IMAGE_MAX_BYTES } from '#common/admin.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { HttpError } from './http-error.ts';
import { assertStorable } from './safe-input.ts';

export const MULTIPART_UNREADABLE = 'The form data could not be read. Please try again.';

/**
 * Lets the routes of one plugin scope read multipart forms (readMultipart). Registered only where a form uploads a
 * file: the plugin adds three hooks to every request of its scope, and the hot reads are better without them.
 */
export async function acceptMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
}

/** Reads a multipart form: text fields and at most one file, the file capped while it streams (see acceptMultipart). */
export async function readMultipart(req: FastifyRequest, fileField: string) {
  if (!req.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 30, fieldSize: 20_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField && data.length > 0) file = data;
      } else if (typeof part.value === 'string') {
        assertStorable([part.fieldname, part.value]);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ADMIN_MSG.imageTooLarge);
    // Only the body is read in this loop: whatever goes wrong here (cut off, no boundary...) is the sender's.
    throw new HttpError(400, MULTIPART_UNREADABLE, ERROR_CODE.invalidForm);
  }
  return { fields, file };
}
