import { Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { commissionRoutes, type MedicalLine } from '../../../domain/commissions.contract';
import { staffRoutes } from '../../../domain/staff.contract';
import { call } from '../../app/api';
import { useModalSubmit } from '../../ui/form-submit';
import { fullName } from '../../ui/format';
import { notify } from '../../ui/notify';

interface Props {
  line: MedicalLine | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Section 6: the doctor of a medical commission changes to another active doctor of its branch (edit privilege). */
export function ReassignDoctorModal({ line, onClose, onSaved }: Props) {
  const [form] = Form.useForm<{ userId: string }>();
  const branchId = line?.branch.id ?? '';
  const { data: doctors = [], isLoading } = useQuery({
    queryKey: ['doctors', branchId],
    queryFn: () => call(staffRoutes.doctors, { params: { branchId } }),
    enabled: Boolean(line),
  });
  const options = doctors.map((u) => ({ value: u.id, label: fullName(u) }));
  const { modalProps } = useModalSubmit(
    form,
    (raw) => raw as { userId: string },
    async ({ userId }) => {
      await call(commissionRoutes.updateAgent, { params: { id: line!.id }, body: { userId } });
      notify.success('Médico actualizado');
      onSaved();
    },
  );
  return (
    <Modal
      title={line ? `Cambiar médico de ${line.appointmentNumber ?? 'la comisión'}` : ''}
      open={Boolean(line)}
      onCancel={onClose}
      okText="Guardar"
      {...modalProps}
    >
      <Form form={form} layout="vertical" initialValues={{ userId: line?.doctor.id }} preserve={false}>
        <Form.Item name="userId" label="Médico" rules={[{ required: true, message: 'Seleccione el médico' }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={isLoading} options={options} placeholder="Médico" aria-label="Médico" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
