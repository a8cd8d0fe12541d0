import { parseArgs } from 'node:util';
import { benchAnalytics } from './bench-analytics.ts';

// npm run bench [-- --rows 1000000]: prints figures; tests check behaviour, not timings.
const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
await benchAnalytics(Number(values.rows));
