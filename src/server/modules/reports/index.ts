/** What other areas may use of the reports: their routes, a report answered and written as a workbook, the jobs that mail scheduled reports and fold the summaries, and the summaries' rebuild. */
export { registerReportRoutes } from './routes';
export { runReport, reportsFor } from './service';
export { reportXlsxBuffer, reportFileName } from './workbook';
import { reportDeliveryJobs } from './subscriptions/delivery';
import { summaryJobs } from './summaries';

export { foldReportSummaries, rebuildReportSummaries } from './summaries';
export const reportJobs = [...reportDeliveryJobs, ...summaryJobs];
