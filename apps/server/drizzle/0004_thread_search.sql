ALTER TABLE "threads" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "threads_search_vector_idx" ON "threads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "threads_title_trgm_idx" ON "threads" USING gin ("title" gin_trgm_ops);