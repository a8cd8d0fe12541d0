import type { Plugin } from 'vite';

const ROUTE_MODULE = /\/src\/common\/api\/(?!schemas\.ts)[\w-]+\.ts$/;
// One definition at a time: its body opens on a new line and holds no other export (a map of routes by name is kept).
const DEFINITION = /export const (\w+) = \{\n((?:(?!\nexport )[\s\S])*?)\n\} as const satisfies RouteDef;/g;

/**
 * The browser's copy of the route definitions (src/common/api/*.ts) keeps each route's method and path only: the
 * schema names and summaries are for the server and the OpenAPI document, and the member's first chunk has no
 * bytes to spare (docs/decisions/054). The types still come from the full definitions.
 */
export function contractForBrowser(): Plugin {
  return {
    name: 'contract-for-browser',
    enforce: 'pre', // before TypeScript is stripped: it reads the definitions as written
    transform(code, id) {
      if (!ROUTE_MODULE.test(id)) return null;
      return code.replace(DEFINITION, (_, name: string, body: string) => {
        const method = /^ {2}method: '(\w+)',$/m.exec(body)?.[1];
        const path = /^ {2}path: '([^']+)',$/m.exec(body)?.[1];
        if (!method || !path) throw new Error(`${id}: route ${name} has no method or path line`);
        return `export const ${name} = { method: '${method}', path: '${path}' };`;
      });
    },
  };
}
