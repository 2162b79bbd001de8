import { memo, useEffect, useMemo, useRef, useState, type ComponentRef } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, TimePicker } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { todayIn } from '../../../domain/age';
import {
  APPOINTMENT_METHODS,
  APPOINTMENT_OPTIONS,
  appointmentMethodLabels,
  appointmentOptionLabels,
  appointmentSchema,
  CANCELLATION_LIMIT,
  SLOT_MINUTES,
  type AppointmentOption,
} from '../../../domain/agenda';
import { cancellationLimit, dayHoursOf, hhmm, nowIn, reschedulesLeft, reschedulesLeftText, startTimeChoices } from '../../../domain/appointment-rules';
import { appointmentRoutes, type AppointmentDetail } from '../../../domain/appointments.contract';
import type { Customer } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { useFocusAfterPaint } from '../../ui/focus';
import { useFieldWatch } from '../../ui/watch';
import { FormPage } from '../../ui/FormPage';
import { parseForm, zodRule } from '../../ui/forms';
import { AppointmentActions } from './AppointmentActions';
import { CustomerSelectField } from './CustomerSelect';
import {
  BOOKING_LOOKUP_FRESH_MS,
  bookingDayKey,
  loadBookingDay,
  loadCustomerFacts,
  loadPurchased,
  loadTreatmentTypes,
  purchasedQueryKey,
  TREATMENT_TYPES_FRESH_MS,
  TREATMENT_TYPES_KEY,
  type BookingDay,
  type CustomerFacts,
} from './lookups';
import { bookable, ofType, OptionFields, requiredRule } from './OptionFields';
import { ABSENCE_WARNING, runCustomerWarnings, useNotesModal } from './warnings';
import { leaveWithoutAsking } from '../../ui/unsaved';
import { QuickCustomerModal } from '../customers';

type Values = Record<string, unknown> & { date?: Dayjs | null; startTime?: Dayjs | null; appointmentOption?: AppointmentOption };
const rule = requiredRule;
const labelled = (labels: Record<string, string>, keys: readonly string[]) => keys.map((k) => ({ value: k, label: labels[k] }));

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 60 }, (_, m) => m);

/**
 * The start times the picker offers: the chosen cabin's hours that date (within the branch's), in half hours, leaving
 * room for the appointment's length, none already past. `closed` says why there are none; `starts` is null while
 * the hours are unknown (no cabin chosen, or no agenda answer): then the server alone checks them.
 */
interface Starts {
  starts: string[] | null;
  closed: string | null;
  cabin?: BookingDay['cabins'][number];
}
function bookableStarts(day: BookingDay | undefined, cabainId: string | undefined, date: string, term: number | null): Starts {
  const cabin = day?.cabins.find((c) => c.id === cabainId);
  if (!day || !cabin || day.opening === undefined || cabin.opening === undefined) return { starts: null, closed: null, cabin };
  if (day.opening === null) return { starts: [], closed: 'La sucursal está cerrada ese día', cabin };
  const hours = dayHoursOf(cabin.opening, cabin.closing);
  if (!hours) return { starts: [], closed: 'La cabina no atiende ese día', cabin };
  return { starts: startTimeChoices(hours, term ?? SLOT_MINUTES, date, day.timeZone ? nowIn(day.timeZone) : undefined), closed: null, cabin };
}

/** antd's disabledTime for a list of 'HH:mm' starts: every other hour and minute is hidden. */
const onlyStarts = (starts: string[]) => () => ({
  disabledHours: () => HOURS.filter((h) => !starts.some((t) => Number(t.slice(0, 2)) === h)),
  disabledMinutes: (h: number) => MINUTES.filter((m) => !starts.includes(hhmm(h * 60 + m))),
});

/**
 * A new booking's first values, from its address: the slot the grid was clicked on, or the customer and purchased
 * treatment of a missed appointment (Reagendar) or of the ticket; from the customer list (no slot) today, ready to be
 * typed over. The cabin's type is the appointment's type when the cabin's day is already known.
 */
