import { Form, Input, Modal, Select } from 'antd';
import { customerRoutes, type Customer } from '../../../domain/customers.contract';
import { GENDERS } from '../../../domain/customers.schemas';
import { call } from '../../app/api';
import { useModalSubmit } from '../../ui/form-submit';
import { optionsOf, requiredRule } from '../../ui/forms';
import { PhoneInput } from '../../ui/PhoneInput';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (c: Customer) => void;
}

/**
 * A walk-in registered where she is served (the point of sale, the booking form) with the fewest fields the record
 * asks for: an adult's mobile phone; a minor needs the full form with her tutor (the server says so).
 */
export function QuickCustomerModal({ open, onClose, onCreated }: Props) {
  const [form] = Form.useForm();
  const { modalProps } = useModalSubmit(
    form,
    (raw) => raw,
    async (values) => {
      const created = await call(customerRoutes.create, { body: values as never });
      onCreated(created);
      form.resetFields();
    },
  );
  return (
    <Modal title="Cliente nuevo" open={open} onCancel={onClose} okText="Guardar" width={520} {...modalProps}>
      <Form form={form} layout="vertical" size="middle" requiredMark={false}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 12 }}>
          <Form.Item name="name" label="Nombre" rules={[requiredRule('nombre')]}>
            <Input autoFocus maxLength={50} />
          </Form.Item>
          <Form.Item name="lastName" label="Apellido paterno" rules={[requiredRule('apellido paterno')]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="motherLastName" label="Apellido materno">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="gender" label="Género" rules={[requiredRule('género')]}>
            <Select options={optionsOf(GENDERS)} />
          </Form.Item>
          <Form.Item name="birthday" label="Fecha de nacimiento" rules={[requiredRule('fecha de nacimiento')]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="mobilePhone" label="Teléfono celular">
            <PhoneInput />
          </Form.Item>
        </div>
        <Form.Item name="email" label="Correo electrónico">
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
