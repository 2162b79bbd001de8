import { useEffect } from 'react';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { APPLIANCE_STATUSES, APPLIANCE_TYPES, applianceSchema, type ApplianceInput } from '../../../domain/appliances.schemas';
import { applianceRoutes } from '../../../domain/appliances.contract';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';

export default function ApplianceFormPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<ApplianceInput>();
  const existing = useQuery({
    queryKey: ['appliance', id],
    queryFn: () => call(applianceRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });

  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data);
  }, [existing.data, form]);

  return (
    <FormPage<ApplianceInput>
      title={id ? 'Editar aparato' : 'Nuevo aparato'}
      form={form}
      backTo="/dashboard/aparatos"
      invalidate={['list', 'appliance', 'appliance-options']}
      loading={existing.isLoading}
      readOnly={Boolean(id) && !can('appliances', 'edit')}
      initialValues={{ active: true, status: 'Funcionando' }}
      onSubmit={(values) => (id ? call(applianceRoutes.update, { params: { id }, body: values }) : call(applianceRoutes.create, { body: values }))}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="type" label="Tipo" required rules={[zodRule(applianceSchema, 'type')]}>
            <Select placeholder="Seleccione el tipo" options={APPLIANCE_TYPES.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label="Nombre" required rules={[zodRule(applianceSchema, 'name')]}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="brand" label="Marca" required rules={[zodRule(applianceSchema, 'brand')]}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="model" label="Modelo" required rules={[zodRule(applianceSchema, 'model')]}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="status" label="Estado" required rules={[zodRule(applianceSchema, 'status')]}>
            <Select aria-label="Estado" options={APPLIANCE_STATUSES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="Descripción" rules={[zodRule(applianceSchema, 'description')]}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      {id && (
        <Form.Item name="active" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormPage>
  );
}
