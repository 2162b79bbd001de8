/** What other areas may use of the reports: their routes, a report answered and written as a workbook, and the job that mails scheduled reports. */
export { registerReportRoutes } from './routes';
export { runReport, reportsFor } from './service';
export { reportXlsxBuffer, reportFileName } from './workbook';
export { reportJobs } from './subscriptions/delivery';
