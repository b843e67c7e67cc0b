import type { ServerSdk } from '@forum/plugin-sdk/server';

/** Most members one activity takes (0 means no limit). */
export const MAX_CAPACITY = 100_000;

/** The activity block's body: what the author fills in the editor (the original's activity fields). */
export function activitySchema({ z }: ServerSdk) {
  const time = z.iso.datetime({ offset: true, message: 'must be a date and time' });
  return z
    .object({
      title: z.string().trim().min(1, { message: 'title is required' }).max(50),
      content: z.string().trim().max(500).default(''),
      activityStartAt: time,
      activityEndAt: time,
      registerStartAt: time.optional(),
      registerEndAt: time.optional(),
      /** How many may sign up; 0 for no limit. */
      totalNumber: z.number().int().min(0).max(MAX_CAPACITY).default(0),
      address: z.string().trim().max(200).default(''),
    })
    .refine((b) => Date.parse(b.activityEndAt) > Date.parse(b.activityStartAt), {
      message: 'activityEndAt must be after activityStartAt',
      path: ['activityEndAt'],
    })
    .refine(
      (b) =>
        !b.registerStartAt || !b.registerEndAt || Date.parse(b.registerEndAt) > Date.parse(b.registerStartAt),
      {
        message: 'registerEndAt must be after registerStartAt',
        path: ['registerEndAt'],
      },
    );
}

/** A stored activity. */
export interface Activity {
  title: string;
  content: string;
  activityStartAt: string;
  activityEndAt: string;
  registerStartAt?: string;
  registerEndAt?: string;
  totalNumber: number;
  address: string;
}

/** Why signing up is closed right now (before or after the window, the activity over), or null when open. */
export function closedReason(a: Activity, now: number): 'notStarted' | 'ended' | null {
  const start = a.registerStartAt ? Date.parse(a.registerStartAt) : -Infinity;
  const end = Date.parse(a.registerEndAt ?? a.activityEndAt);
  if (now < start) return 'notStarted';
  if (now > end) return 'ended';
  return null;
}

/** One CSV cell: quoted, and a cell a spreadsheet would run as a formula is defused. */
export function csvCell(v: string | number): string {
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}
