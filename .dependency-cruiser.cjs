// Import boundaries for client and server in one place (docs/decisions/027); run by `npm run check:deps`.
const clientFeature = '^src/client/features/([^/]+)/';
const serverFeature = '^src/server/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never reaches itself through its imports (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-stands-alone',
      comment: 'src/common is shared by both sides, so it imports from neither.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'client-not-server',
      comment: 'The browser bundle never pulls server code; shared shapes live in src/common.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      comment:
        'The server never imports browser code; shared shapes live in src/common. first-paint.tsx renders the app itself into the first HTML, so it alone may.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '^src/server/lib/first-paint\\.tsx$' },
      to: { path: '^src/client/' },
    },
    {
      name: 'client-feature-through-index',
      comment:
        'A client feature imports another only through its index.ts (its public surface), or rsvp/rsvp-action.tsx (the booking button and place count the tile modal and partner pages show, kept out of the first chunk of the dashboard); shared pieces live in src/client/lib or src/client/components (DESIGN §3).',
      severity: 'error',
      from: { path: clientFeature },
      to: {
        path: '^src/client/features/[^/]+/',
        pathNot: ['^src/client/features/$1/', '^src/client/features/[^/]+/index\\.tsx?$', '^src/client/features/rsvp/rsvp-action\\.tsx$'],
      },
    },
    {
      name: 'server-routes-are-entry-points',
      comment: "A server feature's route files are registered by app.ts only; other features use its services.",
      severity: 'error',
      from: { path: serverFeature },
      to: {
        path: '^src/server/features/[^/]+/[^/]*routes\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
    {
      name: 'server-lib-below-features',
      comment: 'src/server/lib and src/server/db are the layer features build on, so they import no feature (the dev seed excepted).',
      severity: 'error',
      from: { path: '^src/server/(lib|db)/', pathNot: '^src/server/db/seed/' },
      to: { path: '^src/server/features/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
