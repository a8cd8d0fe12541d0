import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import { type CountryResponse, Reader } from 'mmdb-lib';
import type { Place } from '#common/place.ts';
import { fromRoot } from './project-root.ts';

// Country by address, offline: ip-location-db (RIR whois, geofeeds; decision 068). IPv4 and IPv6 in one file.
const COUNTRY_DB = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

type Row = CountryResponse & { country_code?: string };
let reader: Reader<Row> | null | undefined;

/** Opened on the first public address, once (~8 MB read); a missing file means no places, never a failed sign-in. */
function countries(): Reader<Row> | null {
  if (reader !== undefined) return reader;
  try {
    // Resolved as Node resolves the package, from the repository root: the same from src/ and from dist-server/.
    reader = new Reader<Row>(readFileSync(createRequire(fromRoot('package.json')).resolve(COUNTRY_DB)));
  } catch (err) {
    process.emitWarning(`No IP-to-country database, sessions show no place: ${String(err)}`);
    reader = null;
  }
  return reader;
}

/** Networks near the server are named, not looked up; other special ranges (documentation, CGNAT, …) are unknown. */
const NEAR: Record<string, Place> = {
  loopback: { network: 'this' },
  unspecified: { network: 'this' },
  private: { network: 'local' },
  linkLocal: { network: 'local' },
  uniqueLocal: { network: 'local' },
};

/** The country of a public address, or which near network a private one is on; null when unknown or not an address. */
export function placeOf(ip: string | null | undefined): Place | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip); // an IPv4-mapped IPv6 address (::ffff:a.b.c.d) becomes its IPv4 one
  const range = address.range();
  if (range !== 'unicast') return NEAR[range] ?? null;
  const code = countries()?.get(address.toString())?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? { country: code } : null;
}
