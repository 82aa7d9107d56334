-- One pending order per user, kind and amount (decision 054): older duplicates made by reloads of /pay are closed here first (a late payment on one is still credited: crediting accepts a closed order).
UPDATE "payment_orders" SET "status" = 'closed', "updated_at" = now() WHERE "status" = 'pending' AND "id" NOT IN (SELECT max("id") FROM "payment_orders" WHERE "status" = 'pending' GROUP BY "user_id", "pay_type", "amount_fen");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_idx" ON "payment_orders" USING btree ("user_id","pay_type","amount_fen") WHERE status = 'pending';
