import { lazy, Suspense, useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
// the bare Input, not antd's Input with its TextArea, Search and OTP, which the sign-in page does not use
import Input from 'antd/es/input/Input';

const BranchSelect = lazy(() => import('./BranchSelect'));

const PLACEHOLDER = 'Seleccione una sucursal';

interface BranchFieldProps {
  /** id, value and onChange come from the Form.Item. */
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  branches: { id: string; name: string }[];
  loading: boolean;
  /** The user has touched the form: the real Select loads now. */
  active: boolean;
}

/**
 * The Sucursal field of the sign-in page. antd's Select with its virtual list is ~25 kB compressed, a tenth of what
 * the page downloads, for one optional field: until the user first touches the form, a read-only input drawn like
 * the closed Select (the remembered branch, or the placeholder) stands in for it, and the Select loads then.
 * Tabbing into the stand-in gives the Select the focus; clicking it opens the list.
 */
export function BranchField({ id, value, onChange, branches, loading, active }: BranchFieldProps) {
  const { token } = theme.useToken();
  const [intent, setIntent] = useState<'none' | 'focus' | 'open'>('none');
  const standIn = (
    <Input
      id={id}
      readOnly
      value={branches.find((b) => b.id === value)?.name ?? ''}
      placeholder={PLACEHOLDER}
      suffix={<DownOutlined style={{ fontSize: token.fontSizeSM, color: token.colorTextQuaternary }} />}
      style={{ cursor: 'pointer' }}
      onFocus={() => setIntent((i) => (i === 'none' ? 'focus' : i))}
      onMouseDown={() => setIntent('open')}
    />
  );
  if (!active && intent === 'none') return standIn;
  return (
    <Suspense fallback={standIn}>
      <BranchSelect
        id={id}
        value={value ?? undefined}
        onChange={onChange}
        placeholder={PLACEHOLDER}
        loading={loading}
        options={branches.map((b) => ({ value: b.id, label: b.name }))}
        autoFocus={intent !== 'none'}
        defaultOpen={intent === 'open'}
      />
    </Suspense>
  );
}
