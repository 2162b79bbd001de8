import { useEffect } from 'react';
import { Form, Input, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CATEGORY_TYPES, categorySchema, categoryTypeLabels, type CategoryInput } from '../../../domain/categories.schemas';
import { categoryRoutes } from '../../../domain/categories.contract';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';

type Values = CategoryInput & { active?: boolean };

export default function CategoryFormPage() {
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['category', id],
    queryFn: () => call(categoryRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });

  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data);
  }, [existing.data, form]);

  return (
    <FormPage<Values>
      title={id ? 'Editar categoría' : 'Nueva categoría'}
      form={form}
      backTo="/dashboard/categorias"
      invalidate={['list', 'category']}
      loading={existing.isLoading}
      initialValues={{ active: true }}
      onSubmit={(values) => (id ? call(categoryRoutes.update, { params: { id }, body: values }) : call(categoryRoutes.create, { body: values }))}
    >
      <Form.Item name="name" label="Nombre" required rules={[zodRule(categorySchema, 'name')]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="type" label="Tipo" required rules={[zodRule(categorySchema, 'type')]}>
        <Select placeholder="Seleccione el tipo" options={CATEGORY_TYPES.map((t) => ({ value: t, label: categoryTypeLabels[t] }))} />
      </Form.Item>
      {id && (
        <Form.Item name="active" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormPage>
  );
}
