/**
 * dayjs for every dashboard screen: the es-mx locale and the utc, timezone and customParseFormat plugins.
 * Imported by the shell (a lazy chunk) rather than main.tsx, so the sign-in pages, which show no dates, do not
 * download it; every screen that formats a date renders inside the shell.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/es-mx';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.locale('es-mx');
