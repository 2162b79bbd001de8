/** What other areas may use of branches: its screens, the week editor and its conversions. */
export { branchesRoutes } from './routes';
export { ScheduleEditor, WeekView } from './ScheduleEditor';
export { fromWeek, rowEntry, toWeek, type WeekRow } from './schedule-form';
export type { Branch } from '../../../domain/branches.contract';
