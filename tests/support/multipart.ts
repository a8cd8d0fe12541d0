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

/** POST /api/admin/benefits as the spec writes it: the text fields plus a `logo` file part. */
export function postBenefit(
  app: { inject: (o: object) => Promise<import('fastify').LightMyRequestResponse> },
  cookie: string,
  fields: Record<string, string>,
  logo: Buffer,
) {
  const body = multipart(fields, [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: logo }]);
  return app.inject({
    method: 'POST',
    url: '/api/admin/benefits',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** A benefit logo the add form accepts: a 320x200 PNG (the recommended size) of one colour. */
export async function benefitLogo(background = '#335577') {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .png()
    .toBuffer();
}
