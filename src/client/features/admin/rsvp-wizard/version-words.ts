import { formatStamp } from '#common/event-time.ts';
import type { VersionSummary } from '#common/rsvp-config-versions.ts';

const when = (iso: string | null, zone: string) => (iso ? formatStamp(iso, zone) : 'an unknown time');

/** "Version 3, deployed 2 December 2026, 10:04 AM SGT by ana@example.com". */
export const deployedLine = (v: VersionSummary, zone: string) =>
  `Version ${v.version}, deployed ${when(v.deployedAt, zone)}${v.deployedBy ? ` by ${v.deployedBy}` : ''}`;

export const liveLine = (live: VersionSummary | null, zone: string) =>
  live ? `Live: ${deployedLine(live, zone)}.` : 'Not deployed yet: members cannot book through it.';
