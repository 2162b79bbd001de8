import { Breadcrumb, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { breadcrumb, showsBackButton } from '../../../domain/breadcrumb';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const crumbs = breadcrumb(pathname);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
      {showsBackButton(pathname) && (
        <Button size="small" icon={<ArrowLeftOutlined />} aria-label="Regresar" onClick={() => navigate(crumbs[crumbs.length - 2].path)} />
      )}
      <Breadcrumb
        items={crumbs.map((c, i) => ({ key: c.path, title: i < crumbs.length - 1 ? <Link to={c.path}>{c.label}</Link> : c.label }))}
        data-testid="breadcrumb"
      />
    </div>
  );
}
