CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"user_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text,
	"platform" text,
	"author_name" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_showcase" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_article_id_unique" UNIQUE("article_id")
);
--> statement-breakpoint
CREATE INDEX "articles_user_created_idx" ON "articles" USING btree ("user_id","created_at");