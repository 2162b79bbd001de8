import { DatePicker, Form, Input, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { branchRoutes } from '../../../domain/branches.contract';
import { COMMISSION_TYPE_LABELS, commissionRoutes, MANUAL_COMMISSION_TYPES, manualLineSchema } from '../../../domain/commissions.contract';
import { staffRoutes } from '../../../domain/staff.contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { FormModal } from '../../ui/FormModal';
import { dateText, zodRule } from '../../ui/forms';
import { fullName } from '../../ui/format';
import { MoneyInput } from '../../ui/MoneyInput';
import type { Kind } from './shared';

interface Props {
  kind: Kind;
  open: boolean;
  onClose: () => void;
}

/** The people a line of the list may name at a branch: its doctors (medical) or its cosmetologists. */
const peopleOf = (kind: Kind, branchId: string) => call(kind === 'medical' ? staffRoutes.doctors : staffRoutes.cosmetologists, { params: { branchId } });

/**
 * A Uso Cabina or Insumo line recorded by hand (edit on the list's module): type, person, branch, business day, amount
 * and concept. No event of the spec writes these types; a medical one withholds the doctor's ISR as a fee does.
 */
export function ManualLineModal({ kind, open, onClose }: Props) {
  const queryClient = useQueryClient();
  const ownBranch = useSession((s) => (s.user?.branchBound ? s.user.branch : null));
  const { data: branchOptions = [] } = useQuery({
    queryKey: ['branches-lookup'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0 } })).items.map((b) => ({ value: b.id, label: b.name })),
    enabled: open,
  });
  return (
    <FormModal
      title="Registrar comisión"
      open={open}
      onClose={onClose}
      schema={manualLineSchema}
      send={async (values) => {
        await call(kind === 'medical' ? commissionRoutes.createMedical : commissionRoutes.createCosmetic, { body: values });
        void queryClient.invalidateQueries({ queryKey: ['list', `commission/${kind}`] });
        void queryClient.invalidateQueries({ queryKey: ['commission-lines'] });
        return 'Comisión registrada';
      }}
    >
      <ManualLineFields kind={kind} branchOptions={branchOptions} ownBranch={ownBranch} />
    </FormModal>
  );
}

function ManualLineFields({ kind, branchOptions, ownBranch }: { kind: Kind; branchOptions: { value: string; label: string }[]; ownBranch: string | null }) {
  const branchId = Form.useWatch<string | undefined>('branchId') ?? ownBranch ?? undefined;
  const { data: people = [], isLoading } = useQuery({
    queryKey: ['commission-people', kind, branchId],
    queryFn: () => peopleOf(kind, branchId!),
    enabled: Boolean(branchId),
  });
  return (
    <>
      <Form.Item name="type" label="Tipo" required rules={[zodRule(manualLineSchema, 'type')]}>
        <Select aria-label="Tipo" options={MANUAL_COMMISSION_TYPES.map((t) => ({ value: t, label: COMMISSION_TYPE_LABELS[t] }))} />
      </Form.Item>
      <Form.Item name="branchId" label="Sucursal" required initialValue={ownBranch ?? undefined} rules={[zodRule(manualLineSchema, 'branchId')]}>
        <Select aria-label="Sucursal" showSearch={{ optionFilterProp: 'label' }} options={branchOptions} disabled={Boolean(ownBranch)} />
      </Form.Item>
      <Form.Item name="userId" label={kind === 'medical' ? 'Médico' : 'Cosmetóloga'} required rules={[zodRule(manualLineSchema, 'userId')]}>
        <Select
          aria-label="Persona"
          showSearch={{ optionFilterProp: 'label' }}
          loading={isLoading}
          disabled={!branchId}
          options={people.map((u) => ({ value: u.id, label: fullName(u) }))}
        />
      </Form.Item>
      <Form.Item
        name="businessDate"
        label="Fecha"
        required
        initialValue={dayjs().format('YYYY-MM-DD')}
        rules={[zodRule(manualLineSchema, 'businessDate')]}
        {...dateText}
      >
        <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="amount" label="Monto" required rules={[zodRule(manualLineSchema, 'amount')]}>
        <MoneyInput min={0} placeholder="0.00" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="concept" label="Concepto" required rules={[zodRule(manualLineSchema, 'concept')]}>
        <Input maxLength={200} showCount />
      </Form.Item>
    </>
  );
}
