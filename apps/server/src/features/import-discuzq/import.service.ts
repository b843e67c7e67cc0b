import type { Db } from '../../platform/db/db.js';
import type { AttachmentStorage } from '../attachments/index.js';
import { IdMaps, runStep, type Progress, type Step, type StepReport } from './runner.js';
import { Source } from './source.js';
import {
  attachmentsStep,
  favoritesStep,
  likesStep,
  mentionsStep,
  postsStep,
  thread_tomStep,
  threadsStep,
} from './steps-content.js';
import { votesStep, voteOptionsStep, voteUsersStep } from './steps-votes.js';
import { notificationsStep, signInFieldsStep, userSignInFieldsStep } from './steps-notices.js';
import { orderChildrenStep, ordersStep, walletsStep } from './steps-money.js';
import { blocksStep, dialogsStep, followsStep, messagesStep } from './steps-social.js';
import { filesStep, settingsStep, stopWordsStep, threadTopicsStep, topicsStep } from './steps-site.js';
import { categoriesStep, groupPermissionsStep, groupsStep, groupUserStep, usersStep } from './steps-users.js';
import { goodsStep, questionsStep } from './steps-blocks.js';
import { redPacketsStep, rewardsStep } from './steps-escrow.js';
import {
  cashStep,
  distributionsStep,
  groupPaidUsersStep,
  invitesStep,
  reportsStep,
  wechatStep,
} from './steps-members.js';

/**
 * The order matters: each step reads the id maps of the steps before it (categories before the group
 * permissions that name them, dialog messages before the attachments that hang on them, wallets' ledger
 * history before the red packets whose shares point at it, red packets and bounties before the
 * merged-order parts that link to them).
 */
export const STEPS: Step[] = [
  settingsStep,
  categoriesStep,
  groupsStep,
  groupPermissionsStep,
  usersStep,
  groupUserStep,
  signInFieldsStep,
  userSignInFieldsStep,
  threadsStep,
  postsStep,
  dialogsStep,
  messagesStep,
  attachmentsStep,
  votesStep,
  voteOptionsStep,
  voteUsersStep,
  thread_tomStep,
  goodsStep,
  questionsStep,
  likesStep,
  favoritesStep,
  followsStep,
  blocksStep,
  topicsStep,
  threadTopicsStep,
  mentionsStep,
  notificationsStep,
  stopWordsStep,
  walletsStep,
  ordersStep,
  redPacketsStep,
  rewardsStep,
  orderChildrenStep,
  cashStep,
  groupPaidUsersStep,
  invitesStep,
  distributionsStep,
  reportsStep,
  wechatStep,
];

export interface ImportOptions {
  from: string;
  dryRun?: boolean;
  batch?: number;
  /** The original's storage folder and where our uploads live (`--files`). */
  files?: { dir: string; storage: AttachmentStorage };
  progress?: Progress;
}

/** Imports a Discuz! Q database step by step; answers one report per source table. */
export async function importDiscuzq(db: Db, opts: ImportOptions): Promise<StepReport[]> {
  const source = await Source.open(opts.from);
  try {
    const maps = new IdMaps(db);
    const steps = opts.files ? [...STEPS, filesStep(opts.files.dir, opts.files.storage)] : STEPS;
    const reports: StepReport[] = [];
    for (const step of steps)
      reports.push(
        await runStep(db, source, maps, step, {
          batch: opts.batch ?? 1000,
          dryRun: opts.dryRun ?? false,
          progress: opts.progress,
        }),
      );
    return reports;
  } finally {
    await source.close();
  }
}

/** The final report as text: one line per table, then why rows were skipped or changed. */
export function formatReport(reports: StepReport[], dryRun = false): string {
  const lines = [
    dryRun
      ? 'table                       rows in source'
      : 'table                     source  imported  earlier  skipped   seconds',
  ];
  const why: string[] = [];
  for (const r of reports) {
    const skipped = Object.values(r.skipped).reduce((a, b) => a + b, 0);
    lines.push(
      dryRun
        ? `${r.table.padEnd(28)}${r.total}`
        : `${r.table.padEnd(24)}${String(r.total).padStart(8)}${String(r.imported).padStart(10)}${String(r.already).padStart(9)}${String(skipped).padStart(9)}${(r.ms / 1000).toFixed(1).padStart(10)}`,
    );
    for (const [k, v] of Object.entries(r.skipped)) why.push(`  ${r.table}: skipped ${v}: ${k}`);
    for (const [k, v] of Object.entries(r.notes)) why.push(`  ${r.table}: ${v} imported with a change: ${k}`);
    for (const l of r.listed) why.push(`  ${r.table}: ${l}`);
  }
  return [...lines, ...(why.length ? ['', 'notes:', ...why] : [])].join('\n');
}
