import { formatStamp } from '#common/event-time.ts';
import type { VersionSummary } from '#common/rsvp-config-versions.ts';

const when = (iso: string | null) => (iso ? formatStamp(iso) : 'an unknown time');

/** "Version 3, deployed 2 December 2026, 10:04 AM SGT by ana@example.com". */
export const deployedLine = (v: VersionSummary) =>
  `Version ${v.version}, deployed ${when(v.deployedAt)}${v.deployedBy ? ` by ${v.deployedBy}` : ''}`;

export const liveLine = (live: VersionSummary | null) =>
  live ? `Live: ${deployedLine(live)}.` : 'Not deployed yet: members cannot book through it.';
