import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { eventSlots, events } from '../../src/server/db/schema.ts';
import { runCli, spawnCli } from '../support/run-cli.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs `npm run cli -- ...` (in this process) on the file's embedded database; answers the exit code and output. The
 * first command creates that database; the tests after it go on with it (a new one is seconds of CPU each).
 */
const cli = (...args: string[]) => runCli(dataDir, ...args);

describe('command line', () => {
  it("seeds the catalogue as of a day: 2025-09-29 reproduces the spec's dates; a bad day is refused", async () => {
    const bad = await cli('db', 'seed', '--as-of', '2025-02-30');
    expect([bad.code, bad.out]).toEqual([1, expect.stringContaining('--as-of: Dates are YYYY-MM-DD')]);
    expect((await cli('db', 'seed', '--as-of', '2025-09-29')).out).toContain('Catalogue seeded.');
    const database = await openDatabase({ dataDir });
    try {
      const reception = await database.db.query.events.findFirst({ where: eq(events.id, 'speakers-reception') });
      expect(reception?.startsAt?.toISOString()).toBe('2025-09-30T11:00:00.000Z');
      const tours = await database.db.query.eventSlots.findMany({ where: eq(eventSlots.eventId, 'ap-house') });
      expect(new Set(tours.map((s) => s.slotDate))).toEqual(
        new Set(['2025-09-29', '2025-09-30', '2025-10-01', '2025-10-02', '2025-10-03']),
      );
    } finally {
      await database.close();
    }
  });

  it('imports, lists, adds and removes members, and adds admins', async () => {
    const csv = path.join(dataDir, 'members.csv');
    fs.writeFileSync(
      csv,
      'email,firstName,lastName\nAda@Example.com,Ada,Lovelace\nnot-an-email,X,Y\ngrace@example.com,Grace,Hopper\n',
    );
    const imported = await cli('members', 'import', csv);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('Added 2, updated 0, rejected 1');
    expect(imported.out).toContain('line 3: Please enter a valid email address (not-an-email)');

    expect((await cli('members', 'add', 'ada@example.com', '--first-name', 'Augusta')).out).toContain(
      'Updated ada@example.com',
    );
    const list = (await cli('members', 'list')).out;
    expect(list).toContain('ada@example.com\tAugusta\t');
    expect(list).toContain('2 member(s)');

    // Each command echoes the address as stored: trimmed, lower case.
    expect((await cli('members', 'add', ' ADA@Example.com ')).out).toContain('Updated ada@example.com');
    expect((await cli('members', 'remove', 'GRACE@example.com')).out).toContain('Removed grace@example.com');
    expect((await cli('members', 'remove', 'Grace@example.com')).out).toContain('No member grace@example.com');
    expect((await cli('members', 'list')).out).toContain('1 member(s)');

    expect((await cli('admins', 'add', 'boss@example.com', '--password', 'a long enough password')).out).toContain(
      'Admin boss@example.com saved.',
    );
    const weak = await cli('admins', 'add', 'boss@example.com', '--password', 'short');
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('at least 12 characters');

    // Decision 056: the organiser's two-factor requirement.
    expect((await cli('two-factor', 'require', 'admin', 'partner')).out).toContain('required for: admin, partner');
    expect((await cli('two-factor', 'require', 'boss')).code).toBe(2);
    expect((await cli('two-factor', 'show')).out).toContain('required for: admin, partner');
    expect((await cli('two-factor', 'off')).out).toContain('required for: nobody');

    const unknown = await cli('nonsense');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('Usage: npm run cli');
  }, 120_000);

  it('runs as `npm run cli`: the entry point exits with the command’s code, writing to stdout and stderr', () => {
    expect(spawnCli(dataDir, 'nonsense')).toEqual({ code: 2, out: expect.stringContaining('Usage: npm run cli') });
    expect(spawnCli(dataDir, 'members', 'add', 'lin@example.com').out).toContain('Added lin@example.com');
  }, 120_000);
});
