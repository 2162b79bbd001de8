import { Col, Form, Select, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { appointmentSchema, type AppointmentOption } from '../../../domain/agenda';
import { api } from '../../app/api';
import { zodRule } from '../../ui/forms';
import { categoriesOf, loadPackages, loadTreatments, type PackageOption } from './lookups';
import type { AppointmentDetail, ListAnswer, Named, PurchasedProduct } from './types';

const rule = (field: keyof typeof appointmentSchema.shape, label: string) => [zodRule(appointmentSchema, field), { required: true, message: `El campo ${label} es requerido` }];

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
}

/** Purchased treatments that still have sessions left, or the one already on the appointment (section 5). */
export function bookable(items: PurchasedProduct[], currentId?: string | null) {
  return items.filter((p) => p.id === currentId || (p.currentSession < p.sessions && !['finished', 'expired', 'refunded'].includes(p.status)));
}

/** Purchased treatments of the appointment's treatment type (the one already booked always stays). */
export function ofType(items: PurchasedProduct[], treatmentTypeId: string | undefined, currentId?: string | null) {
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
export function OptionFields({ form, option, branchId, customerId, treatmentTypeId, current, locked }: Props) {
  const categoriesIds = (Form.useWatch('categoriesIds', form) as string[] | undefined) ?? [];
  const purchasedProductId = Form.useWatch('purchasedProductId', form) as string | undefined;
  const pkg = option === 'promotion' || option === 'packages' ? PACKAGE_FIELDS[option] : null;
  const packages = useQuery({ queryKey: ['appt-packages', pkg?.type, branchId], queryFn: () => loadPackages(pkg!.type, branchId), enabled: Boolean(pkg) && !locked });
  const purchased = useQuery({
    queryKey: ['appt-purchased', customerId],
    queryFn: () => api<ListAnswer<PurchasedProduct>>(`/purchased-product/customer/${customerId}`, { query: { take: 100 } }),
    enabled: option === 'purchasedProducts' && Boolean(customerId),
  });
  const treatments = useQuery({ queryKey: ['appt-treatments', treatmentTypeId], queryFn: () => loadTreatments(treatmentTypeId), enabled: option === 'newTreatments' && Boolean(treatmentTypeId) });
  const typeNeeded = treatmentTypeId ? undefined : 'Seleccione primero la cabina';

  if (pkg)
    return (
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
    );
  if (option === 'purchasedProducts') {
    const items = ofType(bookable(purchased.data?.items ?? [], current?.purchasedProductId), treatmentTypeId, current?.purchasedProductId);
    const chosen = items.find((p) => p.id === purchasedProductId);
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name="purchasedProductId" label="Tratamiento adquirido" required rules={rule('purchasedProductId', 'tratamiento adquirido')}>
            <Select
              loading={purchased.isFetching}
              disabled={locked || !customerId || undefined}
              placeholder={customerId ? undefined : 'Seleccione primero el paciente'}
              notFoundContent="El paciente no tiene tratamientos de este tipo con sesiones pendientes"
              options={items.map((p) => ({ value: p.id, label: `${p.treatment.name} · sesión ${p.currentSession}/${p.sessions}${p.order ? ` · ${p.order.orderNumber}` : ''}` }))}
              onChange={() => form.setFieldValue('sessions', 1)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="sessions" label="Sesiones" required rules={rule('sessions', 'sesiones')}>
            <Select disabled={locked || undefined} options={sessionChoices(chosen)} />
          </Form.Item>
        </Col>
      </>
    );
  }
  if (option === 'newTreatments') {
    // the type's treatments (the server filters by type; checked again here), their categories as the filter
    const ofThisType = (treatments.data ?? []).filter((t) => t.treatmentTypeId === treatmentTypeId);
    const list = ofThisType.filter((t) => !categoriesIds.length || t.categories.some((c) => categoriesIds.includes(c.id)));
    const options = list.map((t) => ({ value: t.id, label: t.name }));
    if (current?.treatment && !options.some((o) => o.value === current.treatment!.id)) options.unshift({ value: current.treatment.id, label: current.treatment.name });
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name="categoriesIds" label="Categoría">
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={treatments.isFetching} options={categoriesOf(ofThisType)} />
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
            />
          </Form.Item>
        </Col>
      </>
    );
  }
  return null;
}
