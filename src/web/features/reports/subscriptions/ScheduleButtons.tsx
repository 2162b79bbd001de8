import { useState } from 'react';
import { Button } from 'antd';
import { MailOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { ReportName } from '../../../../domain/reports';
import { ScheduledDeliveries } from './ScheduledDeliveries';
import { SubscriptionModal, subscriptionFiltersOf, type SubscriptionTarget } from './SubscriptionModal';

/**
 * The hub's 'Programar envío' (subscribe to the report shown, with its filters) and 'Envíos programados' (the list of
 * one's subscriptions), beside 'Excel'.
 */
export function ScheduleButtons({ name, query }: { name: ReportName; query: Record<string, string> }) {
  const [target, setTarget] = useState<SubscriptionTarget | null>(null);
  const [listing, setListing] = useState(false);
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setTarget({ report: name, filters: subscriptionFiltersOf(query) })}>
        Programar envío
      </Button>
      <Button icon={<ScheduleOutlined />} onClick={() => setListing(true)}>
        Envíos programados
      </Button>
      {target && <SubscriptionModal key={target.editing?.id ?? 'new'} target={target} onClose={() => setTarget(null)} />}
      <ScheduledDeliveries open={listing} onClose={() => setListing(false)} onEdit={setTarget} />
    </>
  );
}
