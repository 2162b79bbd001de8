import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Empty, Tooltip } from 'antd';
import { LockOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { LIVE_STATUSES, lockBlocks, SLOT_MINUTES } from '../../../domain/agenda';
import { slotIsPast } from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import { businessTimeZone } from '../../ui/format';
import { QuickViewCard } from './AppointmentCard';
import type { GridSizes } from './density';
import { lockReasonText, toLockLike } from './lookups';
import type { AppointmentCard, DiaryCabin, DiaryDay, AgendaLock } from '../../../domain/agenda.contract';

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
  /** The cabins drawn: all of the branch's, or the one a narrow screen's switcher picked. */
  cabins: DiaryCabin[];
  sizes: GridSizes;
  compact: boolean;
  /** One cabin on a tablet in portrait or narrower: its column takes the width there is. */
  narrow: boolean;
  canCreate: boolean;
  canConfirm: boolean;
  onSlot: (cabin: DiaryCabin, time: string) => void;
  onCard: (a: AppointmentCard) => void;
  /** Dragging a card is offered (the user may edit appointments): only scheduled ones move. */
  canMove?: boolean;
  /** A card dropped on another slot or cabin of the day: the page confirms and saves the move. */
  onMove?: (a: AppointmentCard, from: DiaryCabin, to: DiaryCabin, time: string) => void;
  /** An appointment to scroll to and flash (after a booking, or chosen in the search). */
  highlight?: string | null;
}

/** The card being dragged: where in it the pointer took it (px from its top), its cabin and its cabin's type. */
interface Drag {
  card: AppointmentCard;
  from: DiaryCabin;
  grab: number;
}

type CellState = { kind: 'closed' | 'past' | 'booked' | 'free' } | { kind: 'blocked'; lock: AgendaLock };

interface SlotProps {
  cabin: DiaryCabin;
  time: string;
  state: CellState;
  height: number;
  canCreate: boolean;
  onSlot: (cabin: DiaryCabin, time: string) => void;
}

/** One half hour of a cabin: only a free slot one may book is a control (and named); the others are drawn. */
function Slot({ cabin, time, state, height, canCreate, onSlot }: SlotProps) {
  const common = { 'data-time': time, 'data-state': state.kind, style: { height } };
  if (state.kind === 'blocked') {
    const reason = lockReasonText(state.lock);
    return (
      <Tooltip title={`Bloqueado: ${reason}`}>
        <div className="agenda-cell blocked" {...common}>
          <span className="agenda-lock">
            <LockOutlined /> {reason}
          </span>
        </div>
      </Tooltip>
    );
  }
  if (state.kind !== 'free') return <div className={`agenda-cell ${state.kind}`} {...common} />;
  if (!canCreate)
    return (
      <div className="agenda-cell forbidden" title="Sin permiso para agendar" {...common}>
        <span className="agenda-hover">
          <StopOutlined />
        </span>
      </div>
    );
  return (
    <div
      className="agenda-cell free"
      role="button"
      tabIndex={0}
      aria-label={`${cabin.name} ${time}`}
      onClick={() => onSlot(cabin, time)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        onSlot(cabin, time);
      }}
      {...common}
    >
      <span className="agenda-hover">
        <PlusOutlined />
      </span>
    </div>
  );
}

function CabinHead({ cabin }: { cabin: DiaryCabin }) {
  return (
    <div className="agenda-head" role="columnheader" style={{ borderTopColor: `#${cabin.type.color}` }} title={cabin.description ?? cabin.name}>
      <div className="agenda-head-name">{cabin.name}</div>
      <div className="agenda-head-type">
        <span className="agenda-head-dot" style={{ background: `#${cabin.type.color}` }} />
        <span className="agenda-head-type-name">
          {cabin.type.name}
          {!cabinHours(cabin) ? ' · Cerrada' : ''}
        </span>
      </div>
    </div>
  );
}

/**
 * The day as a table of two rows: the cabins' headers, then one cell per cabin holding its half hours and cards
 * (a card spans several half hours, so the slots cannot be rows of their own).
 */
