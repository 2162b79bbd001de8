import { DatePicker, Form, Input, InputNumber, Row, Select, TimePicker, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
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
import { call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { CheckboxGroup, Field, SearchSelect } from '../../ui/FormFields';
import { dateText, optionsOf, optionsWithOwn, requiredRule, timeText, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
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
const required = requiredRule;
const halfHours = { format: 'HH:mm', minuteStep: 30, showNow: false, needConfirm: false, style: { width: '100%' }, placeholder: 'HH:mm' } as const;

/** The end of a range (date or time) must not come before its start: `after` compares the two texts. */
const endAfter =
  (start: string, message: string, after: (end: string, start: string) => boolean): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_r, v?: string) => {
      const from = getFieldValue(start) as string | undefined;
      if (v && from && !after(v, from)) throw new Error(message);
    },
  });

/** One form for packages and promotions; the section fixes the type. */
export default function PackageFormPage({ type }: { type: PackageType }) {
  const promo = type === 'Promotion';
  const [form] = Form.useForm<Values>();
  const {
    id,
    editing,
    readOnly,
    record: current,
    page,
  } = useRecordForm(form, {
    key: 'package',
    load: (id) => call(packageRoutes.get, { params: { id } }),
    toValues: (p) => ({
      ...p,
      startDate: p.startDate ?? undefined,
      endDate: p.endDate ?? undefined,
      startTime: p.startTime ?? undefined,
      endTime: p.endTime ?? undefined,
      treatmentPackage: p.treatmentPackage.map((i) => ({ ...i })),
      photos: storedPhoto(p.photo, packageThumbnail),
    }),
    module: packageModule[type],
  });
  const options = useQuery({ queryKey: ['package-form-options'], queryFn: () => call(packageRoutes.formOptions), enabled: !readOnly, staleTime: 60_000 });
  const typeId = Form.useWatch('treatmentTypeId', form);
  const bySchedule = Form.useWatch('validBySchedule', form);
  const byTime = Form.useWatch('validByTime', form);

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
      {...page}
      title={editing ? `Editar ${noun}` : `${promo ? 'Nueva' : 'Nuevo'} ${noun}`}
      backTo={`/dashboard/${sectionOf[type]}`}
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
        <Field md={5} name="sku" label="SKU" required rules={[rule('sku')]}>
          <Input maxLength={12} showCount />
        </Field>
        <Field md={9} name="name" label="Nombre" required rules={[rule('name')]}>
          <Input maxLength={100} />
        </Field>
        <Field xs={12} md={4} name="points" label="Puntos" required rules={[rule('points')]}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Field>
        <Field xs={12} md={6} name="cabainTime" label="Tiempo de cabina" required rules={[rule('cabainTime')]}>
          <InputNumber min={1} precision={0} suffix="min" style={{ width: '100%' }} />
        </Field>
      </Row>
      <Form.Item name="description" label="Descripción" required rules={[rule('description')]}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Row gutter={16}>
        <Field md={8} name="treatmentTypeId" label="Tipo de tratamiento" required rules={[rule('treatmentTypeId')]}>
          <Select
            placeholder="Seleccione el tipo"
            loading={options.isLoading}
            options={types.map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) }))}
            onChange={() => form.setFieldValue('treatmentPackage', [{ limit: 1, sessions: promo ? undefined : 1 }])}
          />
        </Field>
        <Field md={8} name="categoryId" label="Categoría" required rules={[rule('categoryId')]}>
          <SearchSelect
            placeholder="Seleccione la categoría"
            loading={options.isLoading}
            options={optionsWithOwn(options.data?.categories, current ? [current.category] : [])}
          />
        </Field>
        <Field md={8} label="Estatus">
          <InlineSwitch name="active" label="Activo" bare />
        </Field>
      </Row>
      <Form.Item name="branchesIds" label="Sucursales" required rules={[rule('branchesIds')]}>
        <SearchSelect
          mode="multiple"
          placeholder="Seleccione las sucursales"
          loading={options.isLoading}
          options={optionsWithOwn(options.data?.branches, current?.branches)}
        />
      </Form.Item>
      <Form.Item name="paymentType" label="Tipo de pago" required rules={[rule('paymentType')]}>
        <CheckboxGroup options={optionsOf(PAYMENT_TYPES)} />
      </Form.Item>
      <Row gutter={16}>
        <Field md={4} label="Vigencia">
          <InlineSwitch name="validBySchedule" label="Por fechas" bare />
        </Field>
        {bySchedule && (
          <>
            <Field xs={12} md={4} name="startDate" label="Fecha inicial" required rules={[required('fecha inicial')]} {...dateText}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="DD/MM/AAAA" />
            </Field>
            <Field
              xs={12}
              md={4}
              name="endDate"
              label="Fecha final"
              required
              dependencies={['startDate']}
              rules={[required('fecha final'), endAfter('startDate', END_DATE_BEFORE_START, (end, start) => end >= start)]}
              {...dateText}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="DD/MM/AAAA" />
            </Field>
          </>
        )}
        <Field md={4} label="Horario">
          <InlineSwitch name="validByTime" label="Por horario" bare />
        </Field>
        {byTime && (
          <>
            <Field xs={12} md={4} name="startTime" label="Hora inicial" required rules={[required('hora inicial')]} {...timeText}>
              <TimePicker {...halfHours} />
            </Field>
            <Field
              xs={12}
              md={4}
              name="endTime"
              label="Hora final"
              required
              dependencies={['startTime']}
              rules={[required('hora final'), endAfter('startTime', END_TIME_BEFORE_START, (end, start) => end > start)]}
              {...timeText}
            >
              <TimePicker {...halfHours} />
            </Field>
          </>
        )}
      </Row>
      <PackageItemsField form={form} type={type} treatments={treatments} hasAreas={hasAreas} disabled={readOnly} />
    </FormPage>
  );
}
