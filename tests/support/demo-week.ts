import { demoShiftDays } from '../../src/server/db/seed/demo-dates.ts';

/**
 * Tests seed the demo catalogue as of this day: the spec's week (Monday 29 September 2025) moved by 313 whole weeks
 * to Monday 29 September 2031, so its events lie ahead of any test run and keep the spec's weekdays and day numbers.
 */
export const TEST_AS_OF = '2031-09-29';
export const TEST_SHIFT_DAYS = demoShiftDays(TEST_AS_OF);
