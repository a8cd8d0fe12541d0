import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { normaliseEmail } from '#common/auth.ts';
import { DATE_FORMAT_MSG, isoDate } from '#common/dates.ts';
import { STAFF_ROLES } from '#common/passes.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedCatalogue, seedDemoAccounts } from './db/seed/index.ts';
import {
  importMembers,
  listMembers,
  removeMember,
  setPasswordHashMemory,
  setTwoFactorRolesFromCli,
  twoFactorRoles,
  upsertAdmin,
  upsertMember,
} from './features/auth/index.ts';

const USAGE = `Usage: npm run cli -- <command>
  members add EMAIL [--first-name F] [--last-name L]
  members import FILE.csv          (header: email,firstName,lastName)
  members list
  members remove EMAIL             (also ends their sessions)
  admins add EMAIL --password P [--role admin|staff|partner] [--benefit ID ...]
                                   (staff: door check-in only; partner: the benefits given with --benefit)
  two-factor require ROLE ...      (admin, staff, partner: those accounts must use a second factor; decision 056)
  two-factor off                   (no role must)
  two-factor show
  db migrate
  db seed [--as-of YYYY-MM-DD]     (moves the demo week to start on or after that day; 2025-09-29: the spec's)`;

/** Where a command writes: the console from `npm run cli`, a buffer in the tests. */
export type CliOutput = { log: (line: string) => void; error: (line: string) => void };

/**
 * Runs one command on the database `env` names (DATABASE_URL, else DATA_DIR's embedded one); answers the exit code:
 * 0 done, 1 refused (the reason written to `out.error`), 2 usage.
 */
export async function runCommand(argv: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  try {
    return await run(argv, env, out);
  } catch (err) {
    const issues = (err as { issues?: { message: string }[] }).issues;
    out.error(issues ? issues.map((i) => i.message).join('; ') : err instanceof Error ? err.message : String(err));
    return 1;
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      benefit: { type: 'string', multiple: true },
      'as-of': { type: 'string' },
    },
  });
  const [group, command, arg] = positionals;
  const key = `${group ?? ''} ${command ?? ''}`;
  const known = [
    'members add',
    'members import',
    'members list',
    'members remove',
    'admins add',
    'two-factor require',
    'two-factor off',
    'two-factor show',
    'db migrate',
    'db seed',
  ];
  if (!known.includes(key)) {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  setPasswordHashMemory(config.passwordHashMemoryKib);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  try {
    await runMigrations(database);
    switch (key) {
      case 'db migrate':
        out.log('Migrations applied.');
        break;
      case 'db seed': {
        const asOf = values['as-of'] ?? config.seedAsOf;
        if (!isoDate().safeParse(asOf).success) throw new Error(`--as-of: ${DATE_FORMAT_MSG}`);
        await seedCatalogue(db, { asOf });
        const demo = config.seedDemo ? await seedDemoAccounts(db) : { adminPassword: null };
        out.log('Catalogue seeded.');
        if (demo.adminPassword) out.log(`Demo admin: admin@example.com / ${demo.adminPassword}`);
        break;
      }
      case 'members add': {
        const email = normaliseEmail(need(arg, 'EMAIL'));
        const outcome = await upsertMember(db, {
          email,
          firstName: values['first-name'],
          lastName: values['last-name'],
        });
        out.log(`${outcome === 'added' ? 'Added' : 'Updated'} ${email}`);
        break;
      }
      case 'members import': {
        const report = await importMembers(db, fs.readFileSync(need(arg, 'FILE.csv'), 'utf8'));
        out.log(`Added ${report.added}, updated ${report.updated}, rejected ${report.rejected.length}`);
        for (const r of report.rejected) out.log(`  line ${r.line}: ${r.reason}`);
        break;
      }
      case 'members list': {
        const rows = await listMembers(db);
        for (const m of rows) out.log([m.email, m.firstName ?? '', m.lastName ?? ''].join('\t'));
        out.log(`${rows.length} member(s)`);
        break;
      }
      case 'members remove': {
        const email = normaliseEmail(need(arg, 'EMAIL'));
        out.log((await removeMember(db, email)) ? `Removed ${email}` : `No member ${email}`);
        break;
      }
      case 'two-factor require':
      case 'two-factor off':
      case 'two-factor show': {
        const named = positionals.slice(2);
        const roles = STAFF_ROLES.filter((r) => named.includes(r));
        if (command === 'require' && (named.length === 0 || roles.length !== named.length)) {
          out.error(`two-factor require: name roles among ${STAFF_ROLES.join(', ')}`);
          return 2;
        }
        const now =
          command === 'show'
            ? await twoFactorRoles(db)
            : await setTwoFactorRolesFromCli(db, command === 'off' ? [] : roles);
        out.log(`Two-factor sign-in required for: ${now.length > 0 ? now.join(', ') : 'nobody'}`);
        break;
      }
      case 'admins add': {
        const role = STAFF_ROLES.find((r) => r === values.role);
        if (!role) {
          out.error(`--role is ${STAFF_ROLES.join(', ')}`);
          return 2;
        }
        const benefitIds = values.benefit ?? [];
        if ((role === 'partner') !== benefitIds.length > 0) {
          out.error(
            role === 'partner' ? 'A partner needs --benefit ID (repeatable)' : '--benefit is for --role partner',
          );
          return 2;
        }
        const email = await upsertAdmin(db, {
          email: need(arg, 'EMAIL'),
          password: need(values.password, '--password'),
          role,
          benefitIds,
        });
        const label = { admin: 'Admin', staff: 'Staff', partner: 'Partner' }[role];
        out.log(`${label} ${email} saved${role === 'partner' ? ` (benefits: ${benefitIds.join(', ')})` : ''}.`);
        break;
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

function need(value: string | undefined, name: string): string {
  if (!value) throw new Error(`Missing ${name}.\n${USAGE}`);
  return value;
}
