import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (projects by name, then larger or longer files first) put the unit files last, where the one slow
 * unit file (the embedded database's lock, ~11 s) ran with the other worker idle. They go first: the tail is then the
 * smallest browser files.
 */
class UnitFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const unit = (f: TestSpecification) => f.project.name === 'unit';
    return [...sorted.filter(unit), ...sorted.filter((f) => !unit(f))];
  }
}

const apiTests = ['tests/api/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

// Unit tests beside the code (src/) need no database and run once; every API test (tests/api) runs on embedded
// PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, so every file ran in turn.
    // Test files wait on PostgreSQL, Chromium and timers much of the time; two at once fill the two cores.
    maxWorkers: 2,
    sequence: { sequencer: UnitFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // tests/support/test-db.ts refuses here: a test that needs a database belongs in tests/api (both databases).
          env: { TEST_DB_KIND: 'none' },
          // The browser's messages in English, both catalogues (decision 059).
          setupFiles: ['tests/support/unit-english.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          isolate: false,
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
                isolate: false,
                // The CLI runs on its own embedded database whichever project runs it: once is enough.
                exclude: ['tests/api/cli.test.ts'],
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
          isolate: false,
          environment: 'node',
          // No worker limit of its own: a project with one gets a group of its own, run after all the others with one
          // core idle. Browser files run beside API files, two at a time at most (decision 035).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's data may take seconds to arrive on a slow machine: polls wait as long as Playwright's waitFor would.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
