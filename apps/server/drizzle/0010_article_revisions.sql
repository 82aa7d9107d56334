CREATE TABLE "article_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"by" text NOT NULL,
	"selection_chars" integer NOT NULL,
	"output_chars" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_revisions_user_created_idx" ON "article_revisions" USING btree ("user_id","created_at");