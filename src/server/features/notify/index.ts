// What other parts of the server use from notify: its one public surface (docs/architecture.md, decision 036).

export type { BookingMailContext, BookingMailKind } from './booking-mail.ts';
export { queueBookingMail, queueBookingMails } from './booking-mail.ts';
export { calendarFeed, feedToken, feedUrls, renewFeedToken } from './calendar-feed.ts';
export { bookingIcsFile } from './calendar-invite.ts';
export { createMailer, mailHandler } from './mailer.ts';
export { startScheduler } from './reminders.ts';
export { mailAdminRoutes } from './routes.ts';
export { memberNames, oneLine, paragraphs, signOff, textToHtml } from './templates.ts';
