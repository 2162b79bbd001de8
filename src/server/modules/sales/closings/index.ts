/** What the rest of the sales area exposes of the daily cash closings. */
export { registerCashClosingRoutes } from './routes';
export { cashClosingJobs } from './jobs';
export { closeUnclosedDays } from './service';
export { closingInputsByDay, type DayInputs } from './totals';
