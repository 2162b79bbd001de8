/** What other areas may use of the reports: their routes, and a report answered and written as a workbook (e-mail). */
export { registerReportRoutes } from './routes';
export { runReport, reportsFor } from './service';
export { writeReportXlsx, reportFileName } from './workbook';
