CREATE TABLE "import_id_map" (
	"source" varchar(60) NOT NULL,
	"source_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_id_map_source_source_id_pk" PRIMARY KEY("source","source_id")
);
