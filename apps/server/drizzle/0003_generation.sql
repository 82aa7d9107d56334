CREATE TABLE "generation_events" (
	"task_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"current_step" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_events_task_id_seq_pk" PRIMARY KEY("task_id","seq")
);
--> statement-breakpoint
CREATE TABLE "generation_stage_outputs" (
	"task_id" bigint NOT NULL,
	"key" text NOT NULL,
	"output" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_stage_outputs_task_id_key_pk" PRIMARY KEY("task_id","key")
);
--> statement-breakpoint
CREATE TABLE "generation_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"article_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"advanced" boolean NOT NULL,
	"topic" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"current_step" text DEFAULT 'idle' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"event_seq" integer DEFAULT 0 NOT NULL,
	"hold_coins" integer NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"usage" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_tasks_task_id_unique" UNIQUE("task_id"),
	CONSTRAINT "generation_tasks_article_id_unique" UNIQUE("article_id")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "written_by" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_events" ADD CONSTRAINT "generation_events_task_id_generation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."generation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_stage_outputs" ADD CONSTRAINT "generation_stage_outputs_task_id_generation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."generation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_tasks" ADD CONSTRAINT "generation_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_tasks_user_status_idx" ON "generation_tasks" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "generation_tasks_status_created_idx" ON "generation_tasks" USING btree ("status","created_at");