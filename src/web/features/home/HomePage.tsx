import { Card, Col, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { NAVIGATION } from '../../../domain/navigation';
import { hasModule } from '../../../domain/privileges';
import { useSession } from '../../app/session';

export default function HomePage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const entries = NAVIGATION.flatMap((g) => g.entries).filter((e) => e.ready && !e.path.startsWith('external:') && hasModule(user?.privileges, e.key));
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Bienvenido(a), {user?.fullname}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.role} · {user?.branchName ?? 'Sin sucursal'}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {entries.map((e) => (
          <Col key={e.path} xs={24} sm={12} md={8} lg={6}>
            <Card hoverable onClick={() => navigate(`/dashboard/${e.path}`)}>
              <Card.Meta title={e.label} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
