import { Code, TomId } from '@forum/contracts';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import type { DbOrTx } from '../../platform/db/db.js';
import { inTransaction } from '../../platform/db/tx.js';
import { AppError, invalid, notFound } from '../../platform/http/errors.js';
import type { TomRegistry } from '../toms/index.js';
import type { VisibleThreads, VotesDeps } from './threads.port.js';
import {
  blockBodies,
  castVote,
  chosenOptions,
  deleteVote,
  findVote,
  insertVote,
  replaceOptions,
  updateVote,
} from './votes.repository.js';

/** The vote block body (reference §1.3): 2–20 unique non-empty options of at most 50 characters. */
export const voteInput = z.object({
  voteTitle: z.string().trim().max(100).default(''),
  choiceType: z.coerce.number().int().min(1).max(2).default(1),
  expiredAt: z.coerce.date().nullable().default(null),
  subitems: z
    .array(z.object({ content: z.string().trim().min(1, { message: 'options cannot be empty' }).max(50) }))
    .min(2, { message: 'a vote needs at least 2 options' })
    .max(20, { message: 'a vote has at most 20 options' })
    .refine((s) => new Set(s.map((o) => o.content)).size === s.length, { message: 'options must be unique' }),
});

const stored = z.object({ voteId: z.number().int() });

async function showVote(db: DbOrTx, actor: Actor, body: unknown) {
  const parsed = stored.safeParse(body);
  if (!parsed.success) return body;
  const found = await findVote(db, parsed.data.voteId);
  if (!found) return body;
  const mine = actor.userId ? await chosenOptions(db, found.vote.id, actor.userId) : [];
  return {
    voteId: found.vote.id,
    voteTitle: found.vote.title,
    choiceType: found.vote.choiceType,
    expiredAt: found.vote.expiredAt ? found.vote.expiredAt.toISOString() : null,
    isExpired: found.vote.expiredAt != null && found.vote.expiredAt.getTime() < Date.now(),
    isVoted: mine.length > 0,
    voteUsers: found.vote.voteUsers,
    subitems: found.options.map((o) => ({
      id: o.id,
      content: o.content,
      voteCount: o.voteCount,
      isVoted: mine.includes(o.id),
    })),
  };
}

/** Registers the vote block (tomId 109). */
export function registerVoteTom(registry: TomRegistry): void {
  registry.register({
    id: String(TomId.VOTE),
    name: '投票',
    permission: 'thread.insertVote',
    maxBlocks: 1,
    filterable: true,
    // Voters see the results; others see the choices.
    perViewer: true,
    schema: voteInput,
    async save(ctx, body) {
      const v = body as z.infer<typeof voteInput>;
      if (v.expiredAt && v.expiredAt.getTime() <= Date.now())
        throw invalid('expiredAt: must be in the future');
      const options = v.subitems.map((s) => s.content);
      const prev = stored.safeParse(ctx.previous);
      if (prev.success) {
        const found = await findVote(ctx.tx, prev.data.voteId, true);
        if (found) {
          if (found.vote.voteUsers > 0) {
            if (found.vote.choiceType !== v.choiceType)
              throw invalid('choiceType: cannot change once people have voted');
            const same = found.options.map((o) => o.content).join('\n') === options.join('\n');
            if (!same) throw invalid('subitems: cannot change once people have voted');
          } else {
            await replaceOptions(ctx.tx, found.vote.id, options);
          }
          await updateVote(ctx.tx, found.vote.id, {
            title: v.voteTitle,
            choiceType: v.choiceType,
            expiredAt: v.expiredAt,
          });
          return { voteId: found.vote.id };
        }
      }
      const voteId = await insertVote(ctx.tx, {
        threadId: ctx.threadId,
        title: v.voteTitle,
        choiceType: v.choiceType,
        expiredAt: v.expiredAt,
        options,
      });
      return { voteId };
    },
    async remove(ctx) {
      const prev = stored.safeParse(ctx.previous);
      if (prev.success) await deleteVote(ctx.tx, prev.data.voteId);
    },
    show: (ctx, body) => showVote(ctx.db, ctx.actor, body),
  });
}

/** `vote.thread`. */
export class VotesService {
  constructor(
    private readonly deps: VotesDeps,
    private readonly reader: VisibleThreads,
  ) {}

  /** Casts the actor's vote once; single-choice votes take exactly one option. */
  async vote(actor: Actor, threadId: number, voteId: number, optionIds: number[]) {
    if (actor.isGuest || actor.userId == null) throw new AppError(Code.JUMP_TO_LOGIN);
    const userId = actor.userId;
    await this.reader.visibleThread(actor, threadId);
    const toms = await blockBodies(this.deps.db, threadId);
    if (!toms.some((t) => stored.safeParse(t.body).data?.voteId === voteId))
      throw notFound('vote not found in this thread');
    const unique = [...new Set(optionIds)];
    await inTransaction(this.deps.db, async (tx) => {
      const found = await findVote(tx, voteId, true);
      if (!found) throw notFound();
      if (found.vote.expiredAt && found.vote.expiredAt.getTime() < Date.now())
        throw new AppError(Code.RESOURCE_EXPIRED, { zh: '投票已结束', en: 'This vote has ended' });
      if (found.vote.choiceType === 1 && unique.length !== 1)
        throw invalid('subitemIds: choose exactly one option');
      const valid = new Set(found.options.map((o) => o.id));
      if (!unique.every((id) => valid.has(id))) throw invalid('subitemIds: unknown option');
      if ((await chosenOptions(tx, voteId, userId)).length)
        throw new AppError(Code.RESOURCE_EXIST, { zh: '已经投过票了', en: 'You have already voted' });
      await castVote(tx, voteId, userId, unique);
    });
    return showVote(this.deps.db, actor, { voteId });
  }
}
