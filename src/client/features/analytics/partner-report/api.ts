import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createdReportLinkSchema, PartnerReport, ReportLink, SharedReport } from '#common/partner-report.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { apiRequest } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { analyticsKeys } from '../api.ts';

const benefitUrl = (benefitId: string) => `/api/admin/analytics/benefits/${encodeURIComponent(benefitId)}`;
const linksUrl = (benefitId: string) => `${benefitUrl(benefitId)}/report-links`;
const sharedUrl = (token: string) => `/api/partner-reports/${encodeURIComponent(token)}`;
export type CreatedLink = z.infer<typeof createdReportLinkSchema>;

export const adminPdfUrl = (benefitId: string) => `${benefitUrl(benefitId)}/partner-report.pdf`;
export const sharedPdfUrl = (token: string) => `${sharedUrl(token)}/pdf`;

export const usePartnerReport = (benefitId: string) =>
  useQuery({
    queryKey: analyticsKeys.partnerReport(benefitId),
    queryFn: () => adminRequest<PartnerReport>('GET', `${benefitUrl(benefitId)}/partner-report`),
  });

export const useReportLinks = (benefitId: string) =>
  useQuery({
    queryKey: analyticsKeys.reportLinks(benefitId),
    queryFn: async () => (await adminRequest<{ links: ReportLink[] }>('GET', linksUrl(benefitId))).links,
  });

const refreshLinks = (benefitId: string) =>
  void queryClient.invalidateQueries({ queryKey: analyticsKeys.reportLinks(benefitId) });

export const useCreateLink = (benefitId: string) =>
  useMutation({
    mutationFn: (expiresOn: string) => adminRequest<CreatedLink>('POST', linksUrl(benefitId), { expiresOn }),
    onSuccess: () => refreshLinks(benefitId),
  });

export const useRevokeLink = (benefitId: string) =>
  useMutation({
    mutationFn: (linkId: string) =>
      adminRequest<ReportLink>('POST', `/api/admin/analytics/report-links/${encodeURIComponent(linkId)}/revoke`, {}),
    onSuccess: () => refreshLinks(benefitId),
  });

/** The shared report; an expired or revoked link (410) is the query's error, never retried. */
export const useSharedReport = (token: string) =>
  useQuery({
    queryKey: analyticsKeys.sharedReport(token),
    queryFn: () => apiRequest<SharedReport>('GET', sharedUrl(token)),
    retry: false,
  });
