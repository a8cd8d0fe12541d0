CREATE TABLE "analytics_benefit_users" (
	"benefit_id" text NOT NULL,
	"user_email" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "analytics_benefit_users_benefit_id_user_email_day_kind_pk" PRIMARY KEY("benefit_id","user_email","day","kind")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"benefit_id" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_kind_benefit_id_pk" PRIMARY KEY("day","kind","benefit_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_titles" (
	"benefit_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
-- Backfill the roll-ups from logs written before they existed (day in UTC).
INSERT INTO "analytics_daily" ("day", "kind", "benefit_id", "n")
  SELECT ("access_time" at time zone 'UTC')::date, 'access', '', count(*) FROM "portal_access_logs" GROUP BY 1
  UNION ALL SELECT ("click_time" at time zone 'UTC')::date, 'click', "benefit_id", count(*) FROM "benefit_click_logs" GROUP BY 1, 3
  UNION ALL SELECT ("submission_time" at time zone 'UTC')::date, 'submission', "benefit_id", count(*) FROM "form_submission_logs" WHERE "benefit_id" IS NOT NULL GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO "analytics_benefit_users" ("benefit_id", "user_email", "day", "kind")
  SELECT DISTINCT "benefit_id", "user_email", ("click_time" at time zone 'UTC')::date, 'click' FROM "benefit_click_logs"
  UNION SELECT DISTINCT "benefit_id", "user_email", ("submission_time" at time zone 'UTC')::date, 'submission' FROM "form_submission_logs" WHERE "benefit_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "analytics_titles" ("benefit_id", "title")
  SELECT DISTINCT ON ("benefit_id") "benefit_id", "benefit_title" FROM "benefit_click_logs" ORDER BY "benefit_id", "click_time" DESC
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Statement-level triggers keep the roll-ups in step with every insert, set-based for bulk loads.
CREATE FUNCTION "analytics_rollup_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (access_time at time zone 'UTC')::date, 'access', '', count(*) FROM new_rows GROUP BY 1
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "analytics_rollup_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (click_time at time zone 'UTC')::date, 'click', benefit_id, count(*) FROM new_rows GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (click_time at time zone 'UTC')::date, 'click' FROM new_rows
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, benefit_title FROM new_rows ORDER BY benefit_id, click_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "analytics_rollup_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (submission_time at time zone 'UTC')::date, 'submission', benefit_id, count(*) FROM new_rows WHERE benefit_id IS NOT NULL GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (submission_time at time zone 'UTC')::date, 'submission' FROM new_rows WHERE benefit_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, coalesce(benefit_title, benefit_id) FROM new_rows WHERE benefit_id IS NOT NULL ORDER BY benefit_id, submission_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "portal_access_logs_rollup" AFTER INSERT ON "portal_access_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_rollup_access"();
--> statement-breakpoint
CREATE TRIGGER "benefit_click_logs_rollup" AFTER INSERT ON "benefit_click_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_rollup_clicks"();
--> statement-breakpoint
CREATE TRIGGER "form_submission_logs_rollup" AFTER INSERT ON "form_submission_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "analytics_rollup_submissions"();
