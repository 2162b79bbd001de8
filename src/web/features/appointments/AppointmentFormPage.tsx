import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, TimePicker } from 'antd';
import { useQuery } from '@tanstack/react-query';
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
import { cancellationLimit } from '../../../domain/appointment-rules';
import { api } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { parseForm, zodRule } from '../../ui/forms';
import { AppointmentActions } from './AppointmentActions';
import { CustomerSelectField } from './CustomerSelect';
import { loadCabins, loadCustomerFacts, loadTreatmentTypes, type CustomerFacts } from './lookups';
import { OptionFields } from './OptionFields';
import type { AppointmentDetail } from './types';
import { ABSENCE_WARNING, runCustomerWarnings, useNotesModal } from './warnings';
import { leaveWithoutAsking } from '../../ui/unsaved';

type Values = Record<string, unknown> & { date?: Dayjs | null; startTime?: Dayjs | null; appointmentOption?: AppointmentOption };
const rule = (field: keyof typeof appointmentSchema.shape, label: string) => [zodRule(appointmentSchema, field), { required: true, message: `El campo ${label} es requerido` }];
const labelled = (labels: Record<string, string>, keys: readonly string[]) => keys.map((k) => ({ value: k, label: labels[k] }));

export const agendaUrl = (branchId?: string | null, date?: string | null) => {
  const q = new URLSearchParams();
  if (branchId) q.set('branchId', branchId);
  if (date) q.set('date', date);
  const s = q.toString();
  return `/dashboard/agenda${s ? `?${s}` : ''}`;
};

/** /dashboard/agenda/crear (from a free slot of the grid) and /dashboard/agenda/{id}. */
export default function AppointmentFormPage() {
  const { id } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const notes = useNotesModal();
  const [facts, setFacts] = useState<CustomerFacts | null>(null);
  const existing = useQuery({ queryKey: ['appointment', id], queryFn: () => api<AppointmentDetail>(`/appointment/${id}`), enabled: Boolean(id), throwOnError: isMissingRecord });
  const a = existing.data;

  const branchId = a?.branch.id ?? query.get('branchId') ?? user?.branch ?? undefined;
  const date = Form.useWatch('date', form) as Dayjs | null | undefined;
  const dateText = date?.format('YYYY-MM-DD') ?? a?.date ?? query.get('date') ?? todayIn();
  const cabainId = Form.useWatch('cabainId', form) as string | undefined;
  const treatmentTypeId = Form.useWatch('treatmentTypeId', form) as string | undefined;
  const customerId = Form.useWatch('customerId', form) as string | undefined;
  const option = Form.useWatch('appointmentOption', form) as AppointmentOption | undefined;

  const cabins = useQuery({ queryKey: ['appt-cabins', branchId, dateText], queryFn: () => loadCabins(branchId!, dateText), enabled: Boolean(branchId) });
  const types = useQuery({ queryKey: ['appt-treatment-type-options'], queryFn: loadTreatmentTypes, staleTime: 300_000 });

  // create: the slot the grid was clicked on, or the customer and purchased treatment of a missed appointment (Reagendar)
  useEffect(() => {
    if (id) return;
    const d = query.get('date');
    const t = query.get('startTime');
    const purchasedProductId = query.get('purchasedProductId');
    form.setFieldsValue({
      cabainId: query.get('cabainId') ?? undefined,
      date: d ? dayjs(d) : undefined,
      startTime: t ? dayjs(`2000-01-01T${t.slice(0, 5)}`) : undefined,
      appointmentMethod: 'inPerson',
      appointmentOption: purchasedProductId ? 'purchasedProducts' : 'newTreatments',
      customerId: query.get('customerId') ?? undefined,
      purchasedProductId: purchasedProductId ?? undefined,
      sessions: 1,
    });
  }, [id, query, form]);

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
      appointmentOption: a.appointmentOption,
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
  const cabinType = cabins.data?.find((c) => c.id === cabainId)?.type.treatmentType?.id;
  useEffect(() => {
    if (!cabinType) return;
    const was = form.getFieldValue('treatmentTypeId') as string | undefined;
    if (was === cabinType) return;
    form.setFieldValue('treatmentTypeId', cabinType);
    if (was) form.setFieldsValue({ treatmentId: undefined, packageId: undefined, promoId: undefined, purchasedProductId: undefined, categoriesIds: [], sessions: 1 });
  }, [cabinType, form]);

  // the facts behind the warnings, for the customer on an existing appointment too
  useEffect(() => {
    if (a && !facts) void loadCustomerFacts(a.customer.id).then(setFacts).catch(() => undefined);
  }, [a, facts]);

  const back = agendaUrl(branchId, dateText);
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
  const readable: Record<AppointmentOption, boolean> = {
    promotion: true,
    packages: true,
    purchasedProducts: true,
    newTreatments: can('treatments', 'show'),
  };
  const optionChoices = labelled(appointmentOptionLabels, APPOINTMENT_OPTIONS.filter((o) => readable[o] || o === a?.appointmentOption));
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
    return id ? api(`/appointment/${id}/update`, { method: 'PUT', body: values }) : api('/appointment/create', { body: values });
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
        invalidate={['diary', 'list', 'appointment']}
        loading={existing.isLoading}
        readOnly={readOnly}
        onSubmit={submit}
        actions={id ? a && <AppointmentActions appointment={a} saveButton={readOnly ? null : saveButton} absences={facts?.absences ?? 0} back={back} /> : saveButton}
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
        {facts && facts.absences >= ABSENCE_WARNING && <Alert type="warning" showIcon closable style={{ marginBottom: 16 }} title={`El cliente tiene ${facts.absences} inasistencias`} />}
        {a && !a.editable && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Esta cita ya no puede modificarse" />}
        {a?.editable && locked && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="La cita está en proceso: solo pueden cambiarse las observaciones y las categorías" />
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="cabainId" label="Cabina" required rules={rule('cabainId', 'cabina')}>
              <Select disabled={lock} loading={cabins.isFetching} options={(cabins.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.type.name}` }))} />
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
            <Form.Item name="customerId" label="Paciente" required rules={rule('customerId', 'paciente')}>
              <CustomerSelectField current={customerLabel} disabled={lock} onPicked={onCustomer} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="date" label="Fecha" required rules={[{ required: true, message: 'El campo fecha es requerido' }]}>
              <DatePicker disabled={lock} format="DD/MM/YYYY" style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') < todayIn()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="startTime" label="Hora de inicio" required rules={[{ required: true, message: 'El campo hora de inicio es requerido' }]}>
              <TimePicker disabled={lock} format="HH:mm" minuteStep={SLOT_MINUTES} showNow={false} needConfirm={false} style={{ width: '100%' }} />
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
          <OptionFields form={form} option={option} branchId={branchId} customerId={customerId} treatmentTypeId={treatmentTypeId} current={a} locked={locked} />
          <Col xs={24}>
            <Form.Item name="observations" label="Observaciones" rules={[zodRule(appointmentSchema, 'observations')]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </FormPage>
      {notes.node}
    </>
  );
}

