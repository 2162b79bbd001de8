/** What other areas may use of reminders: its routes and its periodic job. */
export { registerReminderRoutes } from './routes';
export { reminderJobs } from './delivery';
/** The job's one run at a given clock (browser tests run it at the eve of their appointment). */
export { sendDueReminders } from './delivery';
