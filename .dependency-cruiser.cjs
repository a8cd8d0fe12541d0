// Import boundaries for client and server in one place (docs/decisions/027); run by `npm run check:deps`.
const clientFeature = '^src/client/features/([^/]+)/';
const serverFeature = '^src/server/features/([^/]+)/';

// The server features, lowest first (docs/decisions/036): a feature imports only features before it in this list,
// and only through their index.ts. A new feature folder goes into this list, or check:deps refuses it.
const serverLayers = [
  'outbox', // the durable job queue and the mail jobs put on it
  'auth', // members, admins, partners, sessions, sign-in codes, the guards, the access log
  'webhooks', // events recorded in a change's transaction, their signed deliveries, endpoints and API tokens
  'configurations', // RSVP configurations, their versions, the answers kept to their fields
  'booking-rules', // an event's booking policy, the offer-code pool, a draw's settings and window, release links
  'sheets', // the Google Sheets client, export and slot sync
  'notify', // booking mail, templates, calendar invites and feed, the mailer, reminders
  'rsvp', // the booking engine: reserve, place, waitlist, changes, dynamic forms, the member's RSVP routes
  'draws', // running a fair draw, its routes
  'release', // release my place from a mail's link
  'transfers', // handing a place on to another member (decision 057): offers, acceptance
  'offers', // offer codes: upload, settings, redemption
  'attendees', // the admin's attendees and bookings, exports, My bookings routes
  'benefits', // the catalogue, partner pages, boot data
  'wallet', // wallet passes
  'check-in', // the door
  'messages', // messages to attendees
  'analytics', // tracking and reports
  'admin', // the admin's benefit, member and partner routes
];
const featurePath = (names) => `^src/server/features/(${names.join('|')})/`;
const layerRules = serverLayers.slice(0, -1).map((feature, i) => ({
  name: `server-layer-${feature}`,
  comment: `${feature} is below ${serverLayers.slice(i + 1).join(', ')} in serverLayers, so it imports none of them.`,
  severity: 'error',
  from: { path: featurePath([feature]) },
  to: { path: featurePath(serverLayers.slice(i + 1)) },
}));

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
        'A client feature imports another only through its index.ts (its public surface), or rsvp/rsvp-action.tsx and rsvp/booking-links.ts (the booking button and place count the tile modal and partner pages show, and a booked tile’s links, kept out of the first chunk of the dashboard); shared pieces live in src/client/lib or src/client/components (DESIGN §3).',
      severity: 'error',
      from: { path: clientFeature },
      to: {
        path: '^src/client/features/[^/]+/',
        pathNot: ['^src/client/features/$1/', '^src/client/features/[^/]+/index\\.tsx?$', '^src/client/features/rsvp/rsvp-action\\.tsx$', '^src/client/features/rsvp/booking-links\\.ts$'],
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
    ...layerRules,
    {
      name: 'server-feature-in-layers',
      comment: 'Every server feature folder is named in serverLayers, so the layer rules cover it.',
      severity: 'error',
      from: { path: '^src/server/features/', pathNot: featurePath(serverLayers) },
      to: {},
    },
    {
      name: 'server-feature-through-index',
      comment: "A server feature imports another only through its index.ts, the feature's public surface.",
      severity: 'error',
      from: { path: serverFeature },
      to: {
        path: '^src/server/features/[^/]+/',
        pathNot: ['^src/server/features/$1/', '^src/server/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-feature-not-own-index',
      comment: "Modules of a feature import each other directly; the index is for the others (through it they'd loop).",
      severity: 'error',
      from: { path: serverFeature },
      to: { path: '^src/server/features/$1/index\\.ts$' },
    },
    {
      name: 'server-uses-features-through-index',
      comment:
        "app.ts, bootstrap.ts, the CLI and the seed reach a feature through its index.ts too. app-deps.ts excepted: every route plugin imports it and the indexes re-export route plugins, so its one type (the Sheets gateway) comes from the gateway's module, or the index would close a cycle.",
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/features/', '^src/server/app-deps\\.ts$'] },
      to: { path: '^src/server/features/[^/]+/', pathNot: '^src/server/features/[^/]+/index\\.ts$' },
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
