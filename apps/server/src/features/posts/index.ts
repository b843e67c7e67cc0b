/** Posts: replies and comments (write, read, edit, like), their presenter, rows, notices and anonymity rule. */
export { PostsService, requireAbility, type ReplyInput } from './posts.service.js';
export { PostsUpdater, type PostChanges } from './posts-update.service.js';
export { presentPost, type PostBundle } from './posts.presenter.js';
export * from './posts.repository.js';
export { posts, postLikes, postMentions } from './posts.table.js';
export { likeNotice, replyNotices, threadMentionNotices } from './notices.js';
export * from './anonymity.policy.js';
export type {
  FileBinding,
  PostEvent,
  PostsDeps,
  PostsThreads,
  PostThread,
  PreparedPost,
} from './threads.port.js';
