/** What other areas may use of reminders: the reception's panel (quick view, detail) and its status line. */
export { ReminderPanel, reminderStatusText } from './ReminderPanel';
