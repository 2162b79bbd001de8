import type { ReactNode } from 'react';
import { Form, Switch, TimePicker, Typography } from 'antd';
import {
  dayLabels,
  describeDay,
  isClosed,
  minutes,
  offStepMessage,
  onScheduleStep,
  SCHEDULE_ORDER,
  SCHEDULE_RANGE_REQUIRED,
  SCHEDULE_STEP_MINUTES,
  WEEK_DAYS,
  type ScheduleEntry,
} from '../../../domain/schedules';
import { rowEntry, type WeekRow } from './schedule-form';

interface Props {
  /** Form field holding the seven WeekRow values. */
  name?: string;
  /** An extra rule per day (the cabin's branch hours); returns the message or null. */
  check?: (entry: ScheduleEntry) => string | null;
  /** Text beside each day, such as the branch's hours. */
  hint?: (day: number) => ReactNode;
  /** Fields whose change re-checks the days (the cabin's branch). */
  dependencies?: string[];
  disabled?: boolean;
}

/** The weekly schedule of section 5: each day on or off, its range required when on, 30-minute steps. */
export function ScheduleEditor({ name = 'week', check, hint, dependencies = [], disabled }: Props) {
  const form = Form.useFormInstance();
  return (
    <div
      role="group"
      aria-label="Horario semanal"
      style={{ border: '1px solid #ece8f3', borderRadius: 6, padding: '8px 12px', marginBottom: 16 }}
      // Enter confirms a time in the picker; it must not also submit the whole form
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
    >
      {WEEK_DAYS.map((day) => (
        <div
          key={day}
          data-testid={`schedule-day-${day}`}
          style={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 12,
            flexWrap: 'wrap',
            padding: '6px 0',
            borderBottom: day < 6 ? '1px dashed #f0ebfa' : undefined,
          }}
        >
          <Typography.Text strong style={{ width: 90, lineHeight: '32px' }}>
            {dayLabels[day]}
          </Typography.Text>
          <Form.Item name={[name, day, 'enabled']} valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch
              aria-label={`Abre el ${dayLabels[day]}`}
              checkedChildren="Abierto"
              unCheckedChildren="Cerrado"
              disabled={disabled}
              onChange={() => setTimeout(() => void form.validateFields([[name, day, 'range']]).catch(() => undefined))}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a?.[name]?.[day]?.enabled !== b?.[name]?.[day]?.enabled}>
            {({ getFieldValue }) => (
              <Form.Item
                name={[name, day, 'range']}
                style={{ marginBottom: 0, width: 300 }}
                dependencies={[[name, day, 'enabled'], ...dependencies]}
                rules={[
                  {
                    validator: async () => {
                      const row = getFieldValue([name, day]) as WeekRow | undefined;
                      if (!row?.enabled) return;
                      const entry = rowEntry(day, row);
                      if (!entry) throw new Error(SCHEDULE_RANGE_REQUIRED);
                      // a time typed off the pickers' step: the server's message, naming the day
                      if (!onScheduleStep(entry.opening) || !onScheduleStep(entry.closing)) throw new Error(offStepMessage(day));
                      if (minutes(entry.opening) >= minutes(entry.closing)) throw new Error(SCHEDULE_ORDER);
                      const issue = check?.(entry);
                      if (issue) throw new Error(issue);
                    },
                  },
                ]}
              >
                <TimePicker.RangePicker
                  aria-label={`Horario del ${dayLabels[day]}`}
                  format="HH:mm"
                  minuteStep={SCHEDULE_STEP_MINUTES}
                  placeholder={['Apertura', 'Cierre']}
                  needConfirm={false}
                  disabled={disabled || !getFieldValue([name, day, 'enabled'])}
                />
              </Form.Item>
            )}
          </Form.Item>
          {hint && <div style={{ lineHeight: '32px', color: '#666' }}>{hint(day)}</div>}
        </div>
      ))}
    </div>
  );
}

/** The week as a read-only table (detail modals). */
export function WeekView({ schedules }: { schedules: readonly ScheduleEntry[] }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <tbody>
        {WEEK_DAYS.map((day) => {
          const entry = schedules.find((s) => s.day === day);
          const open = Boolean(entry && !isClosed(entry));
          return (
            <tr key={day} style={{ borderBottom: '1px solid #f0f0f0' }}>
              <td style={{ padding: '4px 8px', width: 120, fontWeight: 500 }}>{dayLabels[day]}</td>
              <td style={{ padding: '4px 8px', color: open ? undefined : '#666' }}>{describeDay(entry)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
