-- Counters move on every reply and like: leave room on each page so PostgreSQL can update those rows in
-- place (HOT: no new entries in any index). Full pages made every reply's author update a non-HOT one,
-- touching all six users indexes (two of them trigram GIN) while the thread's lock was held.
ALTER TABLE "users" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "threads" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "posts" SET (fillfactor = 90);
