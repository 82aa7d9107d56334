CREATE TABLE "admin_day_rollups" (
	"day" text PRIMARY KEY NOT NULL,
	"stats" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coin_holds_updated_at_idx" ON "coin_holds" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_created_at_idx" ON "coin_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_paid_at_idx" ON "payment_orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "article_feedback_created_at_idx" ON "article_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "generation_tasks_created_at_idx" ON "generation_tasks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "generation_tasks_finished_at_idx" ON "generation_tasks" USING btree ("finished_at");