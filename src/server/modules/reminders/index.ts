/** What other areas may use of reminders: its routes and its periodic job. */
export { registerReminderRoutes } from './routes';
export { reminderJobs } from './delivery';
