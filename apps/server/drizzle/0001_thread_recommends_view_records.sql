CREATE TABLE "thread_user_view_records" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"view_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_user_view_records_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "thread_user_view_records_user_idx" ON "thread_user_view_records" USING btree ("user_id","view_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "threads_site_idx" ON "threads" USING btree ("id" DESC NULLS FIRST) WHERE "threads"."is_site" = true and "threads"."deleted_at" is null;