import { useEffect, useRef } from 'react';
import { Col, Form, Select, Typography, type FormInstance, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { appointmentSchema, type AppointmentOption } from '../../../domain/agenda';
import { appointmentTerm, durationText, endTimeOf } from '../../../domain/appointment-rules';
import type { AppointmentDetail } from '../../../domain/appointments.contract';
import type { PurchasedProduct } from '../../../domain/customers.contract';
import { useCan } from '../../app/privileges';
import { zodRule } from '../../ui/forms';
import { useFieldWatch } from '../../ui/watch';
import {
  BOOKING_LOOKUP_FRESH_MS,
  categoriesOf,
  loadPackages,
  loadPurchased,
  loadTreatments,
  purchasedQueryKey,
  treatmentsKey,
  type Named,
  type PackageOption,
  type TreatmentOption,
} from './lookups';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * One rule per field, so a failed submit shows its message once: 'El campo {label} es requerido' when empty, else the
 * field's own zod schema from src/domain (the server's rule and message).
 */
export function requiredRule(field: keyof typeof appointmentSchema.shape, label: string): FormRule[] {
  const zod = zodRule(appointmentSchema, field) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  return [
    {
      required: true,
      validator: async (r, value) => {
        if (isEmpty(value)) throw new Error(`El campo ${label} es requerido`);
        await zod.validator(r, value);
      },
    },
  ];
}
const rule = requiredRule;

/** The minutes of one session of a treatment: from the type's treatment list, else from the appointment's own treatment. */
function sessionMinutes(treatmentId: string | null | undefined, list: TreatmentOption[] | undefined, current?: AppointmentDetail): number | null {
  if (!treatmentId) return null;
  const listed = list?.find((t) => t.id === treatmentId)?.duration;
  if (listed !== undefined) return listed;
  return current?.treatment?.id === treatmentId ? current.treatment.durationMinutes : null;
}

/** 'Duración': the treatment's duration × the sessions booked, as the server computes it (appointmentTerm). */
function DurationItem({
  term,
  startTime,
  pending = 'Según el tratamiento y las sesiones elegidos',
}: {
  term: number | null;
  startTime?: Dayjs | null;
  pending?: string;
}) {
  const end = term && startTime ? endTimeOf(startTime.format('HH:mm'), term) : null;
  return (
    <Col xs={24} md={12}>
      {/* shown, not entered: `required` only keeps the form's "(opcional)" mark off it */}
      <Form.Item label="Duración" required>
        <Typography.Text data-testid="appointment-duration">
          {term ? `${durationText(term)}${startTime && end ? ` · de ${startTime.format('HH:mm')} a ${end === '00:00' ? '24:00' : end}` : ''}` : pending}
        </Typography.Text>
      </Form.Item>
    </Col>
  );
}

interface Props {
  form: FormInstance;
  option?: AppointmentOption;
  branchId?: string;
  customerId?: string;
  /** The appointment's type: the cabin's treatment type. Every choice below belongs to it. */
  treatmentTypeId?: string;
  current?: AppointmentDetail;
  /** In process: what was booked can no longer change (categories stay editable). */
  locked?: boolean;
  /** The appointment's length in minutes as it stands (null while unknown): the start times offered depend on it. */
  onTerm?: (minutes: number | null) => void;
}

/** Purchased treatments that still have sessions left, or the one already on the appointment (section 5). */
export function bookable(items: PurchasedProduct[], currentId?: string | null) {
  return items.filter((p) => p.id === currentId || (p.currentSession < p.sessions && !['finished', 'expired', 'refunded'].includes(p.status)));
}

/** Purchased treatments of the appointment's treatment type (the one already booked always stays); all of them while no cabin gives the type. */
export function ofType(items: PurchasedProduct[], treatmentTypeId: string | undefined, currentId?: string | null) {
  if (!treatmentTypeId) return items;
  return items.filter((p) => p.id === currentId || p.treatment.treatmentType?.id === treatmentTypeId);
}

