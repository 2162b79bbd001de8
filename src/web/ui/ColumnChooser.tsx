import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useUserPreference } from './user-preference';

export interface ChoosableColumn {
  key: string;
  title: string;
  /** Left out of the table until the user chooses it (it stays in the detail and the exports). */
  optional?: boolean;
}

const isKeyList = (v: unknown): v is string[] => Array.isArray(v) && v.every((k) => typeof k === 'string');

/**
 * The columns a list shows, as its user chose them under 'Columnas' (remembered per user and list): by default every
 * column but the optional ones. The first column (the record's identifier, which opens its detail) is always shown.
 */
export function useShownColumns<C extends ChoosableColumn>(list: string, columns: C[]): { shown: C[]; chooser: React.ReactNode } {
  const defaults = columns.filter((c) => !c.optional).map((c) => c.key);
  const [chosen, setChosen] = useUserPreference<string[]>(`columns:${list}`, defaults, isKeyList);
  const first = columns[0]?.key;
  const isShown = (key: string) => key === first || chosen.includes(key);
  const shown = columns.filter((c) => isShown(c.key));
  const anyOptional = columns.some((c) => c.optional);
  const chooser = anyOptional ? (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Columnas visibles"
      content={
        <Space direction="vertical" size={4}>
          {columns.map((c) => (
            <Checkbox
              key={c.key}
              checked={isShown(c.key)}
              disabled={c.key === first}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, c.key] : chosen.filter((k) => k !== c.key))}
            >
              {c.title}
            </Checkbox>
          ))}
          <Button size="small" type="link" onClick={() => setChosen(defaults)}>
            Restablecer
          </Button>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />}>Columnas</Button>
    </Popover>
  ) : null;
  return { shown, chooser };
}
