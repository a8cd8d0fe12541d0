import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ADMIN_MSG, IMAGE_MAX_BYTES } from '../../common/admin.ts';
import { HttpError } from './http-error.ts';
import { assertStorable } from './safe-input.ts';

/** Reads a multipart form: text fields and at most one file, the file capped while it streams. */
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
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ADMIN_MSG.imageTooLarge);
    if (code?.startsWith('FST_')) throw new HttpError(400, (err as Error).message);
    throw err;
  }
  return { fields, file };
}
