import { useEffect } from 'react';
import { Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, TimePicker } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useParams } from 'react-router';
import type { Body } from '../../../domain/contract';
import { packageRoutes, type PackageTreatmentOption } from '../../../domain/packages.contract';
import {
  END_DATE_BEFORE_START,
  END_TIME_BEFORE_START,
  PAYMENT_TYPES,
  packageFieldsSchema,
  packageModule,
  type PackageType,
} from '../../../domain/packages.schemas';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { msg } from '../../../domain/validation';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';
import { SinglePhotoField, storedPhoto, uploadPhotos, type PickedPhoto } from '../../ui/PhotoPicker';
import { InlineSwitch } from '../treatments';
import { PackageItemsField, type ItemValues } from './PackageItemsField';
import { packageThumbnail, sectionOf } from './format';

interface Values {
  sku: string;
  name: string;
  description: string;
  treatmentTypeId?: string;
  categoryId?: string;
  points?: number;
  cabainTime?: number;
  branchesIds: string[];
  paymentType: string[];
  active: boolean;
  validBySchedule: boolean;
  startDate?: string;
  endDate?: string;
  validByTime: boolean;
  startTime?: string;
  endTime?: string;
  treatmentPackage: ItemValues[];
  photos?: PickedPhoto[];
}

const rule = (field: keyof typeof packageFieldsSchema.shape) => zodRule(packageFieldsSchema, field);
const required = (label: string) => ({ required: true, message: msg.required(label) });
const dateProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};
const timeProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v, 'HH:mm') : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('HH:mm') : undefined),
};