/** Session choices 1 … sessions − currentSession. */
export function sessionChoices(p?: PurchasedProduct) {
  const left = p ? Math.max(1, p.sessions - p.currentSession) : 1;
  return Array.from({ length: left }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
}

/** Packages or promotions of the type, plus the one on the appointment (it may have expired since). */
function packageChoices(items: PackageOption[] | undefined, treatmentTypeId: string | undefined, current: Named | null | undefined) {
  const list = (items ?? []).filter((p) => p.treatmentTypeId === treatmentTypeId).map((p) => ({ value: p.id, label: p.name }));
  if (current && !list.some((o) => o.value === current.id)) list.unshift({ value: current.id, label: current.name });
  return list;
}

/** Promotion and package: the same choice of a bookable package of the appointment's type. */
const PACKAGE_FIELDS = {
  promotion: { type: 'Promotion', field: 'promoId', label: 'Promoción', empty: 'Sin promociones de este tipo de cita' },
  packages: { type: 'Package', field: 'packageId', label: 'Paquete', empty: 'Sin paquetes de este tipo de cita' },
} as const;

/** The fields that depend on the appointment option: promotion, package, purchased treatment or new treatment. */
export function OptionFields({ form, option, branchId, customerId, treatmentTypeId, current, locked, onTerm }: Props) {
  const can = useCan();
  const categoriesIds = useFieldWatch<string[]>(form, 'categoriesIds') ?? [];
  const purchasedProductId = useFieldWatch<string>(form, 'purchasedProductId');
  const treatmentId = useFieldWatch<string>(form, 'treatmentId');
  const packageField = useFieldWatch<string>(form, option === 'promotion' ? 'promoId' : 'packageId');
  const sessions = Number(useFieldWatch(form, 'sessions') ?? 1) || 1;
  const startTime = useFieldWatch<Dayjs | null>(form, 'startTime');
  const pkg = option === 'promotion' || option === 'packages' ? PACKAGE_FIELDS[option] : null;
  const packages = useQuery({
    queryKey: ['appt-packages', pkg?.type, branchId],
    queryFn: () => loadPackages(pkg!.type, branchId),
    enabled: Boolean(pkg) && !locked,
  });
  const purchased = useQuery({
    queryKey: purchasedQueryKey(customerId),
    queryFn: () => loadPurchased(customerId!),
    enabled: option === 'purchasedProducts' && Boolean(customerId),
  });
  // the type's treatments: the choices of a new treatment, and the session duration of a purchased one
  const withTreatments = option === 'newTreatments' || (option === 'purchasedProducts' && can('treatments', 'show'));
  const treatments = useQuery({
    queryKey: treatmentsKey(treatmentTypeId),
    queryFn: () => loadTreatments(treatmentTypeId),
    enabled: withTreatments && Boolean(treatmentTypeId),
    staleTime: BOOKING_LOOKUP_FRESH_MS,
  });
  const typeNeeded = treatmentTypeId ? undefined : 'Seleccione primero la cabina';
  const purchasedItems = ofType(bookable(purchased.data?.items ?? [], current?.purchasedProductId), treatmentTypeId, current?.purchasedProductId);
  const chosen = purchasedItems.find((p) => p.id === purchasedProductId);

  // the length the server will give the appointment: a treatment's duration × sessions, a package's stored term while it is the same one
  const minutesOfSession =
    option === 'purchasedProducts'
      ? sessionMinutes(chosen?.treatment.id, treatments.data, current)
      : option === 'newTreatments'
        ? sessionMinutes(treatmentId, treatments.data, current)
        : null;
  const samePackage = Boolean(current && packageField && (current.packageId === packageField || current.promoId === packageField));
  // the server keeps a stored appointment's own length while what it books stays the same
  const sameItem =
    Boolean(current) &&
    option === current!.appointmentOption &&
    (option === 'newTreatments'
      ? treatmentId === current!.treatment?.id
      : option === 'purchasedProducts'
        ? purchasedProductId === current!.purchasedProductId && sessions === current!.sessions
        : samePackage);
  const term = sameItem
    ? current!.term
    : minutesOfSession !== null
      ? appointmentTerm(undefined, minutesOfSession, null, option === 'purchasedProducts' ? sessions : 1)
      : null;
  useEffect(() => onTerm?.(term), [term, onTerm]);

  // an appointment stored without a category shows its treatment's (the field is required from now on)
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || option !== 'newTreatments' || !current?.treatment || current.categoriesIds.length || !treatments.data) return;
    filled.current = true;
    const own = treatments.data.find((t) => t.id === current.treatment!.id)?.categories.map((c) => c.id) ?? [];
    if (own.length && !(form.getFieldValue('categoriesIds') as string[] | undefined)?.length) form.setFieldValue('categoriesIds', own);
  }, [option, current, treatments.data, form]);

  if (pkg)
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name={pkg.field} label={pkg.label} required rules={rule(pkg.field, pkg.label.toLowerCase())}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={packages.isFetching}
              disabled={locked || !treatmentTypeId || undefined}
              placeholder={typeNeeded}
              notFoundContent={pkg.empty}
              options={packageChoices(packages.data, treatmentTypeId, option === 'promotion' ? current?.promotion : current?.package)}
            />
          </Form.Item>
        </Col>
        <DurationItem term={term} startTime={startTime} pending="Se calcula con el tiempo de cabina del paquete al agendar" />
      </>
    );
  if (option === 'purchasedProducts') {
    const items = purchasedItems;
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name="purchasedProductId" label="Tratamiento adquirido" required rules={rule('purchasedProductId', 'tratamiento adquirido')}>
            <Select
              loading={purchased.isFetching}
              disabled={locked || !customerId || undefined}
              placeholder={customerId ? undefined : 'Seleccione primero el paciente'}
              notFoundContent="El paciente no tiene tratamientos de este tipo con sesiones pendientes"
              options={items.map((p) => ({
                value: p.id,
                label: `${p.treatment.name} · sesión ${p.currentSession}/${p.sessions}${p.order ? ` · ${p.order.orderNumber}` : ''}`,
              }))}
              onChange={() => form.setFieldValue('sessions', 1)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="sessions" label="Sesiones" required rules={rule('sessions', 'sesiones')}>
            <Select disabled={locked || undefined} options={sessionChoices(chosen)} />
          </Form.Item>
        </Col>
        <DurationItem term={term} startTime={startTime} />
      </>
    );
  }
  if (option === 'newTreatments') {
    // the type's treatments (the server filters by type; checked again here), their categories as the filter
    const ofThisType = (treatments.data ?? []).filter((t) => t.treatmentTypeId === treatmentTypeId);
    const inCategories = (t: TreatmentOption, ids: string[]) => !ids.length || t.categories.some((c) => ids.includes(c.id));
    const list = ofThisType.filter((t) => inCategories(t, categoriesIds));
    const options = list.map((t) => ({ value: t.id, label: t.name }));
    if (current?.treatment && !options.some((o) => o.value === current.treatment!.id))
      options.unshift({ value: current.treatment.id, label: current.treatment.name });
    const categoryChoices = categoriesOf(ofThisType);
    // section 5: the category is required (when the type's treatments have any)
    const categoryRules = categoryChoices.length ? rule('categoriesIds', 'categoría') : [];
    // a category that leaves the chosen treatment out clears it; a treatment chosen first brings its categories
    const onCategories = (ids: string[]) => {
      const t = ofThisType.find((x) => x.id === form.getFieldValue('treatmentId'));
      if (t && !inCategories(t, ids)) form.setFieldValue('treatmentId', undefined);
    };
    const onTreatment = (id: string) => {
      const t = ofThisType.find((x) => x.id === id);
      if (t && !categoriesIds.length) form.setFields([{ name: 'categoriesIds', value: t.categories.map((c) => c.id), errors: [] }]);
    };
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name="categoriesIds" label="Categoría" required={categoryChoices.length > 0} rules={categoryRules}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={treatments.isFetching}
              placeholder={typeNeeded}
              options={categoryChoices}
              onChange={onCategories}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="treatmentId" label="Tratamiento" required rules={rule('treatmentId', 'tratamiento')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={treatments.isFetching}
              disabled={locked || !treatmentTypeId || undefined}
              placeholder={typeNeeded}
              notFoundContent="Sin tratamientos de este tipo de cita"
              options={options}
              onChange={onTreatment}
            />
          </Form.Item>
        </Col>
        <DurationItem term={term} startTime={startTime} />
      </>
    );
  }
  return null;
}
