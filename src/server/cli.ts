import { runCommand } from './cli-commands.ts';

// `npm run cli -- <command>`: the commands live in cli-commands.ts, which the tests run in-process.
runCommand(process.argv.slice(2), process.env, { log: console.log, error: console.error }).then((code) =>
  process.exit(code),
);
