import { useEffect, useState } from 'react';
import { Avatar, Button, Dropdown, Layout, Tooltip, Typography } from 'antd';
import { KeyOutlined, LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { authRoutes } from '../../../domain/auth.contract';
import { call } from '../api';
import { router } from '../router';
import { ConnectionBanner } from '../ConnectionBanner';
import { DemoDataTag } from '../DemoDataTag';
import '../dayjs';
import { useSession } from '../session';
import { UnsavedChangesPrompt } from '../../ui/unsaved';
import { sectionOf } from '../../ui/useListQuery';
import { Breadcrumbs } from './Breadcrumbs';
import { CheckInDialog } from './CheckInDialog';
import { IdleGuard } from './IdleGuard';
import { ModalBridge } from './ModalBridge';
import { ChangePasswordModal, ChangePinModal } from './PasswordModals';
import { Sidebar } from './Sidebar';

const { Header, Sider, Content, Footer } = Layout;

/** Below 1200 px (antd's xl) the sidebar folds to its icons; the header's button opens or folds it at any width. */
const SIDER_BREAKPOINT = 'xl';
const SIDER_WIDTH = 240;
const SIDER_COLLAPSED_WIDTH = 64;

/**
 * The screen's address kept in the session (the last path, and only the current section's saved state). Its own
 * component: the shell around the screens (header, menu, dialogs) is not drawn again on every change of address.
 */
function RememberPath() {
  const setLastPath = useSession((s) => s.setLastPath);
  const keepOnlySection = useSession((s) => s.keepOnlySection);
  const { pathname } = useLocation();
  useEffect(() => {
    setLastPath(pathname.replace(/^\/dashboard\/?/, ''));
    keepOnlySection(sectionOf(pathname));
  }, [pathname, setLastPath, keepOnlySection]);
  return null;
}

export function Shell() {
  const user = useSession((s) => s.user);
  const refreshToken = useSession((s) => s.auth.refresh_token);
  const signOut = useSession((s) => s.signOut);
  const [collapsed, setCollapsed] = useState(false);
  const [dialog, setDialog] = useState<'password' | 'pin' | 'checkin' | null>(null);

  const logout = async () => {
    try {
      await call(authRoutes.signOut, { body: { refreshToken: refreshToken ?? undefined } });
    } catch {
      /* signed out locally anyway */
    }
    signOut();
    // the router itself, not useNavigate: that hook draws the shell again on every change of screen
    void router.navigate('/', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* first, so modal() works in the effects of the screens below */}
      <ModalBridge />
      <Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint={SIDER_BREAKPOINT}
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        trigger={null}
        data-testid="sidebar"
        style={{ overflow: 'auto' }}
      >
        <div className="shell-logo">
          <span aria-hidden>✦</span>
          {!collapsed && <span>Clínicas Estéticas</span>}
        </div>
        <Sidebar onCheckIn={() => setDialog('checkin')} />
      </Sider>
      <Layout>
        <Header className="shell-header">
          <span className="shell-header-start">
            <Tooltip title={collapsed ? 'Expandir menú' : 'Contraer menú'}>
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                aria-label={collapsed ? 'Expandir menú' : 'Contraer menú'}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed(!collapsed)}
              />
            </Tooltip>
            <span className="shell-branch" data-testid="header-branch">
              {(user?.branchName ?? 'Sin sucursal').toUpperCase()}
            </span>
            <DemoDataTag />
          </span>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'password', icon: <KeyOutlined />, label: 'Cambiar Contraseña' },
                { key: 'pin', icon: <LockOutlined />, label: 'Cambiar Pin' },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: 'Cerrar Sesión', danger: true },
              ],
              onClick: ({ key }) => (key === 'logout' ? void logout() : setDialog(key as 'password' | 'pin')),
            }}
          >
            <button
              type="button"
              aria-label={`Menú de usuario ${user?.fullname ?? ''} ${user?.role ?? ''}`.trim()}
              style={{ background: 'none', border: 0, cursor: 'pointer', display: 'flex', alignItems: 'center', gap: 8 }}
            >
              <Avatar src={user?.photo ? `/v1/user/photo/thumbnail/${user.photo}` : undefined} alt="" icon={<UserOutlined />} />
              <span style={{ textAlign: 'left', lineHeight: 1.2 }}>
                <Typography.Text strong>{user?.fullname}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {user?.role}
                </Typography.Text>
              </span>
            </button>
          </Dropdown>
        </Header>
        <Content className="shell-content">
          <ConnectionBanner />
          <Breadcrumbs />
          <Outlet />
          {/* after the screen: its effects (its own saved state) run first, as when the shell kept the path itself */}
          <RememberPath />
        </Content>
        <Footer className="shell-footer">© {new Date().getFullYear()} Grupo Clínicas Estéticas de México S.A. de C.V. · Todos los derechos reservados</Footer>
      </Layout>
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <ChangePinModal open={dialog === 'pin'} onClose={() => setDialog(null)} />
      <CheckInDialog open={dialog === 'checkin'} onClose={() => setDialog(null)} />
      <IdleGuard />
      <UnsavedChangesPrompt />
    </Layout>
  );
}
