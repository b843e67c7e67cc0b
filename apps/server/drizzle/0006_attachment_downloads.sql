CREATE TABLE "attachment_downloads" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attachment_downloads_user_id_day_pk" PRIMARY KEY("user_id","day")
);
