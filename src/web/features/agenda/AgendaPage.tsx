import { memo, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Segmented, Select, Skeleton, Space, Spin, Tooltip } from 'antd';
import { CalendarOutlined, HistoryOutlined, LockOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useLocation, useNavigate, useSearchParams, type NavigateFunction, type SetURLSearchParams } from 'react-router';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates';
import { agendaRoutes } from '../../../domain/agenda.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';
import { LOADING_SPIN_STYLE } from '../../app/routing';
import { useSession } from '../../app/session';
import { BookingForm, preloadAppointmentForm, seedBookingForm } from '../appointments';
import { AgendaGrid } from './AgendaGrid';
import { AgendaSide, DayStepper } from './AgendaSide';
import { DENSITY_OPTIONS, gridSizes, NARROW_QUERY, useAgendaDensity, useMediaQuery, type Density } from './density';
import { CreateLockModal, LocksModal } from './LockDialogs';
import { AgendaSearch } from './AgendaSearch';
import { MoveDialog, type PendingMove } from './MoveDialog';
import { useClinicBranches } from './lookups';
import { BOOKING_PATH } from './booking-path';
import './agenda.css';

interface AgendaSlice {
  branchId?: string;
  date?: string;
  panelClosed?: boolean;
  /** On a narrow screen the calendar panel starts closed: it opens only when asked. */
  narrowPanelOpen?: boolean;
  /** The cabin a narrow screen shows. */
  cabinId?: string;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /dashboard/agenda and /dashboard/agenda/crear. The day's grid, and for those who may book a new booking's form drawn
 * ahead, unseen, once the day is on screen: a free slot's click (/dashboard/agenda/crear?cabainId=…) shows it with
 * the slot's values instead of creating its controls then, and hides the grid, which keeps its state for the way back.
 * Both stay mounted with their effects (CSS hides them, not React's <Activity>, whose reveal bound the form's effects
 * again inside the click): the click only fills in the form and swaps which one is seen.
 * A booking's address opened directly draws the form alone (the grid only once the agenda is shown).
 */
export default function AgendaPage() {
  const can = useCan();
  const { pathname, search } = useLocation();
  const creating = BOOKING_PATH.test(pathname);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // the grid's address and navigation: the agenda's, kept while the form is shown (the hidden grid is not drawn again
  // for the form's address)
  const [grid, setGrid] = useState(creating ? null : { params, setParams, navigate });
  if (!creating && (grid?.params !== params || grid.setParams !== setParams || grid.navigate !== navigate)) setGrid({ params, setParams, navigate });
  // one form per booking: the one just saved or cancelled goes with the booking, and a fresh one is drawn for the next
  const [booking, setBooking] = useState({ round: 0, creating });
  if (booking.creating !== creating) setBooking({ round: booking.round + (creating ? 0 : 1), creating });
  // the round whose form is drawn ahead: once the day is on screen and the form's code has come, in a transition (React
  // draws it in slices between the page's other work, as it would a hidden <Activity>)
  const [bookable, setBookable] = useState(false);
  const [drawnRound, setDrawnRound] = useState<number | null>(null);
  const onBookable = useCallback(() => setBookable(true), []);
  useEffect(() => {
    if (bookable && !creating && drawnRound !== booking.round) startTransition(() => setDrawnRound(booking.round));
  }, [bookable, creating, drawnRound, booking.round]);
  const formShown = creating || drawnRound === booking.round;

  return (
    <>
      {grid && (
        <div style={creating ? HIDDEN : undefined}>
          <AgendaDay params={grid.params} setParams={grid.setParams} navigate={grid.navigate} onBookable={onBookable} />
        </div>
      )}
      {formShown && can('dairy', 'create') && (
        // drawn ahead: laid out at its width but taking no room, unseen, out of reach of the keyboard and the mouse
        // (inert) and of screen readers
        <div className={creating ? undefined : 'agenda-form-ahead'} inert={!creating} aria-hidden={!creating || undefined}>
          <Suspense fallback={creating ? <Spin style={LOADING_SPIN_STYLE} /> : null}>
            <BookingForm key={booking.round} search={creating ? search : null} />
          </Suspense>
        </div>
      )}
    </>
  );
}

const HIDDEN = { display: 'none' };

interface DayProps {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  navigate: NavigateFunction;
  /** The day is on screen and the user may book: the booking form can be drawn ahead. */
  onBookable: () => void;
}

/** The day grid of one branch. Branch and day live in the URL (and the session's agenda slice). */
const AgendaDay = memo(function AgendaDay({ params, setParams, navigate, onBookable }: DayProps) {
  const can = useCan();
  const user = useSession((s) => s.user);
  const slice = useSession((s) => s.agenda) as AgendaSlice;
  const [locksOpen, setLocksOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const bound = Boolean(user?.branchBound);
  const branches = useClinicBranches(!bound);

  const today = dayjs().tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');
  const urlDate = params.get('date');
  const date = urlDate && DATE_RE.test(urlDate) ? urlDate : (slice.date ?? today);
  const clinics = branches.data ?? [];
  const wanted = params.get('branchId') ?? slice.branchId ?? user?.branch ?? undefined;
  const branchId = bound
    ? (user?.branch ?? undefined)
    : (clinics.find((b) => b.id === wanted)?.id ?? clinics.find((b) => b.id === user?.branch)?.id ?? clinics[0]?.id);

  // the chosen day and branch survive a reload and a return to the agenda
  useEffect(() => {
    if (!branchId) return;
    if (params.get('date') !== date || params.get('branchId') !== branchId) setParams({ branchId, date }, { replace: true });
    useSession.setState((s) => ({ agenda: { ...s.agenda, branchId, date } }));
  }, [branchId, date, params, setParams]);

  const setDate = (d: string) => branchId && setParams({ branchId, date: d });
  // an appointment to flash: after a booking (the form comes back with ?focus=) or chosen in the search
  const focus = params.get('focus');
  const [move, setMove] = useState<PendingMove | null>(null);
  const setBranch = (b: string) => setParams({ branchId: b, date });
  const narrow = useMediaQuery(NARROW_QUERY);
  const [density, setDensity] = useAgendaDensity();
  const panelClosed = narrow ? !slice.narrowPanelOpen : Boolean(slice.panelClosed);
  const togglePanel = () =>
    useSession.setState((s) => ({ agenda: { ...s.agenda, ...(narrow ? { narrowPanelOpen: panelClosed } : { panelClosed: !panelClosed }) } }));
  const setCabin = (cabinId: string) => useSession.setState((s) => ({ agenda: { ...s.agenda, cabinId } }));

  const diary = useQuery({
    queryKey: ['diary', branchId, date],
    enabled: Boolean(branchId),
    placeholderData: keepPreviousData,
    queryFn: () => call(agendaRoutes.diary, { query: { branchId: branchId!, date } }),
  });
  const day = diary.data && diary.data.branch.id === branchId ? diary.data : undefined;
  const stale = diary.isFetching && diary.isPlaceholderData;
  const branchToday = day
    ? dayjs()
        .tz(day.branch.timeZone || BUSINESS_TIME_ZONE)
        .format('YYYY-MM-DD')
    : today;
  // the grid is on screen: the booking form's code loads and the form is drawn (hidden) while the page is idle, before
  // a slot is clicked
  const bookable = Boolean(day) && can('dairy', 'create');
  useEffect(() => {
    if (!bookable) return;
    const timer = window.setTimeout(() => void preloadAppointmentForm().then((loaded) => loaded && onBookable()), 200);
    return () => window.clearTimeout(timer);
  }, [bookable, onBookable]);
  // the day on screen is the booking form's day: a slot's click opens it with the cabins and their hours at hand
  const queryClient = useQueryClient();
  const withTreatments = can('treatments', 'show');
  useEffect(() => {
    if (bookable && day) seedBookingForm(queryClient, day, { withTreatments });
  }, [bookable, day, queryClient, withTreatments]);

  // on a narrow screen the flashed appointment's cabin is the one shown
  const focusCabin = focus ? day?.cabins.find((c) => c.appointments.some((a) => a.id === focus)) : undefined;
  useEffect(() => {
    if (narrow && focusCabin) useSession.setState((s) => ({ agenda: { ...s.agenda, cabinId: focusCabin.id } }));
  }, [narrow, focusCabin]);
  // the flash is over: the address loses its focus (a reload does not flash it again)
  useEffect(() => {
    if (!focus || !focusCabin) return;
    const t = window.setTimeout(() => setParams((p) => (p.delete('focus'), p), { replace: true }), 3000);
    return () => window.clearTimeout(t);
  }, [focus, focusCabin, setParams]);

  const shownCabin = day?.cabins.find((c) => c.id === slice.cabinId) ?? day?.cabins[0];
  const cabins = narrow && shownCabin ? [shownCabin] : (day?.cabins ?? []);

  const longDate = dayjs(date).format('dddd, D [de] MMMM [de] YYYY');
  const label = longDate.charAt(0).toUpperCase() + longDate.slice(1);

  return (
    <div>
      <div className="agenda-header">
        <Space wrap align="center">
          <Tooltip title={panelClosed ? 'Mostrar calendario' : 'Ocultar calendario'}>
            <Button icon={panelClosed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} aria-label="Calendario" onClick={togglePanel} />
          </Tooltip>
          <h2>Agenda</h2>
          {panelClosed && <DayStepper date={date} today={branchToday} onChange={setDate} />}
          <span className="agenda-date-label">
            <CalendarOutlined /> {label}
          </span>
        </Space>
        <Space wrap>
          <AgendaSearch branchId={branchId} date={date} onChoose={(a) => setParams({ branchId: branchId!, date: a.date.slice(0, 10), focus: a.id })} />
          {can('dairy', 'create') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!branchId}
              onClick={() =>
                navigate(`/dashboard/agenda/crear/?${new URLSearchParams({ branchId: branchId!, date: date < branchToday ? branchToday : date }).toString()}`, {
                  flushSync: true,
                })
              }
            >
              Nueva cita
            </Button>
          )}
          <Segmented<Density> aria-label="Densidad de la agenda" options={DENSITY_OPTIONS} value={density} onChange={setDensity} />
          {!bound && (
            <Select
              aria-label="Sucursal"
              style={{ width: 220 }}
              placeholder="Sucursal"
              loading={branches.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              value={branchId}
              options={clinics.map((b) => ({ value: b.id, label: b.name }))}
              onChange={setBranch}
            />
          )}
          {can('appointment', 'show') && (
            <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/dashboard/citas')}>
              Citas
            </Button>
          )}
          {can('bitacora', 'show') && (
            <Button icon={<HistoryOutlined />} onClick={() => navigate('/dashboard/bitacora')}>
              Bitácora
            </Button>
          )}
          <Button icon={<LockOutlined />} onClick={() => setLocksOpen(true)} disabled={!branchId}>
            Bloqueos
          </Button>
          {can('blockers', 'create') && (
            <Button icon={<PlusOutlined />} onClick={() => setCreateOpen(true)} disabled={!branchId}>
              Crear bloqueo
            </Button>
          )}
        </Space>
      </div>
      {narrow && day && day.cabins.length > 0 && (
        <div className="agenda-cabin-switch">
          <label htmlFor="agenda-cabin">Cabina</label>
          <Select
            id="agenda-cabin"
            aria-label="Cabina"
            style={{ flex: 1, maxWidth: 320 }}
            value={shownCabin?.id}
            options={day.cabins.map((c) => ({ value: c.id, label: c.name }))}
            onChange={setCabin}
          />
        </div>
      )}
      <div className="agenda-layout">
        {!panelClosed && <AgendaSide date={date} today={branchToday} timeZone={day?.branch.timeZone || BUSINESS_TIME_ZONE} onChange={setDate} />}
        <div className="agenda-main">
          {diary.error ? (
            <Alert type="error" showIcon title={(diary.error as Error).message} />
          ) : !day ? (
            <Skeleton active paragraph={{ rows: 12 }} />
          ) : (
            // the day before, dimmed and busy, while the asked day loads
            <div aria-busy={stale} style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 0.2s' }}>
              <AgendaGrid
                day={day}
                cabins={cabins}
                sizes={gridSizes(density, narrow)}
                compact={density === 'compact'}
                narrow={narrow}
                canCreate={can('dairy', 'create')}
                canConfirm={can('dairy', 'edit')}
                // the form is drawn already: shown in one go inside the click (flushSync), not as a navigation's
                // transition drawn in slices between the browser's other work (react-router/dom's RouterProvider)
                onSlot={(c, time) =>
                  navigate(
                    `/dashboard/agenda/crear/?${new URLSearchParams({ cabainId: c.id, date: day.date.slice(0, 10), startTime: time, branchId: day.branch.id }).toString()}`,
                    { flushSync: true },
                  )
                }
                onCard={(a) => navigate(`/dashboard/agenda/${a.id}`)}
                canMove={can('dairy', 'edit')}
                onMove={(card, from, to, time) => setMove({ card, from, to, time })}
                highlight={focus}
              />
            </div>
          )}
        </div>
      </div>
      <MoveDialog move={move} onClose={() => setMove(null)} />
      {branchId && <LocksModal open={locksOpen} onClose={() => setLocksOpen(false)} branchId={branchId} branchName={day?.branch.name} />}
      {branchId && createOpen && (
        <CreateLockModal
          open={createOpen}
          onClose={() => setCreateOpen(false)}
          branchId={branchId}
          date={date < branchToday ? branchToday : date}
          cabins={day?.cabins ?? []}
        />
      )}
    </div>
  );
});