function creationValues(query: URLSearchParams, day: BookingDay | undefined): Values {
  const d = query.get('date');
  const t = query.get('startTime');
  const cabainId = query.get('cabainId') ?? undefined;
  const purchasedProductId = query.get('purchasedProductId');
  return {
    cabainId,
    treatmentTypeId: day?.cabins.find((c) => c.id === cabainId)?.type.treatmentType?.id,
    date: dayjs(d ?? todayIn()),
    startTime: t ? dayjs(`2000-01-01T${t.slice(0, 5)}`) : undefined,
    appointmentMethod: 'inPerson',
    appointmentOption: purchasedProductId ? 'purchasedProducts' : 'newTreatments',
    customerId: query.get('customerId') ?? undefined,
    purchasedProductId: purchasedProductId ?? undefined,
    sessions: 1,
  };
}

export const agendaUrl = (branchId?: string | null, date?: string | null, focus?: string) => {
  const q = new URLSearchParams();
  if (branchId) q.set('branchId', branchId);
  if (date) q.set('date', date);
  // the agenda scrolls to this appointment and flashes it
  if (focus) q.set('focus', focus);
  const s = q.toString();
  return `/dashboard/agenda${s ? `?${s}` : ''}`;
};

/** /dashboard/agenda/{id}: an appointment's form (a new one's, /dashboard/agenda/crear, is the agenda's page: BookingForm). */
export default function AppointmentFormPage() {
  const { id } = useParams();
  const [query] = useSearchParams();
  return <AppointmentForm id={id} query={query} />;
}

/**
 * A new booking's form inside the agenda's page, drawn ahead: hidden while the day is on screen (`search` null: no
 * booking yet, nothing changes it), then shown with a slot's address (`search`, the query of /dashboard/agenda/crear)
 * in the same drawing that reveals it, so the click only updates controls that already exist. The agenda gives each
 * booking a new one (drawn hidden again once the last one is saved or cancelled).
 */
export const BookingForm = memo(function BookingForm({ search }: { search: string | null }) {
  const query = useMemo(() => new URLSearchParams(search ?? ''), [search]);
  return <AppointmentForm query={query} shown={search !== null} />;
});

interface FormProps {
  /** The appointment edited; none for a new booking. */
  id?: string;
  /** The address's query: a new booking's first values. */
  query: URLSearchParams;
  /** False while a new booking's form is drawn ahead, hidden. */
  shown?: boolean;
}

