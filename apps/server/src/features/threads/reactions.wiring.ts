import { ReactionsService as Reactions, type ThreadRows } from '../reactions/index.js';
import { countSticky } from './threads-list.repository.js';
import type { ThreadsReader } from './threads-read.service.js';
import { bumpThread, findThread, setUserStick, updateThread } from './threads.repository.js';
import type { ThreadsDeps } from './threads.deps.js';

/** Threads' rows as the reactions feature's port asks for them. */
const rows: ThreadRows = {
  find: findThread,
  update: updateThread,
  bump: bumpThread,
  countSticky,
  setUserStick,
};

/** Reactions plugged into threads' rows; index.ts makes it from the deps and the reader. */
export class ReactionsService extends Reactions {
  constructor(deps: ThreadsDeps, reader: ThreadsReader) {
    super(deps, reader, rows);
  }
}