/** One form for packages and promotions; the section fixes the type. */
export default function PackageFormPage({ type }: { type: PackageType }) {
  const { id } = useParams();
  const editing = Boolean(id);
  const can = useCan();
  const module = packageModule[type];
  const readOnly = editing && !can(module, 'edit');
  const promo = type === 'Promotion';
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['package', id],
    queryFn: () => call(packageRoutes.get, { params: { id: id! } }),
    enabled: editing,
    throwOnError: isMissingRecord,
  });
  const options = useQuery({ queryKey: ['package-form-options'], queryFn: () => call(packageRoutes.formOptions), enabled: !readOnly, staleTime: 60_000 });
  const typeId = Form.useWatch('treatmentTypeId', form);
  const bySchedule = Form.useWatch('validBySchedule', form);
  const byTime = Form.useWatch('validByTime', form);
  const current = existing.data;

  useEffect(() => {
    if (!current) return;
    form.setFieldsValue({
      ...current,
      startDate: current.startDate ?? undefined,
      endDate: current.endDate ?? undefined,
      startTime: current.startTime ?? undefined,
      endTime: current.endTime ?? undefined,
      treatmentPackage: current.treatmentPackage.map((i) => ({ ...i })),
      photos: storedPhoto(current.photo, packageThumbnail),
    });
  }, [current, form]);

  // treatments already in the package stay selectable even if they were deactivated since
  const treatments: PackageTreatmentOption[] = (options.data?.treatments ?? []).filter((t) => t.treatmentTypeId === typeId);
  if (current && current.treatmentTypeId === typeId) {
    for (const item of current.treatmentPackage) {
      if (!treatments.some((t) => t.id === item.treatmentId))
        treatments.push({ ...item.treatment, treatmentTypeId: current.treatmentTypeId, areas: item.areas });
    }
  }
  const types = options.data?.treatmentTypes ?? (current ? [current.treatmentType] : []);
  const hasAreas = types.find((t) => t.id === typeId)?.hasAreas ?? false;
  const named = (rows: { id: string; name: string }[] | undefined, extra: { id: string; name: string }[] = []) =>
    [...(rows ?? []), ...extra.filter((e) => !rows?.some((r) => r.id === e.id))].map((r) => ({ value: r.id, label: r.name }));

  const submit = async (v: Values) => {
    const { photos, ...rest } = v;
    const body = {
      ...rest,
      type,
      treatmentPackage: v.treatmentPackage.map((i) => ({ ...i, sessions: promo ? 1 : i.sessions })),
      // the form may hold incomplete rows; the server's schema answers those with field errors
    } as Body<typeof packageRoutes.create>;
    const saved = id ? await call(packageRoutes.update, { params: { id }, body }) : await call(packageRoutes.create, { body });
    await uploadPhotos(`/package/${saved.id}/photo`, photos);
    return saved;
  };

  const noun = promo ? 'promoción' : 'paquete';
  return (
    <FormPage<Values>
      title={editing ? `Editar ${noun}` : `${promo ? 'Nueva' : 'Nuevo'} ${noun}`}
      form={form}
      backTo={`/dashboard/${sectionOf[type]}`}
      invalidate={['list', 'package']}
      loading={existing.isLoading}
      readOnly={readOnly}
      initialValues={{
        active: true,
        validBySchedule: false,
        validByTime: false,
        branchesIds: [],
        paymentType: [],
        treatmentPackage: [{ limit: 1, sessions: promo ? undefined : 1 }],
        photos: [],
      }}
      onSubmit={submit}
    >
      <SinglePhotoField required={!editing} disabled={readOnly} />
      <Row gutter={16}>
        <Col xs={24} md={5}>
          <Form.Item name="sku" label="SKU" required rules={[rule('sku')]}>
            <Input maxLength={12} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item name="name" label="Nombre" required rules={[rule('name')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="points" label="Puntos" required rules={[rule('points')]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="cabainTime" label="Tiempo de cabina" required rules={[rule('cabainTime')]}>
            <InputNumber min={1} precision={0} suffix="min" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="Descripción" required rules={[rule('description')]}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="treatmentTypeId" label="Tipo de tratamiento" required rules={[rule('treatmentTypeId')]}>
            <Select
              placeholder="Seleccione el tipo"
              loading={options.isLoading}
              options={types.map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) }))}
              onChange={() => form.setFieldValue('treatmentPackage', [{ limit: 1, sessions: promo ? undefined : 1 }])}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="categoryId" label="Categoría" required rules={[rule('categoryId')]}>
            <Select
              placeholder="Seleccione la categoría"
              loading={options.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={named(options.data?.categories, current ? [current.category] : [])}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Estatus">
            <InlineSwitch name="active" label="Activo" bare />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="branchesIds" label="Sucursales" required rules={[rule('branchesIds')]}>
        <Select
          mode="multiple"
          placeholder="Seleccione las sucursales"
          loading={options.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={named(options.data?.branches, current?.branches)}
        />
      </Form.Item>
      <Form.Item name="paymentType" label="Tipo de pago" required rules={[rule('paymentType')]}>
        <Checkbox.Group options={PAYMENT_TYPES.map((p) => ({ value: p, label: p }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={4}>
          <Form.Item label="Vigencia">
            <InlineSwitch name="validBySchedule" label="Por fechas" bare />
          </Form.Item>
        </Col>
        {bySchedule && (
          <>
            <Col xs={12} md={4}>
              <Form.Item name="startDate" label="Fecha inicial" required rules={[required('fecha inicial')]} {...dateProps}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="DD/MM/AAAA" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                name="endDate"
                label="Fecha final"
                required
                dependencies={['startDate']}
                rules={[
                  required('fecha final'),
                  ({ getFieldValue }) => ({
                    validator: async (_r, v?: string) => {
                      if (v && getFieldValue('startDate') && v < getFieldValue('startDate')) throw new Error(END_DATE_BEFORE_START);
                    },
                  }),
                ]}
                {...dateProps}
              >
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="DD/MM/AAAA" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} md={4}>
          <Form.Item label="Horario">
            <InlineSwitch name="validByTime" label="Por horario" bare />
          </Form.Item>
        </Col>
        {byTime && (
          <>
            <Col xs={12} md={4}>
              <Form.Item name="startTime" label="Hora inicial" required rules={[required('hora inicial')]} {...timeProps}>
                <TimePicker format="HH:mm" minuteStep={30} showNow={false} needConfirm={false} style={{ width: '100%' }} placeholder="HH:mm" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                name="endTime"
                label="Hora final"
                required
                dependencies={['startTime']}
                rules={[
                  required('hora final'),
                  ({ getFieldValue }) => ({
                    validator: async (_r, v?: string) => {
                      if (v && getFieldValue('startTime') && v <= getFieldValue('startTime')) throw new Error(END_TIME_BEFORE_START);
                    },
                  }),
                ]}
                {...timeProps}
              >
                <TimePicker format="HH:mm" minuteStep={30} showNow={false} needConfirm={false} style={{ width: '100%' }} placeholder="HH:mm" />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <PackageItemsField form={form} type={type} treatments={treatments} hasAreas={hasAreas} disabled={readOnly} />
    </FormPage>
  );
}
