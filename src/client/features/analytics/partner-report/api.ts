import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as reportApi from '#common/api/partner-report.ts';
import type { createdReportLinkSchema } from '#common/partner-report.ts';
import { pathOf } from '#common/route-contract.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { call } from '../../../lib/call.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { analyticsKeys } from '../api.ts';

export type CreatedLink = z.infer<typeof createdReportLinkSchema>;

export const adminPdfUrl = (benefitId: string) => pathOf(reportApi.reportPdf, { params: { id: benefitId } });
export const sharedPdfUrl = (token: string) => pathOf(reportApi.sharedPdf, { params: { token } });

export const usePartnerReport = (benefitId: string) =>
  useQuery({
    queryKey: analyticsKeys.partnerReport(benefitId),
    queryFn: () => adminCall(reportApi.report, { params: { id: benefitId } }),
  });

export const useReportLinks = (benefitId: string) =>
  useQuery({
    queryKey: analyticsKeys.reportLinks(benefitId),
    queryFn: async () => (await adminCall(reportApi.links, { params: { id: benefitId } })).links,
  });

const refreshLinks = (benefitId: string) =>
  void queryClient.invalidateQueries({ queryKey: analyticsKeys.reportLinks(benefitId) });

export const useCreateLink = (benefitId: string) =>
  useMutation({
    mutationFn: (expiresOn: string) =>
      adminCall(reportApi.createLink, { params: { id: benefitId }, body: { expiresOn } }),
    onSuccess: () => refreshLinks(benefitId),
  });

export const useRevokeLink = (benefitId: string) =>
  useMutation({
    mutationFn: (linkId: string) => adminCall(reportApi.revokeLink, { params: { linkId } }),
    onSuccess: () => refreshLinks(benefitId),
  });

/** The shared report; an expired or revoked link (410) is the query's error, never retried. */
export const useSharedReport = (token: string) =>
  useQuery({
    queryKey: analyticsKeys.sharedReport(token),
    queryFn: () => call(reportApi.shared, { params: { token } }),
    retry: false,
  });
