CREATE TABLE "order_children" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_sn" varchar(22) NOT NULL,
	"type" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"block_id" integer,
	CONSTRAINT "order_children_order_type_uq" UNIQUE("order_id","type"),
	CONSTRAINT "order_children_amount_ck" CHECK ("order_children"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_children" ADD CONSTRAINT "order_children_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;