function AppointmentForm({ id, query, shown = true }: FormProps) {
  const navigate = useNavigate();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const notes = useNotesModal();
  const [facts, setFacts] = useState<CustomerFacts | null>(null);
  const existing = useQuery({
    queryKey: ['appointment', id],
    queryFn: () => call(appointmentRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const a = existing.data;

  const branchId = a?.branch.id ?? query.get('branchId') ?? user?.branch ?? undefined;
  // a new booking mounts with its values (the agenda's day, when it handed it over, gives the cabin's type): the form
  // is drawn once, not drawn empty and filled in by an effect
  const queryClient = useQueryClient();
  const valuesOf = (q: URLSearchParams) => creationValues(q, queryClient.getQueryData<BookingDay>(bookingDayKey(branchId, q.get('date') ?? todayIn())));
  const [created, setCreated] = useState(() => (id ? undefined : valuesOf(query)));
  // the address a new booking's values came from; none while its form is drawn ahead, hidden
  const [filledFrom, setFilledFrom] = useState(() => (id || !shown ? null : query.toString()));
  if (!id && shown && filledFrom === null) {
    // drawn ahead and shown now: its booking's values, in the drawing that shows it. A form never shown has nothing
    // registered on it (its fields and watchers register as they appear), so it takes them without drawing anything
    const values = valuesOf(query);
    form.setFieldsValue(values);
    setCreated(values);
    setFilledFrom(query.toString());
  }
  const initial = created ?? {};
  const date = useFieldWatch<Dayjs | null>(form, 'date', initial.date);
  const dateText = date?.format('YYYY-MM-DD') ?? a?.date ?? query.get('date') ?? todayIn();
  const cabainId = useFieldWatch<string>(form, 'cabainId', initial.cabainId as string | undefined);
  const treatmentTypeId = useFieldWatch<string>(form, 'treatmentTypeId', initial.treatmentTypeId as string | undefined);
  const customerId = useFieldWatch<string>(form, 'customerId', initial.customerId as string | undefined);
  const option = useFieldWatch<AppointmentOption>(form, 'appointmentOption', initial.appointmentOption);

  // a form drawn ahead asks for nothing: shown, it asks for its booking's day (the agenda handed it over)
  const day = useQuery({
    queryKey: bookingDayKey(branchId, dateText),
    queryFn: () => loadBookingDay(branchId!, dateText),
    enabled: shown && Boolean(branchId),
    staleTime: BOOKING_LOOKUP_FRESH_MS,
  });
  const [term, setTerm] = useState<number | null>(null);
  const { starts, closed, cabin } = bookableStarts(day.data, cabainId, dateText, term);
  const types = useQuery({ queryKey: TREATMENT_TYPES_KEY, queryFn: loadTreatmentTypes, staleTime: TREATMENT_TYPES_FRESH_MS, enabled: shown });

  // a new booking's address changed while its form stays open (back and forward): its values again
  const createdFrom = useRef<string | null>(null);
  useEffect(() => {
    if (id || filledFrom === null) return;
    createdFrom.current ??= filledFrom;
    if (createdFrom.current === query.toString()) return;
    createdFrom.current = query.toString();
    form.setFieldsValue(creationValues(query, undefined));
  }, [id, filledFrom, query, form]);

  // edit: the stored appointment
  useEffect(() => {
    if (!a) return;
    form.setFieldsValue({
      cabainId: a.cabain.id,
      treatmentTypeId: a.treatmentType.id,
      customerId: a.customer.id,
      date: dayjs(a.date),
      startTime: dayjs(`2000-01-01T${a.startTime.slice(0, 5)}`),
      appointmentMethod: a.appointmentMethod,
      appointmentOption: a.appointmentOption as AppointmentOption,
      observations: a.observations ?? undefined,
      promoId: a.promoId ?? undefined,
      packageId: a.packageId ?? undefined,
      purchasedProductId: a.purchasedProductId ?? undefined,
      treatmentId: a.treatment?.id ?? undefined,
      categoriesIds: a.categoriesIds ?? [],
      sessions: a.sessions ?? 1,
    });
  }, [a, form]);

  // the cabin's type is the appointment's type (the server refuses another); a change of cabin type clears what was booked
  const cabinType = day.data?.cabins.find((c) => c.id === cabainId)?.type.treatmentType?.id;
  useEffect(() => {
    if (!cabinType) return;
    const was = form.getFieldValue('treatmentTypeId') as string | undefined;
    if (was === cabinType) return;
    form.setFieldValue('treatmentTypeId', cabinType);
    if (was)
      form.setFieldsValue({ treatmentId: undefined, packageId: undefined, promoId: undefined, purchasedProductId: undefined, categoriesIds: [], sessions: 1 });
  }, [cabinType, form]);

  // a new booking offers the customer's purchased treatments with sessions left first: the option 'Tratamiento adquirido'
  // is chosen for her (and the purchase, when she has one of the type), once per customer, unless something was chosen
  const purchases = useQuery({ queryKey: purchasedQueryKey(customerId), queryFn: () => loadPurchased(customerId!), enabled: !id && Boolean(customerId) });
  const pending = ofType(bookable(purchases.data?.items ?? []), treatmentTypeId);
  const offered = useRef<string | null>(null);
  useEffect(() => {
    // from a slot, wait for the cabin's type: only purchases of that type are offered
    if (id || !customerId || !purchases.data || offered.current === customerId || (cabainId && !treatmentTypeId)) return;
    offered.current = customerId;
    const chosen = form.getFieldsValue(['appointmentOption', 'treatmentId', 'purchasedProductId']) as Values;
    if (!pending.length || chosen.purchasedProductId || chosen.treatmentId) return;
    form.setFieldsValue({ appointmentOption: 'purchasedProducts', purchasedProductId: pending.length === 1 ? pending[0]!.id : undefined, sessions: 1 });
  }, [id, customerId, purchases.data, pending, cabainId, treatmentTypeId, form]);

  // a purchase chosen before the cabin (from the ticket's 'Agendar sesión'): the first open cabin of its type that day
  const purchasedProductId = useFieldWatch<string>(form, 'purchasedProductId', initial.purchasedProductId as string | undefined);
  const purchaseType = purchases.data?.items.find((p) => p.id === purchasedProductId)?.treatment.treatmentType?.id;
  useEffect(() => {
    if (id || cabainId || !purchaseType || !day.data) return;
    const ofPurchase = day.data.cabins.filter((c) => c.type.treatmentType?.id === purchaseType);
    const first = ofPurchase.find((c) => c.opening) ?? ofPurchase[0];
    if (first) form.setFieldValue('cabainId', first.id);
  }, [id, cabainId, purchaseType, day.data, form]);

  // the facts behind the warnings, for the customer on an existing appointment too
  useEffect(() => {
    if (a && !facts)
      void loadCustomerFacts(a.customer.id)
        .then(setFacts)
        .catch(() => undefined);
  }, [a, facts]);

  const back = agendaUrl(branchId, dateText);
  // a walk-in: registered here (name typed once) and chosen as the patient, with the same warnings as a pick
  const [walkIn, setWalkIn] = useState(false);
  const registered = (c: Customer) => {
    setWalkIn(false);
    form.setFieldsValue({ customerId: c.id });
    void onCustomer(c.id);
  };
  const onCustomer = async (customer: string | null) => {
    setFacts(null);
    if (!customer) return;
    try {
      const f = await loadCustomerFacts(customer);
      setFacts(f);
      await runCustomerWarnings(f, {
        // the user chose to leave in the warning's dialog: no second question about the form
        toCustomer: (cid) => leaveWithoutAsking(() => navigate(`/dashboard/clientes/${cid}`)),
        toAgenda: () => leaveWithoutAsking(() => navigate(back)),
        showNotes: notes.show,
      });
    } catch {
      /* the booking itself reports a missing customer */
    }
  };

  // another patient picked by hand: the previous one's purchase is not hers
  const onPicked = (customer: string | null) => {
    if (!id && option === 'purchasedProducts') form.setFieldValue('purchasedProductId', undefined);
    void onCustomer(customer);
  };

  // a rebooked customer gets the same warnings as one picked by hand
  const rebookCustomer = id ? null : query.get('customerId');
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (!rebookCustomer || warned.current === rebookCustomer) return;
    warned.current = rebookCustomer;
    void onCustomer(rebookCustomer);
  });

  // the role's editable flag, carried in the session's token
  const limit = cancellationLimit(Boolean(user?.extendedCancellationLimit));
  const cancellations = facts?.customer.cancellations ?? a?.customer.cancellations ?? 0;
  const tooManyCancellations = cancellations >= limit && option !== 'purchasedProducts';
  const closedStatus = a?.status === 'absence' || a?.status === 'finished';
  const readOnly = Boolean(id) && (!a?.editable || !can('dairy', 'edit'));
  // in process the appointment cannot move nor change what was booked: only observations and categories
  const locked = a?.status === 'inProcess';
  // true or nothing: an explicit false would override the read-only form's disabled state
  const lock = locked || undefined;
  // options whose catalogue the role cannot read are left out (packages and promotions come through the agenda's own route)
  const readable: Record<AppointmentOption, boolean> = { promotion: true, packages: true, purchasedProducts: true, newTreatments: can('treatments', 'show') };
  const optionOrder =
    !id && pending.length ? ['purchasedProducts' as const, ...APPOINTMENT_OPTIONS.filter((o) => o !== 'purchasedProducts')] : APPOINTMENT_OPTIONS;
  const optionChoices = labelled(
    appointmentOptionLabels,
    optionOrder.filter((o) => readable[o] || o === a?.appointmentOption),
  ).map((o) =>
    o.value === 'purchasedProducts' && !id && pending.length
      ? { ...o, label: `${o.label} (${pending.length} ${pending.length === 1 ? 'pendiente' : 'pendientes'})` }
      : o,
  );
  // section 4: two changes of date, time or cabin at most (mayReschedule, APPOINTMENT_TOO_MANY_CHANGES)
  const changesLeft = a ? reschedulesLeft(a.reschedules) : null;
  const slotFixed = locked || changesLeft === 0 || undefined;
  const sameSlot = (v: Dayjs) => Boolean(a) && v.format('HH:mm') === a!.startTime.slice(0, 5) && dateText === a!.date && cabainId === a!.cabain.id;
  const startRules = [
    {
      required: true,
      validator: async (_: unknown, v: Dayjs | null | undefined) => {
        if (!v) throw new Error('El campo hora de inicio es requerido');
        if (!starts || locked || sameSlot(v)) return;
        if (closed) throw new Error(closed);
        if (!starts.includes(v.format('HH:mm')))
          throw new Error(`El horario de la cabina ese día es de ${cabin?.opening} - ${cabin?.closing === '00:00' ? '24:00' : cabin?.closing}`);
      },
    },
  ];
  const focusCustomer = shown && !id && !query.get('customerId');
  const walkInLink = !id && can('clients', 'create');
  const dateField = useFocusAfterPaint<ComponentRef<typeof DatePicker>>(!id && Boolean(query.get('customerId')) && !query.get('startTime'));
  // once per drawing: the picker asks for every date it shows
  const today = todayIn();
  const customerLabel = a?.customer ?? (facts && facts.customer.id === customerId ? facts.customer : undefined);

  const submit = (raw: Values) => {
    const opt = raw.appointmentOption;
    const treatmentId = opt === 'newTreatments' ? (raw.treatmentId as string | undefined) : undefined;
    const payload = {
      ...raw,
      branchId,
      date: raw.date?.format('YYYY-MM-DD'),
      startTime: raw.startTime?.format('HH:mm'),
      promoId: opt === 'promotion' ? raw.promoId : null,
      packageId: opt === 'packages' ? raw.packageId : null,
      purchasedProductId: opt === 'purchasedProducts' ? raw.purchasedProductId : null,
      treatmentId: treatmentId ?? null,
      treatmentsIds: treatmentId ? [treatmentId] : [],
      categoriesIds: opt === 'newTreatments' ? (raw.categoriesIds ?? []) : [],
      sessions: opt === 'purchasedProducts' ? raw.sessions : 1,
    };
    const values = parseForm(appointmentSchema, payload, form);
    if (!values) return false;
    return id ? call(appointmentRoutes.update, { params: { id }, body: values }) : call(appointmentRoutes.create, { body: values });
  };

  const saveButton = (
    <Button type="primary" htmlType="submit" disabled={tooManyCancellations || closedStatus}>
      {id ? 'Guardar' : 'Agendar'}
    </Button>
  );

  return (
    <>
      <FormPage<Values>
        title={id ? `Cita ${a?.appointmentNumber ?? ''}` : 'Nueva cita'}
        form={form}
        backTo={back}
        // the agenda of the saved appointment's day, scrolled to it and flashing
        savedTo={(saved) => {
          const s = saved as AppointmentDetail;
          return agendaUrl(s.branch.id, s.date.slice(0, 10), s.id);
        }}
        invalidate={['diary', 'list', 'appointment']}
        initialValues={created}
        loading={existing.isLoading}
        readOnly={readOnly}
        onSubmit={submit}
        actions={
          id ? a && <AppointmentActions appointment={a} saveButton={readOnly ? null : saveButton} absences={facts?.absences ?? 0} back={back} /> : saveButton
        }
      >
        {facts && cancellations >= CANCELLATION_LIMIT && (
          <Alert
            type={tooManyCancellations ? 'error' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            title={`El cliente tiene ${cancellations} cancelaciones consecutivas`}
            description={
              tooManyCancellations
                ? 'Solo puede agendar con un tratamiento adquirido. Considere agregarlo a la lista negra.'
                : 'Considere agregar al cliente a la lista negra.'
            }
          />
        )}
        {facts && facts.absences >= ABSENCE_WARNING && (
          <Alert type="warning" showIcon closable style={{ marginBottom: 16 }} title={`El cliente tiene ${facts.absences} inasistencias`} />
        )}
        {a && !a.editable && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Esta cita ya no puede modificarse" />}
        {a?.editable && !locked && changesLeft !== null && (
          <Alert
            type={changesLeft ? 'info' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            title={reschedulesLeftText(a.reschedules)}
            data-testid="changes-left"
          />
        )}
        {a?.editable && locked && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="La cita está en proceso: solo pueden cambiarse las observaciones y las categorías" />
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="cabainId" label="Cabina" required rules={rule('cabainId', 'cabina')}>
              <Select
                disabled={slotFixed}
                loading={day.isFetching}
                options={(day.data?.cabins ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.type.name}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="treatmentTypeId" label="Tipo de cita" required rules={rule('treatmentTypeId', 'tipo de cita')}>
              <Select
                loading={types.isFetching}
                options={types.data ?? []}
                disabled={locked || Boolean(cabinType) || undefined}
                onChange={() => form.setFieldsValue({ treatmentId: undefined, packageId: undefined, promoId: undefined, purchasedProductId: undefined })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="customerId" label="Paciente" required rules={rule('customerId', 'paciente')} style={walkInLink ? { marginBottom: 0 } : undefined}>
              <CustomerSelectField current={customerLabel} disabled={lock} autoFocus={focusCustomer} onPicked={onPicked} />
            </Form.Item>
            {/* beside the field, not its `extra`: antd measures an extra's height as the form mounts, laying out the whole page */}
            {walkInLink && (
              <Button type="link" size="small" icon={<UserAddOutlined />} style={{ paddingInline: 0, marginBottom: 8 }} onClick={() => setWalkIn(true)}>
                Paciente nuevo
              </Button>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="date" label="Fecha" required rules={[{ required: true, message: 'El campo fecha es requerido' }]}>
              <DatePicker
                ref={dateField}
                disabled={slotFixed}
                format="DD/MM/YYYY"
                style={{ width: '100%' }}
                disabledDate={(d) => d.format('YYYY-MM-DD') < today}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="startTime"
              label="Hora de inicio"
              required
              rules={startRules}
              {...(closed && !slotFixed ? { validateStatus: 'error' as const, help: closed } : {})}
            >
              <TimePicker
                disabled={slotFixed}
                format="HH:mm"
                minuteStep={SLOT_MINUTES}
                showNow={false}
                needConfirm={false}
                // a time picked in the open panel is the field's value at once: 'Agendar' clicked while the panel is still
                // open books that time (the panel's own commit waits for its close, after the click has submitted)
                onCalendarChange={(v) => {
                  if (v && !Array.isArray(v)) form.setFieldValue('startTime', v);
                }}
                hideDisabledOptions
                disabledTime={starts ? onlyStarts(starts) : undefined}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="appointmentMethod" label="Método de cita" required rules={rule('appointmentMethod', 'método de cita')}>
              <Select disabled={lock} options={labelled(appointmentMethodLabels, APPOINTMENT_METHODS)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="appointmentOption" label="Opción" required rules={rule('appointmentOption', 'opción')}>
              <Select disabled={lock} options={optionChoices} />
            </Form.Item>
          </Col>
          <OptionFields
            form={form}
            option={option}
            branchId={branchId}
            customerId={customerId}
            treatmentTypeId={treatmentTypeId}
            current={a}
            locked={locked}
            onTerm={setTerm}
          />
          <Col xs={24}>
            <Form.Item name="observations" label="Observaciones" rules={[zodRule(appointmentSchema, 'observations')]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </FormPage>
      {notes.node}
      {walkIn && <QuickCustomerModal open onClose={() => setWalkIn(false)} onCreated={registered} />}
    </>
  );
}
