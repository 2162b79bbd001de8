import { Tag } from 'antd';
import type { LoyaltyTier } from '../../../domain/loyalty';

/** Each tier's colour, dark enough for the tag's text to read at 4.5:1 or more on the tag's light tint of it. */
export const TIER_COLORS: Record<LoyaltyTier, string> = { BRONCE: '#8a5a2b', PLATA: '#666666', ORO: '#7a5d00', PLATINO: '#4f5d6b', DIAMANTE: '#1f66a8' };

/** A loyalty tier in its colour. */
export function TierTag({ tier }: { tier: string }) {
  return (
    <Tag color={TIER_COLORS[tier as LoyaltyTier]} data-testid="tier-tag">
      {tier}
    </Tag>
  );
}
