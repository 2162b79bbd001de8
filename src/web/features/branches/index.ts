/** What other areas may use of branches: the week editor and its conversions. */
export { ScheduleEditor, WeekView } from './ScheduleEditor';
export { fromWeek, rowEntry, toWeek, type WeekRow } from './schedule-form';
export type { Branch } from './types';
