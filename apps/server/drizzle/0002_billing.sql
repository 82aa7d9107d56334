CREATE TABLE "coin_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"ref" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"settled_amount" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_holds_ref_unique" UNIQUE("ref"),
	CONSTRAINT "coin_holds_amount_positive" CHECK ("coin_holds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"pay_type" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"coins" integer NOT NULL,
	"grants_pro" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"provider" text NOT NULL,
	"code_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_out_trade_no_unique" UNIQUE("out_trade_no"),
	CONSTRAINT "payment_orders_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount_fen" > 0),
	CONSTRAINT "payment_orders_coins_positive" CHECK ("payment_orders"."coins" > 0)
);
--> statement-breakpoint
ALTER TABLE "coin_holds" ADD CONSTRAINT "coin_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_holds_status_expiry_idx" ON "coin_holds" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_status_expiry_idx" ON "payment_orders" USING btree ("status","expires_at");