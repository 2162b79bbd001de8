import { useState } from 'react';
import { Select, type RefSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentDetail } from '../../../domain/appointments.contract';
import { customerRoutes } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { useFocusAfterPaint } from '../../ui/focus';
import { fullName } from '../../ui/format';

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The patient already on the appointment, shown before any search. */
  current?: AppointmentDetail['customer'] | null;
  disabled?: boolean;
  /** Focus once drawn: a booking opened from a free slot waits for the patient's name. */
  autoFocus?: boolean;
}

const label = (c: { name: string; lastName: string; motherLastName: string | null; mobilePhone: string | null; customerId: number }) =>
  `${c.customerId} · ${fullName(c)}${c.mobilePhone ? ` · ${c.mobilePhone}` : ''}`;

/** Searches active customers by name or phone (section 5: the patient list shows only active customers). */
export function CustomerSelect({ id, value, onChange, current, disabled, autoFocus }: Props) {
  const [text, setText] = useState('');
  const focused = useFocusAfterPaint<RefSelectProps>(autoFocus);
  const { data, isFetching } = useQuery({
    queryKey: ['appointment-customers', text],
    queryFn: () =>
      call(customerRoutes.list, {
        query: { status: '1', take: 20, search: text ? JSON.stringify({ filter: /\d/.test(text) ? 'phone' : 'name', value: text }) : undefined },
      }),
  });
  const options = (data?.items ?? []).filter((c) => c.status !== false).map((c) => ({ value: c.id, label: label(c) }));
  if (current && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: label(current) });
  return (
    <Select
      id={id}
      ref={focused}
      showSearch={{ filterOption: false, onSearch: setText }}
      placeholder="Buscar paciente por nombre o teléfono"
      loading={isFetching}
      value={value ?? undefined}
      options={options}
      disabled={disabled}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent="Sin pacientes que coincidan"
    />
  );
}

/** The patient select inside Form.Item: antd owns value/onChange; the warnings run on a user's pick. */
export function CustomerSelectField({ id, value, onChange, current, disabled, autoFocus, onPicked }: Props & { onPicked: (v: string | null) => void }) {
  return (
    <CustomerSelect
      id={id}
      value={value}
      current={current}
      disabled={disabled}
      autoFocus={autoFocus}
      onChange={(v) => {
        onChange?.(v);
        onPicked(v);
      }}
    />
  );
}
