CREATE TABLE "article_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"article_id" text,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"client_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_feedback" ADD CONSTRAINT "article_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_feedback_user_idx" ON "article_feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "article_feedback_article_idx" ON "article_feedback" USING btree ("article_id");