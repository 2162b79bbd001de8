import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { todayIn } from '../../../domain/age';
import { tutorProblem } from '../../../domain/customers.schemas';
import { customerRoutes, type Customer } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { fullName } from '../../ui/format';

interface Props {
  /** Given by Form.Item so the label points at the input. */
  id?: string;
  value?: string | null;
  onChange?: (id: string | null) => void;
  /** The tutor already on the record, shown before any search. */
  current?: Customer['tutor'];
  /** The customer being edited: never offered as their own tutor. */
  selfId?: string;
}

/** Searches adult customers marked as tutor by name or phone (accent- and case-insensitive). */
export function TutorSelect({ id, value, onChange, current, selfId }: Props) {
  const [text, setText] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['tutors', text],
    queryFn: () =>
      call(customerRoutes.list, {
        query: { isTutor: '1', status: '1', take: 20, search: text ? JSON.stringify({ filter: /\d/.test(text) ? 'phone' : 'name', value: text }) : undefined },
      }),
  });
  // the same rule the server applies (src/domain): adult, marked as tutor, not the customer themself
  const today = todayIn();
  const options = (data?.items ?? [])
    .filter((c) => !tutorProblem(c, selfId, today))
    .map((c) => ({ value: c.id, label: `${fullName(c)} · ${c.mobilePhone ?? ''}` }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: `${fullName(current)} · ${current.mobilePhone ?? ''}` });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      placeholder="Buscar tutor por nombre o teléfono"
      loading={isFetching}
      value={value ?? undefined}
      options={options}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent="Sin tutores que coincidan"
    />
  );
}
