-- Every committed change to the tables behind the hot reads is announced on one channel, whoever
-- made it (an api process, a worker, a billing script, psql): api processes keep those reads in
-- memory and drop them when they hear of a change (decision 070). Row triggers, so that a statement
-- that changed nothing (a queue poll finding no task) announces nothing; PostgreSQL folds the
-- identical notices of a transaction into one.
CREATE FUNCTION "tianma_announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('tianma_table_changes', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "tianma_announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "users_announce_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "tianma_announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "articles_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "articles" FOR EACH ROW EXECUTE FUNCTION "tianma_announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "articles_announce_truncate" AFTER TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "tianma_announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "generation_tasks_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "generation_tasks" FOR EACH ROW EXECUTE FUNCTION "tianma_announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "generation_tasks_announce_truncate" AFTER TRUNCATE ON "generation_tasks" FOR EACH STATEMENT EXECUTE FUNCTION "tianma_announce_table_change"();
