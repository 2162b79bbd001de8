import { Tag } from 'antd';
import type { LoyaltyTier } from '../../../domain/loyalty';

export const TIER_COLORS: Record<LoyaltyTier, string> = { BRONCE: '#b0793f', PLATA: '#8c8c8c', ORO: '#d4a017', PLATINO: '#6b7b8c', DIAMANTE: '#3a8bd6' };

/** A loyalty tier in its colour. */
export function TierTag({ tier }: { tier: string }) {
  return (
    <Tag color={TIER_COLORS[tier as LoyaltyTier]} data-testid="tier-tag">
      {tier}
    </Tag>
  );
}
