CREATE TABLE "wechat_publications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"article_id" text NOT NULL,
	"account_id" text NOT NULL,
	"state" text NOT NULL,
	"media_id" text,
	"message" text,
	"theme" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_publications" ADD CONSTRAINT "wechat_publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_publications_user_article_idx" ON "wechat_publications" USING btree ("user_id","article_id","created_at");