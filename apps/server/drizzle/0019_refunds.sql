CREATE TABLE "showcase_picks" (
	"slot" text PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"operator_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_refund_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"out_trade_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"provider_refund_id" text,
	"provider_status" text,
	"coins_clawed_back" bigint DEFAULT 0 NOT NULL,
	"coins_owed" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"request_id" text,
	"operator_id" bigint,
	"fail_reason" text,
	"refunded_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_out_refund_no_unique" UNIQUE("out_refund_no"),
	CONSTRAINT "payment_refunds_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_fen" > 0),
	CONSTRAINT "payment_refunds_coins_nonnegative" CHECK ("payment_refunds"."coins_clawed_back" >= 0 and "payment_refunds"."coins_owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"model" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key_ciphertext" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"latency_ms" bigint,
	"operator_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_status_idx" ON "payment_refunds" USING btree ("status","created_at");