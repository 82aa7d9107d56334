ALTER TABLE "articles" ADD COLUMN "source_article_id" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "repurposed_for" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "wechat_theme" text;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "submit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "wechat_publish_id" text;--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD COLUMN "article_url" text;--> statement-breakpoint
CREATE INDEX "articles_source_idx" ON "articles" USING btree ("source_article_id");--> statement-breakpoint
CREATE INDEX "wechat_publications_due_idx" ON "wechat_publications" USING btree ("state","scheduled_at");