import { inArray } from 'drizzle-orm';
import { threadVoteOptions, threadVotes, threadVoteUsers } from '../threads/threads.table.js';
import { entityStep } from './link-step.js';
import { date, int, str, type Step } from './runner.js';

export const votesStep = entityStep({
  table: 'thread_vote',
  needs: ['threads'],
  required: [['thread_id', 'threads', 'thread not imported']],
  into: 'thread_votes',
  insert: (tx, items, maps) =>
    tx.insert(threadVotes).values(
      items.map(({ r, id }) => ({
        id,
        threadId: maps.get('threads', r.thread_id),
        title: str(r.vote_title).slice(0, 100),
        choiceType: int(r.choice_type) || 1,
        voteUsers: int(r.vote_users),
        expiredAt: date(r.expired_at),
        createdAt: date(r.created_at) ?? new Date(),
      })),
    ),
});

export const voteOptionsStep = entityStep({
  table: 'thread_vote_subitems',
  needs: ['thread_vote'],
  required: [['thread_vote_id', 'thread_vote', 'vote not imported']],
  into: 'thread_vote_options',
  insert: (tx, items, maps) =>
    tx.insert(threadVoteOptions).values(
      items.map(({ r, id }) => ({
        id,
        voteId: maps.get('thread_vote', r.thread_vote_id),
        content: str(r.content).slice(0, 50),
        voteCount: int(r.vote_count),
        sort: int(r.id),
      })),
    ),
});

export const voteUsersStep: Step = {
  table: 'thread_vote_users',
  keys: ['thread_vote_subitem_id', 'user_id'],
  needs: ['thread_vote_subitems', 'users'],
  async write({ tx, maps, skip }, rows) {
    const optionIds = rows
      .map((r) => maps.get('thread_vote_subitems', r.thread_vote_subitem_id))
      .filter(Boolean);
    const options = optionIds.length
      ? await tx
          .select({ id: threadVoteOptions.id, voteId: threadVoteOptions.voteId })
          .from(threadVoteOptions)
          .where(inArray(threadVoteOptions.id, optionIds))
      : [];
    const voteOf = new Map(options.map((o) => [o.id, o.voteId]));
    const values = [];
    for (const r of rows) {
      const optionId = maps.get('thread_vote_subitems', r.thread_vote_subitem_id);
      const userId = maps.get('users', r.user_id);
      if (!optionId || !userId) skip(!optionId ? 'option not imported' : 'user not imported');
      else
        values.push({
          voteId: voteOf.get(optionId)!,
          userId,
          optionId,
          createdAt: date(r.created_at) ?? new Date(),
        });
    }
    if (values.length === 0) return 0;
    return (await tx.insert(threadVoteUsers).values(values).onConflictDoNothing().returning()).length;
  },
};
