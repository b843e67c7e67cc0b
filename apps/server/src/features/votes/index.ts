/** Votes: the vote block type and `vote.thread`. Threads mounts it and passes what `threads.port.ts` asks. */
export { registerVoteTom, VotesService } from './votes.service.js';
