import { useQuery } from '@tanstack/react-query';
import * as benefitsApi from '#common/api/benefits.ts';
import { call } from '../../lib/call.ts';
import { partnerPageKeys } from '../../lib/query-keys.ts';

// The partners feature's one read (decision 037): a page and its terms come from the same answer.
export const usePartnerPage = (slug: string) =>
  useQuery({ queryKey: partnerPageKeys.page(slug), queryFn: () => call(benefitsApi.page, { params: { slug } }) });
