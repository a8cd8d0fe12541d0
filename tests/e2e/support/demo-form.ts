import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

/** The demo yacht-brunch sheets (Tab 2: 12, 12 and 8 places), as the wizard reads them. */
export const DEMO_SHEET_URL = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';

/** Builds a form from the demo sheets' headers and deploys it for `benefitId`, as the wizard does (Tab 2 imported). */
export async function deployDemoForm(request: APIRequestContext, benefitId: string, configName: string) {
  const processed = await request.post('/api/sheets/process', {
    data: { tab1Url: DEMO_SHEET_URL, tab1Name: 'Form Submissions', tab2Url: DEMO_SHEET_URL, tab2Name: 'Slot Logic' },
  });
  expect(processed.status(), await processed.text()).toBe(200);
  const { tab1Headers } = (await processed.json()) as { tab1Headers: unknown[] };
  const saved = await request.post('/api/admin/rsvp-config', {
    data: {
      benefitId,
      configName,
      isActive: false,
      formFields: tab1Headers,
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: { tab2Url: DEMO_SHEET_URL, tab2Name: 'Slot Logic' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id } = (await saved.json()) as { id: string };
  const deployed = await request.post(`/api/admin/rsvp-config/${id}/deploy`, { data: {} });
  expect(deployed.status(), await deployed.text()).toBe(200);
}
