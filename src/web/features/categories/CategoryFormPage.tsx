import { Form, Input, Select } from 'antd';
import { CATEGORY_TYPES, categorySchema, categoryTypeLabels, type CategoryInput } from '../../../domain/categories.schemas';
import { categoryRoutes } from '../../../domain/categories.contract';
import { call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { SwitchField } from '../../ui/FormFields';
import { optionsOf, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';

type Values = CategoryInput & { active?: boolean };

export default function CategoryFormPage() {
  const [form] = Form.useForm<Values>();
  const { id, page } = useRecordForm(form, { key: 'category', load: (id) => call(categoryRoutes.get, { params: { id } }) });
  return (
    <FormPage<Values>
      {...page}
      title={id ? 'Editar categoría' : 'Nueva categoría'}
      backTo="/dashboard/categorias"
      initialValues={{ active: true }}
      onSubmit={(values) => (id ? call(categoryRoutes.update, { params: { id }, body: values }) : call(categoryRoutes.create, { body: values }))}
    >
      <Form.Item name="name" label="Nombre" required rules={[zodRule(categorySchema, 'name')]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="type" label="Tipo" required rules={[zodRule(categorySchema, 'type')]}>
        <Select placeholder="Seleccione el tipo" options={optionsOf(CATEGORY_TYPES, categoryTypeLabels)} />
      </Form.Item>
      {id && <SwitchField name="active" label="Activo" />}
    </FormPage>
  );
}
