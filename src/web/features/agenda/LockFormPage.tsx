import { useEffect } from 'react';
import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { lockSchema } from '../../../domain/agenda';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates';
import { api } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { parseForm } from '../../ui/forms';
import { LockFields, lockToValues, type LockValues } from './LockFields';
import type { LockDto } from './types';

/** /dashboard/bloqueos/crear and /dashboard/bloqueos/:id: the same fields as the agenda's dialog. */
export default function LockFormPage() {
  const { id } = useParams();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<LockValues>();
  const existing = useQuery({ queryKey: ['lock', id], queryFn: () => api<LockDto>(`/lock/${id}/single`), enabled: Boolean(id), throwOnError: isMissingRecord });
  const bound = Boolean(user?.branchBound);

  useEffect(() => {
    if (existing.data) form.setFieldsValue(lockToValues(existing.data));
  }, [existing.data, form]);

  return (
    <FormPage<LockValues>
      title={id ? 'Editar bloqueo' : 'Nuevo bloqueo'}
      form={form}
      backTo="/dashboard/bloqueos"
      invalidate={['list', 'diary', 'locks', 'lock']}
      loading={existing.isLoading}
      readOnly={Boolean(id) && !can('blockers', 'edit')}
      initialValues={{ branchId: bound ? (user?.branch ?? undefined) : undefined, date: dayjs().tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD'), time: [], days: [], recurrent: false }}
      onSubmit={(values) => {
        const body = parseForm(lockSchema, values, form);
        if (!body) return false;
        return id ? api(`/lock/${id}/update`, { method: 'PUT', body }) : api('/lock/create', { body });
      }}
    >
      <LockFields branchSelectable={!bound} />
    </FormPage>
  );
}
