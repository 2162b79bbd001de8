import { Form, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { msg } from '../../domain/validation';
import { request } from '../app/api';
import { notify } from './notify';

export const IMAGE_TOO_BIG = 'La imagen debe pesar menos de 1 Mb';
/** 'Se permiten como máximo 1 imagen' / '… 3 imágenes'. */
export const photoLimitMessage = (max: number) => `Se permiten como máximo ${max} ${max === 1 ? 'imagen' : 'imágenes'}`;
export const IMAGE_WRONG_TYPE = 'Solo se permiten imágenes png, jpg, jpeg, webp o gif';
const ACCEPT = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export interface PickedPhoto {
  uid: string;
  /** A new file still to upload after the save. */
  file?: File;
  /** An already stored photo (its id for deletion, its URL to show). */
  id?: string;
  url?: string;
  name: string;
}

interface Props {
  value?: PickedPhoto[];
  onChange?: (photos: PickedPhoto[]) => void;
  max?: number;
  disabled?: boolean;
  /** Called when a stored photo is removed (e.g. to delete it on the server). */
  onRemoveStored?: (photo: PickedPhoto) => void;
}

/** Photo choice for a form: checked in the browser (type, < 1 MB), uploaded only after the save. */
export function PhotoPicker({ value = [], onChange, max = 5, disabled, onRemoveStored }: Props) {
  const fileList: UploadFile[] = value.map((p) => ({
    uid: p.uid,
    name: p.name,
    status: 'done',
    url: p.url,
    thumbUrl: p.url ?? (p.file ? URL.createObjectURL(p.file) : undefined),
  }));
  return (
    <Upload
      listType="picture-card"
      accept=".png,.jpg,.jpeg,.webp,.gif"
      fileList={fileList}
      disabled={disabled}
      multiple={max > 1}
      beforeUpload={(file) => {
        if (!ACCEPT.includes(file.type)) {
          notify.error(new Error(IMAGE_WRONG_TYPE));
          return Upload.LIST_IGNORE;
        }
        if (file.size >= 1024 * 1024) {
          notify.error(new Error(IMAGE_TOO_BIG));
          return Upload.LIST_IGNORE;
        }
        if (value.length >= max) {
          notify.error(new Error(photoLimitMessage(max)));
          return Upload.LIST_IGNORE;
        }
        onChange?.([...value, { uid: file.uid, file, name: file.name }]);
        return false;
      }}
      onRemove={(f) => {
        const removed = value.find((p) => p.uid === f.uid);
        if (removed?.id) onRemoveStored?.(removed);
        onChange?.(value.filter((p) => p.uid !== f.uid));
      }}
    >
      {value.length < max && !disabled && (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>Subir</div>
        </div>
      )}
    </Upload>
  );
}

/**
 * Uploads the new photos of a saved record (multipart field `image`). A failure leaves the record
 * as saved and says so.
 */
export async function uploadPhotos(path: string, photos: PickedPhoto[] | undefined): Promise<boolean> {
  const files = (photos ?? []).filter((p) => p.file).map((p) => p.file!);
  if (!files.length) return true;
  const body = new FormData();
  for (const f of files) body.append('image', f, f.name);
  try {
    await request(path, { method: 'POST', body });
    return true;
  } catch (err) {
    notify.error(new Error(`El registro se guardó, pero la foto no se pudo subir: ${(err as Error).message}`));
    return false;
  }
}

/** The form value for a record's single stored photo (treatments, packages). */
export function storedPhoto(name: string | null | undefined, url: (name: string) => string | undefined): PickedPhoto[] {
  return name ? [{ uid: name, id: name, name, url: url(name) }] : [];
}

/** A one-photo form field (`photos`), required while creating the record. */
export function SinglePhotoField({ required, disabled }: { required: boolean; disabled?: boolean }) {
  return (
    <Form.Item
      name="photos"
      label="Foto"
      required={required}
      rules={[
        {
          validator: async (_r, value?: PickedPhoto[]) => {
            if (required && !value?.length) throw new Error(msg.required('foto'));
          },
        },
      ]}
      extra="Una imagen png, jpg, jpeg, webp o gif de menos de 1 Mb"
    >
      <PhotoPicker max={1} disabled={disabled} />
    </Form.Item>
  );
}
