CREATE TABLE "user_images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"storage_key" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"bytes" integer NOT NULL,
	"licence" text,
	"attribution" text,
	"source_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_images_user_idx" ON "user_images" USING btree ("user_id","created_at");