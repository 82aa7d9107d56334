CREATE TABLE "kb_chunks" (
	"session_id" text NOT NULL,
	"file_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"heading_path" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"tokens" jsonb NOT NULL,
	"embedding" jsonb,
	CONSTRAINT "kb_chunks_session_id_file_id_ordinal_pk" PRIMARY KEY("session_id","file_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "kb_files" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"chars" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'none' NOT NULL,
	"message" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"warning" text,
	"built_files" text,
	"embedding_model" text,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb_chunks" ADD CONSTRAINT "kb_chunks_session_id_kb_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kb_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_chunks" ADD CONSTRAINT "kb_chunks_file_id_kb_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."kb_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_files" ADD CONSTRAINT "kb_files_session_id_kb_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."kb_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_sessions" ADD CONSTRAINT "kb_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_files_session_idx" ON "kb_files" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "kb_sessions_user_idx" ON "kb_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "kb_sessions_last_used_idx" ON "kb_sessions" USING btree ("last_used_at");