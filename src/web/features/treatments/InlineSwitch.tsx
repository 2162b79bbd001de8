import { Form, Switch } from 'antd';

/** A switch with its label beside it, for yes/no fields that need no "(opcional)" mark. */
/** `bare` drops the bottom margin when the switch sits inside a labelled Form.Item. */
export function InlineSwitch({ name, label, disabled, bare }: { name: string; label: string; disabled?: boolean; bare?: boolean }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32, marginBottom: bare ? 0 : 24 }}>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-label={label} checkedChildren="Sí" unCheckedChildren="No" disabled={disabled} />
      </Form.Item>
      <span>{label}</span>
    </div>
  );
}
