import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  CalendarOutlined,
  IdcardOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { NAVIGATION, showsEntry } from '../../../domain/navigation';
import { usePublicConfig } from '../config';
import { useSession } from '../session';

/** The point of sale this app carries (POS_URL, when set, names another one). */
const BUILT_IN_POS_PATH = '/punto-de-venta';

const GROUP_ICONS: Record<string, React.ReactNode> = {
  Administración: <AuditOutlined />,
  Inventario: <ShopOutlined />,
  Mercadotecnia: <TagsOutlined />,
  Catálogos: <AppstoreOutlined />,
};
const ENTRY_ICONS: Record<string, React.ReactNode> = {
  configuraciones: <SettingOutlined />,
  agenda: <CalendarOutlined />,
  'external:pos': <ShoppingCartOutlined />,
  clientes: <TeamOutlined />,
  personal: <IdcardOutlined />,
};

/** Every group and entry of the spec, each shown only when the user's privileges hold its key. */
export function Sidebar({ onCheckIn }: { onCheckIn: () => void }) {
  const privileges = useSession((s) => s.user?.privileges);
  const token = useSession((s) => s.auth.token);
  const { posUrl } = usePublicConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items = useMemo<MenuProps['items']>(() => {
    const list: NonNullable<MenuProps['items']> = [{ key: 'checkin', icon: <IdcardOutlined />, label: 'Registro de asistencia' }];
    for (const group of NAVIGATION) {
      const entries = group.entries.filter((e) => showsEntry(privileges, e));
      if (!entries.length) continue;
      const children = entries.map((e) => ({ key: e.path, icon: group.label ? undefined : ENTRY_ICONS[e.path], label: e.label }));
      if (group.label) list.push({ key: `group:${group.label}`, icon: GROUP_ICONS[group.label], label: group.label, children });
      else list.push(...children);
    }
    return list;
  }, [privileges]);

  const selected = pathname.split('/')[2] ?? '';
  const openGroup = NAVIGATION.find((g) => g.label && g.entries.some((e) => e.path === selected))?.label;

  // drawn again when the section changes, not on every change of address inside it (a slot's booking form)
  return useMemo(
    () => (
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[selected]}
        defaultOpenKeys={openGroup ? [`group:${openGroup}`] : []}
        onClick={({ key }) => {
          if (key === 'checkin') return onCheckIn();
          if (key === 'external:pos') {
            const url = new URL(posUrl || `${window.location.origin}${BUILT_IN_POS_PATH}`);
            url.searchParams.set('token', token ?? '');
            window.open(url.toString(), '_blank', 'noopener');
            return;
          }
          void navigate(`/dashboard/${key}`);
        }}
      />
    ),
    [items, selected, openGroup, onCheckIn, posUrl, token, navigate],
  );
}
