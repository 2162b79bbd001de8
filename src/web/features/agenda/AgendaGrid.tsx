import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Popover, Tooltip } from 'antd';
import { LockOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { lockBlocks, SLOT_MINUTES } from '../../../domain/agenda';
import { slotIsPast } from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import { businessTimeZone } from '../../ui/format';
import { AppointmentCardView, AppointmentDetails } from './AppointmentCard';
import { lockReasonText, toLockLike } from './lookups';
import type { AppointmentCard, DiaryCabin, DiaryDay, AgendaLock } from '../../../domain/agenda.contract';

/** Spec: column width 190 plus 100; an appointment card of one slot is 120 px high. */
export const COLUMN_WIDTH = 190 + 100;
export const ROW_HEIGHT = 120;
const TIME_WIDTH = 72;
const HEAD_HEIGHT = 56;

const toMin = (t: string, closing = false) => {
  const m = minutes(t.slice(0, 5));
  return closing && m === 0 ? 24 * 60 : m;
};
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function cabinHours(c: DiaryCabin): [number, number] | null {
  if (!c.opening && !c.closing) return null;
  return [c.opening ? toMin(c.opening) : 0, c.closing ? toMin(c.closing, true) : 24 * 60];
}

/** The branch's clock, ticking each minute. */
function useNow(timeZone: string) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  return dayjs(tick).tz(timeZone);
}

interface Props {
  day: DiaryDay;
  canCreate: boolean;
  canConfirm: boolean;
  onSlot: (cabin: DiaryCabin, time: string) => void;
  onCard: (a: AppointmentCard) => void;
}

type CellState = { kind: 'closed' | 'past' | 'free' } | { kind: 'blocked'; lock: AgendaLock };

