CREATE TABLE "analytics_benefit_user_totals" (
	"benefit_id" text NOT NULL,
	"user_email" text NOT NULL,
	"clicked" boolean DEFAULT false NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_benefit_user_totals_benefit_id_user_email_pk" PRIMARY KEY("benefit_id","user_email")
);
--> statement-breakpoint
INSERT INTO "analytics_benefit_user_totals" ("benefit_id", "user_email", "clicked", "submitted")
  SELECT "benefit_id", "user_email", bool_or("kind" = 'click'), bool_or("kind" = 'submission')
  FROM "analytics_benefit_users" GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (click_time at time zone 'UTC')::date, 'click', benefit_id, count(*) FROM new_rows GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (click_time at time zone 'UTC')::date, 'click' FROM new_rows
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, clicked)
    SELECT DISTINCT benefit_id, user_email, true FROM new_rows
    ON CONFLICT (benefit_id, user_email) DO UPDATE SET clicked = true WHERE NOT analytics_benefit_user_totals.clicked;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, benefit_title FROM new_rows ORDER BY benefit_id, click_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (submission_time at time zone 'UTC')::date, 'submission', benefit_id, count(*) FROM new_rows WHERE benefit_id IS NOT NULL GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (submission_time at time zone 'UTC')::date, 'submission' FROM new_rows WHERE benefit_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, submitted)
    SELECT DISTINCT benefit_id, user_email, true FROM new_rows WHERE benefit_id IS NOT NULL
    ON CONFLICT (benefit_id, user_email) DO UPDATE SET submitted = true WHERE NOT analytics_benefit_user_totals.submitted;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, coalesce(benefit_title, benefit_id) FROM new_rows WHERE benefit_id IS NOT NULL ORDER BY benefit_id, submission_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
