/** What other areas (sales, point of sale) use of coupons. */
export { registerCouponRoutes } from './routes';
export { redeemCoupon, validateCoupon, type CouponQuote, type Redemption } from './coupon.validate';
export { couponItems } from './coupon.service';