export function AgendaGrid({ day, canCreate, canConfirm, onSlot, onCard }: Props) {
  const now = useNow(day.branch.timeZone || businessTimeZone());
  const scroller = useRef<HTMLDivElement>(null);
  const date = day.date.slice(0, 10);

  const hours = useMemo(() => day.cabins.map(cabinHours), [day.cabins]);
  const open = hours.filter((h): h is [number, number] => Boolean(h));
  const start = open.length ? Math.min(...open.map((h) => h[0])) : 0;
  const end = open.length ? Math.max(...open.map((h) => h[1])) : 0;
  const slots = useMemo(() => {
    const list: number[] = [];
    for (let m = Math.floor(start / SLOT_MINUTES) * SLOT_MINUTES; m < end; m += SLOT_MINUTES) list.push(m);
    return list;
  }, [start, end]);

  const today = now.format('YYYY-MM-DD');
  const nowMin = now.hour() * 60 + now.minute();
  const clock = { date: today, minutes: nowMin };

  const locksOf = useMemo(() => {
    const byCabin = new Map<string, AgendaLock[]>();
    for (const c of day.cabins) {
      const seen = new Map<string, AgendaLock>();
      for (const l of [...c.locks, ...day.locks]) seen.set(l.id, l);
      byCabin.set(c.id, [...seen.values()]);
    }
    return byCabin;
  }, [day]);

  const stateOf = (c: DiaryCabin, i: number, m: number): CellState => {
    const h = hours[i];
    if (!h || m < h[0] || m >= h[1]) return { kind: 'closed' };
    const lock = locksOf.get(c.id)?.find((l) => lockBlocks(toLockLike(l), c.id, date, hhmm(m), hhmm(m + SLOT_MINUTES)));
    if (lock) return { kind: 'blocked', lock };
    // section 2: slots earlier than 30 minutes ago are locked — the rule the server's booking applies too
    if (slotIsPast(date, hhmm(m), clock)) return { kind: 'past' };
    return { kind: 'free' };
  };

  // open the day at the current time (today) or at the first slot
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = date === today && nowMin > start ? ((nowMin - start) / SLOT_MINUTES) * ROW_HEIGHT - ROW_HEIGHT : 0;
    // only when the day or branch changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, day.branch.id]);

  if (!day.cabins.length) return <Empty style={{ padding: 48 }} description="La sucursal no tiene cabinas activas" />;
  if (!open.length) return <Empty style={{ padding: 48 }} description="La sucursal no abre este día" />;

  const top = (m: number) => ((m - start) / SLOT_MINUTES) * ROW_HEIGHT;
  const showNow = date === today && nowMin >= start && nowMin < end;

  return (
    <div className="agenda-scroll" ref={scroller} data-testid="agenda-grid">
      <div className="agenda-grid" style={{ gridTemplateColumns: `${TIME_WIDTH}px repeat(${day.cabins.length}, ${COLUMN_WIDTH}px)` }}>
        <div className="agenda-corner" />
        {day.cabins.map((c) => (
          <div key={c.id} className="agenda-head" role="columnheader" style={{ borderTopColor: `#${c.type.color}` }} title={c.description ?? undefined}>
            <div className="agenda-head-name">{c.name}</div>
            <div className="agenda-head-type">
              <span style={{ width: 10, height: 10, borderRadius: 3, background: `#${c.type.color}`, display: 'inline-block' }} />
              {c.type.name}
              {!cabinHours(c) ? ' · Cerrada' : ''}
            </div>
          </div>
        ))}
        <div className="agenda-times">
          {slots.map((m) => (
            <div key={m} className={`agenda-time${m % 60 === 0 ? ' hour' : ''}`} style={{ height: ROW_HEIGHT }}>
              {hhmm(m)}
            </div>
          ))}
        </div>
        {day.cabins.map((c, i) => (
          <div key={c.id} className="agenda-col" data-cabin={c.name}>
            {slots.map((m) => {
              const s = stateOf(c, i, m);
              const time = hhmm(m);
              const label = `${c.name} ${time}`;
              if (s.kind === 'blocked') {
                const reason = lockReasonText(s.lock);
                return (
                  <Tooltip key={m} title={`Bloqueado: ${reason}`}>
                    <div className="agenda-cell blocked" data-state="blocked" aria-label={label} style={{ height: ROW_HEIGHT }}>
                      <span className="agenda-lock">
                        <LockOutlined /> {reason}
                      </span>
                    </div>
                  </Tooltip>
                );
              }
              if (s.kind !== 'free')
                return <div key={m} className={`agenda-cell ${s.kind}`} data-state={s.kind} aria-label={label} style={{ height: ROW_HEIGHT }} />;
              return canCreate ? (
                <div
                  key={m}
                  className="agenda-cell free"
                  data-state="free"
                  role="button"
                  tabIndex={0}
                  aria-label={label}
                  style={{ height: ROW_HEIGHT }}
                  onClick={() => onSlot(c, time)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') onSlot(c, time);
                  }}
                >
                  <span className="agenda-hover">
                    <PlusOutlined />
                  </span>
                </div>
              ) : (
                <div
                  key={m}
                  className="agenda-cell forbidden"
                  data-state="free"
                  aria-label={label}
                  title="Sin permiso para agendar"
                  style={{ height: ROW_HEIGHT }}
                >
                  <span className="agenda-hover">
                    <StopOutlined />
                  </span>
                </div>
              );
            })}
            {c.appointments.map((a) => {
              const s = Math.max(toMin(a.startTime), start);
              const e = Math.min(Math.max(toMin(a.endTime, true), s + SLOT_MINUTES), end);
              return (
                <Popover key={a.id} placement="right" mouseEnterDelay={0.3} content={<AppointmentDetails appointment={a} canConfirm={canConfirm} />}>
                  <AppointmentCardView
                    appointment={a}
                    style={{ top: top(s) + 3, height: Math.max(((e - s) / SLOT_MINUTES) * ROW_HEIGHT - 6, 40) }}
                    onClick={() => onCard(a)}
                  />
                </Popover>
              );
            })}
          </div>
        ))}
        {showNow && <div className="agenda-now" style={{ top: HEAD_HEIGHT + top(nowMin) }} aria-hidden />}
      </div>
    </div>
  );
}
