import { Button, Calendar, Card, Select, Space, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import dayjs, { type Dayjs } from 'dayjs';
import { APPOINTMENT_STATUSES, appointmentStatusColors, appointmentStatusLabels } from '../../../domain/agenda';
import { BUSINESS_TIME_ZONE, ZONE_TIME_ZONES } from '../../../domain/dates';

const thisYear = dayjs().year();
/** Section 2: year selector from the current year minus 10 to plus 9. */
const YEARS = Array.from({ length: 20 }, (_, i) => thisYear - 10 + i).map((y) => ({ value: y, label: String(y) }));
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const name = dayjs().month(i).date(1).format('MMMM');
  return { value: i, label: name.charAt(0).toUpperCase() + name.slice(1) };
});

/** The wall clock of a zone as a plain local dayjs, comparable with the calendar's cells. */
const wallClock = (timeZone: string) => dayjs(dayjs().tz(timeZone).format('YYYY-MM-DDTHH:mm:ss'));

/**
 * antd's Calendar marks "today" (both its cell classes) from its date config's getNow(), the machine's clock.
 * These calendars' now is a branch zone's wall clock, so the highlighted day is the branch's today, the day the
 * Hoy button goes to. Branch zones come from a fixed list: one calendar per zone, built once at load.
 */
const CALENDARS: Record<string, ReturnType<typeof Calendar.generateCalendar<Dayjs>>> = Object.fromEntries(
  Object.values(ZONE_TIME_ZONES).map((zone) => [zone, Calendar.generateCalendar<Dayjs>({ ...dayjsGenerateConfig, getNow: () => wallClock(zone) })]),
);

export function DayStepper({ date, today, onChange }: { date: string; today: string; onChange: (d: string) => void }) {
  const d = dayjs(date);
  return (
    <Space.Compact>
      <Tooltip title="Día anterior">
        <Button icon={<LeftOutlined />} aria-label="Día anterior" onClick={() => onChange(d.subtract(1, 'day').format('YYYY-MM-DD'))} />
      </Tooltip>
      <Button onClick={() => onChange(today)} disabled={date === today}>
        Hoy
      </Button>
      <Tooltip title="Día siguiente">
        <Button icon={<RightOutlined />} aria-label="Día siguiente" onClick={() => onChange(d.add(1, 'day').format('YYYY-MM-DD'))} />
      </Tooltip>
    </Space.Compact>
  );
}

/** Side panel: the month calendar with its selectors, and the colour legend of the statuses. */
export function AgendaSide({ date, today, timeZone, onChange }: { date: string; today: string; timeZone: string; onChange: (d: string) => void }) {
  const value = dayjs(date);
  const BranchCalendar = CALENDARS[timeZone in CALENDARS ? timeZone : BUSINESS_TIME_ZONE];
  return (
    <div className="agenda-side">
      <Card size="small" styles={{ body: { padding: 8 } }}>
        <BranchCalendar
          fullscreen={false}
          value={value}
          onSelect={(d, info) => {
            if (info.source === 'date') onChange(d.format('YYYY-MM-DD'));
          }}
          headerRender={() => (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 4 }}>
              <DayStepper date={date} today={today} onChange={onChange} />
              <Space.Compact>
                <Select
                  aria-label="Mes"
                  style={{ width: 140 }}
                  value={value.month()}
                  options={MONTHS}
                  onChange={(m: number) =>
                    onChange(
                      value
                        .date(1)
                        .month(m)
                        .date(Math.min(value.date(), value.date(1).month(m).daysInMonth()))
                        .format('YYYY-MM-DD'),
                    )
                  }
                />
                <Select
                  aria-label="Año"
                  style={{ width: 100 }}
                  value={value.year()}
                  options={YEARS}
                  onChange={(y: number) =>
                    onChange(
                      value
                        .date(1)
                        .year(y)
                        .date(Math.min(value.date(), value.date(1).year(y).daysInMonth()))
                        .format('YYYY-MM-DD'),
                    )
                  }
                />
              </Space.Compact>
            </div>
          )}
        />
      </Card>
      <Card size="small" title="Estatus de las citas">
        <div className="agenda-legend">
          {APPOINTMENT_STATUSES.map((s) => (
            <div key={s}>
              <span className="dot" style={{ background: `#${appointmentStatusColors[s]}` }} />
              {appointmentStatusLabels[s]}
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
