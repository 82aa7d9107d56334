CREATE TABLE "article_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"user_id" bigint,
	"source" text NOT NULL,
	"action" text,
	"content" text NOT NULL,
	"chars" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_versions_article_idx" ON "article_versions" USING btree ("article_id","id");--> statement-breakpoint
-- Articles written before versions existed start with their current text as the first version: 'generate' when it was never saved since, else 'save'.
INSERT INTO "article_versions" ("article_id", "user_id", "source", "content", "chars", "created_at") SELECT "id", "user_id", CASE WHEN "updated_at" = "created_at" THEN 'generate' ELSE 'save' END, "content", char_length("content"), "updated_at" FROM "articles" WHERE "user_id" IS NOT NULL;
