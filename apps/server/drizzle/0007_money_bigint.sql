ALTER TABLE "users" ALTER COLUMN "coin_balance" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_holds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_holds" ALTER COLUMN "settled_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "delta" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "balance_after" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "coins" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "generation_tasks" ALTER COLUMN "hold_coins" SET DATA TYPE bigint;