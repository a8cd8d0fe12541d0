import type { z } from 'zod';
import type { configAnswerSchema } from '../../../../common/rsvp-config.ts';
import type { ProcessSheetsAnswer, processSheetsSchema } from '../../../../common/sheets.ts';
import { adminRequest } from '../http.ts';
import type { toPayload } from './draft.ts';

export type ConfigAnswer = z.infer<typeof configAnswerSchema>;
export type DeployAnswer = { success: boolean; benefitId: string; url: string; warnings: string[] };
type Payload = ReturnType<typeof toPayload>;

/** Admin spec §7: the wizard's calls. */
export const processSheets = (input: z.output<typeof processSheetsSchema>) =>
  adminRequest<ProcessSheetsAnswer>('POST', '/api/sheets/process', input);

export const createConfig = (body: Payload) => adminRequest<ConfigAnswer>('POST', '/api/admin/rsvp-config', body);

export const updateConfig = (id: string, { benefitId: _benefitId, ...body }: Payload) =>
  adminRequest<ConfigAnswer>('PUT', `/api/admin/rsvp-config/${encodeURIComponent(id)}`, body);

/** Makes the saved configuration live: the event exists and Tab 2's capacities are imported. */
export const deployConfig = (id: string) =>
  adminRequest<DeployAnswer>('POST', `/api/admin/rsvp-config/${encodeURIComponent(id)}/deploy`, {});
