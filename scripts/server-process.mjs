// How the production server process is started, shared by `npm start` and the benchmark so both measure the
// same thing. The memory settings keep a small site's server under 200 MB resident at full load:
// - MALLOC_ARENA_MAX=2: glibc would otherwise give each thread (libuv pool, V8 helpers) its own malloc arena;
// - MIMALLOC_PURGE_DELAY=0, MIMALLOC_ARENA_EAGER_COMMIT=0, MIMALLOC_EAGER_COMMIT=0: the native search segmenter
//   (jieba) brings its own allocator, mimalloc, which by default keeps what it freed while loading its dictionary
//   resident (about 10 MB of the bench's peak) and commits each new 32 MB segment's pages before they are used;
//   with these it gives freed pages back at once and commits only what it uses (loaded and after 2,000 segments:
//   4.5 MB less resident, segmenting no slower: 20,000 short texts in 282-289 ms against 418-458);
// - MALLOC_MMAP_THRESHOLD_=1048576: glibc raises its mmap threshold each time a large block is freed, so later
//   large blocks (compression windows, big buffers) come from the arenas and stay resident after use; fixed at
//   1 MB they get mappings of their own, returned when freed (the bench's peak 195 -> 185 MB, same rates);
// - a capped V8 heap: without it V8 lets garbage grow to ~150 MB before a full collection, while what is
//   live stays under ~60 MB (every cache is bounded). FORUM_MAX_HEAP_MB raises it for big sites;
// - no allocation-site pretenuring: V8 allocates an allocation site's objects straight in the old generation
//   once enough of them survived a young collection; under load many of a request's objects are still in flight
//   at a collection, so such sites got pretenured and their garbage filled the old generation at ~10 MB/s under
//   1,000 replies/s: a full collection every 1.9 s, each taking ~35 ms of the main thread, which was the
//   replies' p99 (50-60 ms). Without it the old generation grows a third as fast, scavenges take half as long,
//   and p99 was 14-34 ms at the same rate (issue 30);
// - young generation semi-spaces of 8 MB (4 before): a reply allocates ~80 KB, so at 1,000 replies/s a 4 MB
//   semi-space was scavenged every ~45 ms and what a reply still held at two scavenges in a row was promoted,
//   enough to need a full collection (40-90 ms of main-thread marking on two busy cores) every 4-6 s; at 8 MB
//   the replies' p99 was 25-52 ms in two full runs (33-53 in rows run alone at 4 MB), for ~10 MB more resident
//   (peak 188-195 MB);
// - a heap growing factor of 1.5 (--heap-growing-percent=50): with a small heap cap V8 uses its minimum
//   factor, and a full collection came once the old generation reached ~1.27x what the last one left (~50 MB
//   live: every ~14 MB of promotion, every 7-9 s at 1,000 replies/s), each holding 60-90 replies past 30 ms:
//   two in a 10 s row were its p99. Now at ~1.4x, every 12-13 s (the paced reply row alone: p99 41 -> 27 ms);
//   the cap still bounds the heap, and modules no longer loaded at start (mail, metrics, file sniffing, the
//   API document) pay for the room.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server entry, built by `npm run build`. */
export const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');

/** Node flags for the server process. */
export function serverNodeFlags(env = process.env) {
  const heap = Number(env.FORUM_MAX_HEAP_MB) || 100;
  return [
    `--max-old-space-size=${heap}`,
    '--max-semi-space-size=8',
    '--heap-growing-percent=50',
    '--no-allocation-site-pretenuring',
  ];
}

/** The server process's environment. */
export function serverEnv(env = process.env) {
  return {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '1048576',
    MIMALLOC_PURGE_DELAY: '0',
    MIMALLOC_ARENA_EAGER_COMMIT: '0',
    MIMALLOC_EAGER_COMMIT: '0',
    ...env,
  };
}
