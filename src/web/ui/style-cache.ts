import { createCache } from '@ant-design/cssinjs';

/**
 * antd's style cache with every entry kept once made. antd counts the mounted components of each kind and, when the
 * last one unmounts, drops the kind's computed styles and removes its CSS-variable tag; the next screen that shows one
 * computes and injects them again. Between two screens (the agenda and the booking form) that meant dropping the
 * agenda's styles and computing the form's pickers' again on the click's path (npm run measure:web: a slot's click to the
 * booking form). One theme, a few dozen kinds of component: what is kept is small and is what every screen reuses.
 */
export function keptStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  // an entry starts with one use more than its components' (a pin): their unmounts never bring it to zero
  cache.opUpdate = (key, valueFn) =>
    update(key, (prev) => {
      const next = valueFn(prev);
      return prev == null && next ? [next[0] + 1, next[1]] : next;
    });
  return cache;
}
