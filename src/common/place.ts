import { z } from 'zod';

/**
 * Where a session's address is (decision 068): a country by its ISO 3166-1 code, or a network near the server
 * (`this`: the server's own machine; `local`: a private or link-local address). Unknown places are null.
 */
export const placeSchema = z.union([
  z.object({ country: z.string().regex(/^[A-Z]{2}$/) }),
  z.object({ network: z.enum(['this', 'local']) }),
]);
export type Place = z.infer<typeof placeSchema>;

let countryNames: Intl.DisplayNames | undefined;

/** "Singapore", "This network", "Local network"; null when the place is not known. In English, as staff screens are. */
export function placeLabel(place: Place | null | undefined): string | null {
  if (!place) return null;
  if ('network' in place) return place.network === 'this' ? 'This network' : 'Local network';
  countryNames ??= new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
  return countryNames.of(place.country) ?? place.country;
}
