import { useEffect } from 'react';
import { ColorPicker, Form, Input, InputNumber, Select } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { cabinTypeSchema } from '../../../domain/cabins.schemas';
import { api, call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';
import { treatmentTypeLabel, useTreatmentTypes } from './lookups';
import { cabinTypeRoutes } from '../../../domain/cabins.contract';

interface Values {
  name: string;
  order: number;
  color: string;
  treatmentTypeId: string;
}

const PRESETS = ['1f6feb', '13a8a8', '4b3fd1', 'e83e8c', '9b6bd6', 'f2785c', 'f0a020', '5c9e6e'];

export default function CabinTypeFormPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['cabin-type', id],
    queryFn: () => call(cabinTypeRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const treatmentTypes = useTreatmentTypes();

  useEffect(() => {
    const t = existing.data;
    if (t) form.setFieldsValue({ name: t.name, order: t.order, color: t.color, treatmentTypeId: t.treatmentType.id });
  }, [existing.data, form]);

  return (
    <FormPage<Values>
      title={id ? 'Editar tipo de cabina' : 'Nuevo tipo de cabina'}
      form={form}
      backTo="/dashboard/tipos-cabina"
      invalidate={['list', 'cabin-type', 'cabin-types-lookup', 'filter-options']}
      loading={existing.isLoading}
      readOnly={Boolean(id) && !can('cabain_types', 'edit')}
      initialValues={{ order: 1, color: '7c4dcc' }}
      onSubmit={(values) => (id ? api(`/cabain-type/${id}/update`, { method: 'PUT', body: values }) : api('/cabain-type/create', { body: values }))}
    >
      <Form.Item name="name" label="Nombre" required rules={[zodRule(cabinTypeSchema, 'name')]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="treatmentTypeId" label="Tipo de tratamiento" required rules={[zodRule(cabinTypeSchema, 'treatmentTypeId')]}>
        <Select
          placeholder="Seleccione el tipo de tratamiento"
          loading={treatmentTypes.isLoading}
          options={(treatmentTypes.data ?? []).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) }))}
        />
      </Form.Item>
      <Form.Item name="order" label="Orden" required rules={[zodRule(cabinTypeSchema, 'order')]}>
        <InputNumber<number> precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="color"
        label="Color"
        required
        rules={[zodRule(cabinTypeSchema, 'color')]}
        getValueFromEvent={(color: Color) => color.toHex().slice(0, 6)}
        getValueProps={(value: string | undefined) => ({ value: value ? `#${value}` : undefined })}
      >
        <ColorPicker disabledAlpha showText={(c) => `#${c.toHex().slice(0, 6)}`} presets={[{ label: 'Sugeridos', colors: PRESETS.map((c) => `#${c}`) }]} />
      </Form.Item>
    </FormPage>
  );
}
