import { useState } from 'react';
import { Alert, Card, Col, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { branchRoutes } from '../../../domain/branches.contract';
import { homeRoutes } from '../../../domain/home.contract';
import { NAVIGATION, showsEntry } from '../../../domain/navigation';
import { can, hasModule, type PrivilegeMap } from '../../../domain/privileges';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { TodayCards, TodayPlaceholders, type TodayBlocks } from './TodayCards';

/** The blocks of the branch's today the user reads, by the server's rule (home/service.ts: it answers only those). */
const todayBlocks = (p: PrivilegeMap | undefined): TodayBlocks => ({
  appointments: can(p, 'dairy', 'show') || can(p, 'appointment', 'show'),
  sales: can(p, 'sales', 'show') || can(p, 'goal', 'show'),
  lots: can(p, 'inventory', 'show'),
});
const readsToday = (p: PrivilegeMap | undefined) => Object.values(todayBlocks(p)).some(Boolean);

/** The branch whose today is shown: a user not bound to a branch picks one (the signed-in branch first). */
function BranchPicker({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) {
  // the same lookup (and cache) as the goal form
  const branches = useQuery({
    queryKey: ['branches-lookup'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items,
  });
  return (
    <Select
      aria-label="Sucursal"
      style={{ width: 240 }}
      value={value}
      placeholder="Seleccione la sucursal"
      options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
      loading={branches.isLoading}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** The branch's today: appointments, sales against the day's goal and lots close to expiry. */
function Today() {
  const user = useSession((s) => s.user);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const branchId = user?.branchBound ? undefined : (chosen ?? user?.branch ?? undefined);
  const today = useQuery({
    queryKey: ['home-today', branchId ?? user?.branch],
    queryFn: () => call(homeRoutes.today, { query: { branchId } }),
    enabled: Boolean(branchId ?? user?.branch),
    refetchInterval: 60_000,
  });
  const data = today.data;
  return (
    <section style={{ marginBottom: 24 }} aria-label="Hoy en la sucursal">
      <Row justify="space-between" align="middle" style={{ marginBottom: 12 }} gutter={[16, 8]}>
        <Col>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Hoy{data ? ` en ${data.branch.name}` : ''}
            {data && (
              <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal', marginLeft: 8 }}>
                {dayjs(data.date).format('dddd D [de] MMMM [de] YYYY')}
              </Typography.Text>
            )}
          </Typography.Title>
        </Col>
        {!user?.branchBound && (
          <Col>
            <BranchPicker value={branchId} onChange={setChosen} />
          </Col>
        )}
      </Row>
      {today.error ? (
        <Alert type="error" showIcon title={(today.error as Error).message} />
      ) : !data ? (
        <TodayPlaceholders blocks={todayBlocks(user?.privileges)} active={today.isLoading} />
      ) : (
        <TodayCards today={data} goalLink={hasModule(user?.privileges, 'goal')} />
      )}
    </section>
  );
}

export default function HomePage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const entries = NAVIGATION.flatMap((g) => g.entries).filter((e) => !e.path.startsWith('external:') && showsEntry(user?.privileges, e));
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Bienvenido(a), {user?.fullname}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.role} · {user?.branchName ?? 'Sin sucursal'}
      </Typography.Paragraph>
      {readsToday(user?.privileges) && <Today />}
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
