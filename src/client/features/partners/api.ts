import { useQuery } from '@tanstack/react-query';
import type { PartnerPage } from '#common/partner-pages.ts';
import { apiRequest } from '../../lib/api.ts';
import { partnerPageKeys } from '../../lib/query-keys.ts';

// The partners feature's one read (decision 037): a page and its terms come from the same answer.
export const pageUrl = (slug: string) => `/api/pages/${encodeURIComponent(slug)}`;

export const usePartnerPage = (slug: string) =>
  useQuery({ queryKey: partnerPageKeys.page(slug), queryFn: () => apiRequest<PartnerPage>('GET', pageUrl(slug)) });
