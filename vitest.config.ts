import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/api/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

// Every API test runs on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          environment: 'node',
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                environment: 'node',
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's data may take seconds to arrive on a slow machine: polls wait as long as Playwright's waitFor would.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
