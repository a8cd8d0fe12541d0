/** A multipart/form-data body for app.inject: text fields plus optional files. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; contentType: string; data: Buffer }[] = [],
) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Injects = { inject: (o: object) => Promise<import('fastify').LightMyRequestResponse> };
type FilePart = Parameters<typeof multipart>[1];

/** POSTs a multipart form (text fields and files) with the given cookie. */
export function postMultipart(
  app: Injects,
  url: string,
  cookie: string,
  fields: Record<string, string>,
  files: FilePart,
) {
  const body = multipart(fields, files);
  return app.inject({ method: 'POST', url, headers: { ...body.headers, cookie }, payload: body.payload });
}

/** POST /api/admin/benefits as the spec writes it: the text fields plus a `logo` file part. */
export function postBenefit(app: Injects, cookie: string, fields: Record<string, string>, logo: Buffer) {
  return postMultipart(app, '/api/admin/benefits', cookie, fields, [
    { field: 'logo', filename: 'logo.png', contentType: 'image/png', data: logo },
  ]);
}

/** A benefit logo the add form accepts: a 320x200 PNG (the recommended size) of one colour. */
export async function benefitLogo(background = '#335577') {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
}
