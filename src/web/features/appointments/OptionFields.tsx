import { Col, Form, Select, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { appointmentSchema, type AppointmentOption } from '../../../domain/agenda';
import { api } from '../../app/api';
import { zodRule } from '../../ui/forms';
import { loadCategories, loadPackages, loadTreatments } from './lookups';
import type { AppointmentDetail, ListAnswer, PurchasedProduct } from './types';

const rule = (field: keyof typeof appointmentSchema.shape, label: string) => [zodRule(appointmentSchema, field), { required: true, message: `El campo ${label} es requerido` }];

interface Props {
  form: FormInstance;
  option?: AppointmentOption;
  branchId?: string;
  customerId?: string;
  treatmentTypeId?: string;
  current?: AppointmentDetail;
}

/** Purchased treatments that still have sessions left, or the one already on the appointment (section 5). */
export function bookable(items: PurchasedProduct[], currentId?: string | null) {
  return items.filter((p) => p.id === currentId || (p.currentSession < p.sessions && !['finished', 'expired', 'refunded'].includes(p.status)));
}

/** Session choices 1 … sessions − currentSession. */
export function sessionChoices(p?: PurchasedProduct) {
  const left = p ? Math.max(1, p.sessions - p.currentSession) : 1;
  return Array.from({ length: left }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
}

/** The fields that depend on the appointment option: promotion, package, purchased treatment or new treatment. */
export function OptionFields({ form, option, branchId, customerId, treatmentTypeId, current }: Props) {
  const categoriesIds = (Form.useWatch('categoriesIds', form) as string[] | undefined) ?? [];
  const purchasedProductId = Form.useWatch('purchasedProductId', form) as string | undefined;
  const promos = useQuery({ queryKey: ['appt-packages', 'Promotion', branchId], queryFn: () => loadPackages('Promotion', branchId), enabled: option === 'promotion' });
  const packages = useQuery({ queryKey: ['appt-packages', 'Package', branchId], queryFn: () => loadPackages('Package', branchId), enabled: option === 'packages' });
  const purchased = useQuery({
    queryKey: ['appt-purchased', customerId],
    queryFn: () => api<ListAnswer<PurchasedProduct>>(`/purchased-product/customer/${customerId}`, { query: { take: 100 } }),
    enabled: option === 'purchasedProducts' && Boolean(customerId),
  });
  const categories = useQuery({ queryKey: ['appt-categories'], queryFn: loadCategories, enabled: option === 'newTreatments' });
  const treatments = useQuery({ queryKey: ['appt-treatments', treatmentTypeId], queryFn: () => loadTreatments(treatmentTypeId), enabled: option === 'newTreatments' && Boolean(treatmentTypeId) });

  if (option === 'promotion')
    return (
      <Col xs={24} md={12}>
        <Form.Item name="promoId" label="Promoción" required rules={rule('promoId', 'promoción')}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={promos.isFetching} options={promos.data ?? []} />
        </Form.Item>
      </Col>
    );
  if (option === 'packages')
    return (
      <Col xs={24} md={12}>
        <Form.Item name="packageId" label="Paquete" required rules={rule('packageId', 'paquete')}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={packages.isFetching} options={packages.data ?? []} />
        </Form.Item>
      </Col>
    );
  if (option === 'purchasedProducts') {
    const items = bookable(purchased.data?.items ?? [], current?.purchasedProductId);
    const chosen = items.find((p) => p.id === purchasedProductId);
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name="purchasedProductId" label="Tratamiento adquirido" required rules={rule('purchasedProductId', 'tratamiento adquirido')}>
            <Select
              loading={purchased.isFetching}
              disabled={!customerId}
              placeholder={customerId ? undefined : 'Seleccione primero el paciente'}
              notFoundContent="El paciente no tiene tratamientos con sesiones pendientes"
              options={items.map((p) => ({ value: p.id, label: `${p.treatment.name} · sesión ${p.currentSession}/${p.sessions}${p.order ? ` · ${p.order.orderNumber}` : ''}` }))}
              onChange={() => form.setFieldValue('sessions', 1)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="sessions" label="Sesiones" required rules={rule('sessions', 'sesiones')}>
            <Select options={sessionChoices(chosen)} />
          </Form.Item>
        </Col>
      </>
    );
  }
  if (option === 'newTreatments') {
    const list = (treatments.data ?? []).filter((t) => !categoriesIds.length || t.categories.some((c) => categoriesIds.includes(c.id)));
    return (
      <>
        <Col xs={24} md={12}>
          <Form.Item name="categoriesIds" label="Categoría">
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={categories.isFetching} options={categories.data ?? []} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="treatmentId" label="Tratamiento" required rules={rule('treatmentId', 'tratamiento')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={treatments.isFetching}
              disabled={!treatmentTypeId}
              placeholder={treatmentTypeId ? undefined : 'Seleccione primero el tipo de cita'}
              options={list.map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
        </Col>
      </>
    );
  }
  return null;
}
