ALTER TABLE "notification_tpls" ADD COLUMN "title_en" varchar(200);--> statement-breakpoint
ALTER TABLE "notification_tpls" ADD COLUMN "content_en" text;