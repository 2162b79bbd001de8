import { useState } from 'react';
import { Button, Form, Image, Input, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { NOTE_TYPES, noteSchema } from '../../../domain/customers.schemas';
import type { Body } from '../../../domain/contract';
import { noteRoutes, type Note } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { confirmAction } from '../../ui/confirm';
import { formatDateTime } from '../../ui/format';
import { zodRule } from '../../ui/forms';
import { FormModal } from '../../ui/FormModal';
import { notify } from '../../ui/notify';
import { PagedTable } from '../../ui/PagedTable';
import { PhotoPicker, uploadPhotos, type PickedPhoto } from '../../ui/PhotoPicker';

const PAGE = 5;
const PHOTO_LINK_REFRESH_MS = 10 * 60_000;

/** The customer's notes, 5 per page; a note's single photo is uploaded after the note is saved. */
export function CustomerNotes({ customerId }: { customerId: string }) {
  const can = useCan();
  const userId = useSession((s) => s.auth.userId);
  // the API lets a note's author delete it, or a role with clients.delete
  const mayDelete = (n: Note) => can('clients', 'delete') || (n.user?.id === userId && can('clients', 'edit'));
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notes', customerId] });
  // closing the modal (saved or cancelled) forgets the picked photo, as the form forgets its fields
  const close = () => {
    setAdding(false);
    setPhotos([]);
  };

  const send = async (values: unknown) => {
    const note = await call(noteRoutes.create, { body: { ...(values as Omit<Body<typeof noteRoutes.create>, 'customerId'>), customerId } });
    await uploadPhotos(`/note/${note.id}/photo`, photos);
    await refresh();
    return undefined;
  };
  const remove = (n: Note) =>
    confirmAction({
      title: `¿Eliminar la nota "${n.title}"?`,
      onOk: async () => {
        try {
          await call(noteRoutes.delete, { params: { id: n.id } });
          notify.success();
          await refresh();
        } catch (err) {
          notify.error(err);
        }
      },
    });

  return (
    <div>
      {(can('clients', 'create') || can('clients', 'edit')) && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setAdding(true)}>
          Nueva nota
        </Button>
      )}
      <PagedTable<Note>
        rowKey="id"
        path="/note"
        query={{ customerId }}
        queryKey={['notes', customerId]}
        pageSize={PAGE}
        emptyText="Sin notas"
        // the photos' signed links last 15 minutes: fresh ones before then, so a preview opened later still loads
        refetchInterval={PHOTO_LINK_REFRESH_MS}
        columns={[
          { key: 'type', title: 'Tipo', dataIndex: 'noteType', width: 120 },
          { key: 'title', title: 'Título', dataIndex: 'title' },
          { key: 'note', title: 'Nota', dataIndex: 'note' },
          {
            key: 'photo',
            title: 'Foto',
            render: (_, n) => (n.photo ? <Image width={48} src={n.photo.thumbnailUrl} preview={{ src: n.photo.url }} alt={n.title} /> : '—'),
          },
          { key: 'user', title: 'Autor', render: (_, n) => (n.user ? `${n.user.name} ${n.user.lastName}` : '—') },
          { key: 'date', title: 'Fecha', render: (_, n) => formatDateTime(n.created_at) },
          {
            key: 'actions',
            title: '',
            render: (_, n) =>
              mayDelete(n) ? <Button type="text" danger icon={<DeleteOutlined />} aria-label="Eliminar nota" onClick={() => remove(n)} /> : null,
          },
        ]}
      />
      <FormModal title="Nueva nota" open={adding} onClose={close} schema={noteSchema.omit({ customerId: true })} send={send}>
        <Form.Item name="noteType" label="Tipo de nota" rules={[zodRule(noteSchema, 'noteType')]}>
          <Select options={NOTE_TYPES.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        <Form.Item name="title" label="Título" rules={[zodRule(noteSchema, 'title')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="note" label="Nota" rules={[zodRule(noteSchema, 'note')]}>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
        <Form.Item label="Foto (una)">
          <PhotoPicker value={photos} onChange={setPhotos} max={1} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