export function AgendaGrid({ day, cabins, sizes, compact, narrow, canCreate, canConfirm, onSlot, onCard, canMove, onMove, highlight }: Props) {
  const now = useNow(day.branch.timeZone || businessTimeZone());
  const scroller = useRef<HTMLDivElement>(null);
  const date = day.date.slice(0, 10);
  const { row } = sizes;

  const hours = useMemo(() => new Map(day.cabins.map((c) => [c.id, cabinHours(c)])), [day.cabins]);
  const open = [...hours.values()].filter((h): h is [number, number] => Boolean(h));
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

  const stateOf = (c: DiaryCabin, m: number): CellState => {
    const h = hours.get(c.id);
    if (!h || m < h[0] || m >= h[1]) return { kind: 'closed' };
    const lock = locksOf.get(c.id)?.find((l) => lockBlocks(toLockLike(l), c.id, date, hhmm(m), hhmm(m + SLOT_MINUTES)));
    if (lock) return { kind: 'blocked', lock };
    // under a card that holds the cabin: drawn, not a control (a Tab or a click there could only be refused)
    if (
      c.appointments.some((a) => (LIVE_STATUSES as readonly string[]).includes(a.status) && toMin(a.startTime) < m + SLOT_MINUTES && toMin(a.endTime, true) > m)
    )
      return { kind: 'booked' };
    // section 2: slots earlier than 30 minutes ago are locked — the rule the server's booking applies too
    if (slotIsPast(date, hhmm(m), clock)) return { kind: 'past' };
    return { kind: 'free' };
  };

  // drag and drop (HTML5, no library): a scheduled card onto another half hour or a cabin of the same type
  const [drag, setDrag] = useState<Drag | null>(null);
  const [over, setOver] = useState<{ cabinId: string; minute: number } | null>(null);
  const dropMinute = (e: DragEvent<HTMLDivElement>, d: Drag) => {
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top - d.grab;
    return Math.max(start, Math.min(end - SLOT_MINUTES, start + Math.round(y / row) * SLOT_MINUTES));
  };
  const accepts = (c: DiaryCabin) => Boolean(drag) && drag!.from.type.treatmentType.id === c.type.treatmentType.id;
  const endDrag = () => {
    document.body.classList.remove('agenda-dragging');
    setDrag(null);
    setOver(null);
  };

  // open the day at the current time (today) or at the first slot
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = date === today && nowMin > start ? ((nowMin - start) / SLOT_MINUTES) * row - row : 0;
    // only when the day, branch or density changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, day.branch.id, row]);

  // the highlighted card (the page drops it from the address once flashed): scrolled into view while it flashes
  const shown = Boolean(highlight) && cabins.some((c) => c.appointments.some((a) => a.id === highlight));
  useEffect(() => {
    if (!highlight || !shown) return;
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>(`[data-appointment="${highlight}"]`);
    if (!box || !el) return;
    // the grid alone scrolls (scrollIntoView would move the page too): the card to the middle of what it shows
    const [b, r] = [box.getBoundingClientRect(), el.getBoundingClientRect()];
    box.scrollBy({ top: r.top - b.top - (b.height - r.height) / 2, left: r.left - b.left - (b.width - r.width) / 2, behavior: 'smooth' });
  }, [highlight, shown]);

  if (!day.cabins.length) return <Empty style={{ padding: 48 }} description="La sucursal no tiene cabinas activas" />;
  if (!open.length) return <Empty style={{ padding: 48 }} description="La sucursal no abre este día" />;

  const top = (m: number) => ((m - start) / SLOT_MINUTES) * row;
  const showNow = date === today && nowMin >= start && nowMin < end;
  const longDate = dayjs(date).format('D [de] MMMM [de] YYYY');

  return (
    <div className="agenda-scroll" ref={scroller} data-testid="agenda-grid">
      <div
        className={`agenda-grid${compact ? ' compact' : ''}${compact || narrow ? ' stretch' : ''}`}
        role="table"
        aria-label={`Agenda del ${longDate}`}
        style={{ gridTemplateColumns: `${sizes.time}px repeat(${cabins.length}, ${sizes.column})` }}
      >
        <div className="agenda-row" role="row">
          <div className="agenda-corner" role="cell" />
          {cabins.map((c) => (
            <CabinHead key={c.id} cabin={c} />
          ))}
        </div>
        <div className="agenda-row" role="row">
          <div className="agenda-times" role="cell">
            {slots.map((m) => (
              <div key={m} className={`agenda-time${m % 60 === 0 ? ' hour' : ''}`} style={{ height: row }}>
                {hhmm(m)}
              </div>
            ))}
          </div>
          {cabins.map((c) => (
            <div
              key={c.id}
              className={`agenda-col${accepts(c) ? ' drop-target' : ''}`}
              role="cell"
              data-cabin={c.name}
              onDragOver={(e) => {
                if (!drag || !accepts(c)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                const minute = dropMinute(e, drag);
                if (over?.cabinId !== c.id || over.minute !== minute) setOver({ cabinId: c.id, minute });
              }}
              onDrop={(e) => {
                if (!drag || !accepts(c)) return;
                e.preventDefault();
                const minute = dropMinute(e, drag);
                const moved = c.id !== drag.from.id || hhmm(minute) !== drag.card.startTime.slice(0, 5);
                if (moved) onMove?.(drag.card, drag.from, c, hhmm(minute));
                endDrag();
              }}
            >
              {slots.map((m) => (
                <Slot key={m} cabin={c} time={hhmm(m)} state={stateOf(c, m)} height={row} canCreate={canCreate} onSlot={onSlot} />
              ))}
              {c.appointments.map((a) => {
                const s = Math.max(toMin(a.startTime), start);
                const e = Math.min(Math.max(toMin(a.endTime, true), s + SLOT_MINUTES), end);
                const gap = compact ? 1 : 3;
                const height = Math.max(((e - s) / SLOT_MINUTES) * row - 2 * gap, sizes.minCard);
                const movable = Boolean(canMove && onMove) && a.status === 'scheduled';
                return (
                  // the card's frame: it carries the drag (the quick view's card inside stays as it is)
                  <div
                    key={a.id}
                    className={`agenda-card-frame${highlight === a.id ? ' highlight' : ''}${drag?.card.id === a.id ? ' dragging' : ''}`}
                    data-appointment={a.id}
                    style={{ top: top(s) + gap, height }}
                    draggable={movable || undefined}
                    title={movable ? 'Arrastre para mover la cita' : undefined}
                    onDragStart={(ev) => {
                      if (!movable) return;
                      ev.dataTransfer.effectAllowed = 'move';
                      ev.dataTransfer.setData('text/plain', a.appointmentNumber);
                      // a quick view opened by the hover would cover the cabin beside: hidden while dragging
                      document.body.classList.add('agenda-dragging');
                      setDrag({ card: a, from: c, grab: ev.clientY - ev.currentTarget.getBoundingClientRect().top });
                    }}
                    onDragEnd={endDrag}
                  >
                    <QuickViewCard
                      appointment={a}
                      compact={compact}
                      // a lone column leaves no room beside the card
                      placement={narrow ? 'bottom' : 'right'}
                      canConfirm={canConfirm}
                      onOpen={() => onCard(a)}
                      style={{ top: 0, height }}
                    />
                  </div>
                );
              })}
              {drag && over?.cabinId === c.id && (
                <div
                  className="agenda-drop"
                  aria-hidden
                  style={{
                    top: top(over.minute),
                    height: Math.max(((toMin(drag.card.endTime, true) - toMin(drag.card.startTime)) / SLOT_MINUTES) * row, sizes.minCard),
                  }}
                >
                  {hhmm(over.minute)}
                </div>
              )}
            </div>
          ))}
          {showNow && <div className="agenda-now" style={{ top: sizes.head + top(nowMin) }} aria-hidden />}
        </div>
      </div>
    </div>
  );
}
