import { useState, type Ref } from 'react';
import { Button, Select, type RefSelectProps } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { customerRoutes } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { fullName } from '../../ui/format';
import { Key } from './Key';

/** The customer of the sale as the counter needs it: who, and the points they may redeem. */
export interface PosCustomer {
  id: string;
  number: number;
  name: string;
  mobilePhone: string | null;
  points: number;
}

type Listed = { id: string; customerId: number; name: string; lastName: string; motherLastName: string | null; mobilePhone: string | null; points: number };

export const toPosCustomer = (c: Listed): PosCustomer => ({ id: c.id, number: c.customerId, name: fullName(c), mobilePhone: c.mobilePhone, points: c.points });

/** A customer number (a few digits), a phone (more digits) or a name. */
const searchOf = (text: string) => {
  const digits = text.replace(/\D/g, '');
  const filter = !/\d/.test(text) ? 'name' : digits.length <= 6 ? 'customerId' : 'phone';
  return JSON.stringify({ filter, value: text });
};

interface Props {
  value: PosCustomer | null;
  onChange: (c: PosCustomer | null) => void;
  onNew: () => void;
  selectRef: Ref<RefSelectProps>;
  error?: string;
}

/** F2: search active customers by name, phone or number; F6 a quick new customer. */
export function CustomerPicker({ value, onChange, onNew, selectRef, error }: Props) {
  const [text, setText] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['pos-customers', text],
    queryFn: () => call(customerRoutes.list, { query: { status: '1', take: 10, search: searchOf(text) } }),
    enabled: text.trim().length > 1,
    staleTime: 30_000,
  });
  const found = (data?.items ?? []).filter((c) => c.status !== false && !c.blackList).map(toPosCustomer);
  const options = found.map((c) => ({ value: c.id, label: `${c.number} · ${c.name}${c.mobilePhone ? ` · ${c.mobilePhone}` : ''} · ${c.points} pts` }));
  if (value && !options.some((o) => o.value === value.id)) options.unshift({ value: value.id, label: `${value.number} · ${value.name}` });
  return (
    <div>
      <label className="pos-label" htmlFor="pos-customer">
        Cliente <Key>F2</Key>
      </label>
      <div style={{ display: 'flex', gap: 6 }}>
        <Select
          id="pos-customer"
          ref={selectRef}
          style={{ flex: 1, minWidth: 0 }}
          allowClear
          showSearch={{ filterOption: false, onSearch: setText }}
          placeholder="Nombre, teléfono o número"
          loading={isFetching}
          value={value?.id}
          options={options}
          status={error ? 'error' : undefined}
          notFoundContent={text.trim().length > 1 ? 'Sin clientes que coincidan' : 'Escriba al menos 2 caracteres'}
          onChange={(id) => onChange(found.find((c) => c.id === id) ?? (id && value?.id === id ? value : null))}
        />
        <Button icon={<UserAddOutlined />} onClick={onNew} title="Cliente nuevo (F6)">
          Nuevo <Key>F6</Key>
        </Button>
      </div>
      {error && <div className="pos-error">{error}</div>}
      {!value && !error && <div className="pos-hint">Sin cliente: solo productos, a público en general</div>}
    </div>
  );
}
