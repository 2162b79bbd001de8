import { useEffect, useRef } from 'react';
import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { lockSchema } from '../../../domain/agenda';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates';
import { lockRoutes } from '../../../domain/agenda.contract';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { applyServerErrors, parseForm } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { LockFields, lockToValues, type LockValues } from './LockFields';
import { confirmLockOverlaps } from './lockReview';

/** /dashboard/bloqueos/crear and /dashboard/bloqueos/:id: the same fields as the agenda's dialog. */
export default function LockFormPage() {
  const { id } = useParams();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<LockValues>();
  const existing = useQuery({
    queryKey: ['lock', id],
    queryFn: () => call(lockRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const bound = Boolean(user?.branchBound);
  // set once the user has seen (or there were no) appointments under the lock: the next submit saves
  const reviewed = useRef(false);
  const review = async (body: Parameters<typeof confirmLockOverlaps>[0]) => {
    try {
      if (!(await confirmLockOverlaps(body))) return;
      reviewed.current = true;
      form.submit();
    } catch (err) {
      applyServerErrors(form, err);
      notify.error(err);
    }
  };

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
      initialValues={{
        branchId: bound ? (user?.branch ?? undefined) : undefined,
        date: dayjs().tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD'),
        time: [],
        days: [],
        recurrent: false,
      }}
      onSubmit={(values) => {
        const body = parseForm(lockSchema, values, form);
        if (!body) return false;
        // first the appointments the lock would cover, listed for the user to confirm or go back
        if (!reviewed.current) {
          void review(body);
          return false;
        }
        reviewed.current = false;
        return id ? call(lockRoutes.update, { params: { id }, body }) : call(lockRoutes.create, { body });
      }}
    >
      <LockFields branchSelectable={!bound} />
    </FormPage>
  );
}
