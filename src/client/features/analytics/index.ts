// The analytics feature's public surface: its page, which the admin area loads as a chunk of its own (charts are heavy).
export { default } from './analytics-page.tsx';
export { PartnerReportPage } from './partner-report/partner-report-page.tsx';
