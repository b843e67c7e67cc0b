CREATE TABLE "plugin_migrations" (
	"plugin" varchar(100) NOT NULL,
	"id" varchar(100) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_migrations_plugin_id_pk" PRIMARY KEY("plugin","id")
);
--> statement-breakpoint
CREATE TABLE "plugin_states" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" varchar(20) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
