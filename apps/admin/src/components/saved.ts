import { toast } from '@forum/ui';
import { s } from '../i18n.ts';

/**
 * What every admin write does after its call: nothing when it failed (`run` already showed the error),
 * else a short "saved" toast and a reload of what the page shows.
 */
export function savedThen(reload: () => Promise<void>) {
  return async (result: unknown): Promise<void> => {
    if (result === null || result === undefined) return;
    toast.success(s.saved, { duration: 1000 });
    await reload();
  };
}
