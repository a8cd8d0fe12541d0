CREATE TABLE "analytics_zone" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL
);
--> statement-breakpoint
-- Hand-written: the roll-ups count calendar days in the organiser's zone (ORGANISER_TIME_ZONE), no longer UTC.
ALTER TABLE "analytics_zone" ADD CONSTRAINT "analytics_zone_one" CHECK ("one");
--> statement-breakpoint
-- The roll-ups written so far are UTC days: start-up moves them to the organiser's zone (analytics_use_zone).
INSERT INTO "analytics_zone" ("one", "time_zone") VALUES (true, 'UTC');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_access"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := (SELECT time_zone FROM analytics_zone);
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (access_time at time zone tz)::date, 'access', '', count(*) FROM new_rows GROUP BY 1
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := (SELECT time_zone FROM analytics_zone);
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (click_time at time zone tz)::date, 'click', benefit_id, count(*) FROM new_rows GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (click_time at time zone tz)::date, 'click' FROM new_rows
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, clicked, days)
    SELECT benefit_id, user_email, true, array_agg(DISTINCT (click_time at time zone tz)::date ORDER BY (click_time at time zone tz)::date)
      FROM new_rows GROUP BY 1, 2
    ON CONFLICT (benefit_id, user_email) DO UPDATE
      SET clicked = true, days = analytics_merge_days(analytics_benefit_user_totals.days, excluded.days)
      WHERE NOT analytics_benefit_user_totals.clicked OR NOT excluded.days <@ analytics_benefit_user_totals.days;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, benefit_title FROM new_rows ORDER BY benefit_id, click_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := (SELECT time_zone FROM analytics_zone);
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (submission_time at time zone tz)::date, 'submission', coalesce(benefit_id, ''), count(*) FROM new_rows GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (submission_time at time zone tz)::date, 'submission' FROM new_rows WHERE benefit_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, submitted, days)
    SELECT benefit_id, user_email, true, array_agg(DISTINCT (submission_time at time zone tz)::date ORDER BY (submission_time at time zone tz)::date)
      FROM new_rows WHERE benefit_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (benefit_id, user_email) DO UPDATE
      SET submitted = true, days = analytics_merge_days(analytics_benefit_user_totals.days, excluded.days)
      WHERE NOT analytics_benefit_user_totals.submitted OR NOT excluded.days <@ analytics_benefit_user_totals.days;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, coalesce(benefit_title, benefit_id) FROM new_rows WHERE benefit_id IS NOT NULL ORDER BY benefit_id, submission_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts the roll-ups' days in another zone: rebuilt from the logs in one transaction, only when the zone changes.
CREATE OR REPLACE FUNCTION "analytics_use_zone"(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM analytics_zone WHERE time_zone = zone FOR UPDATE;
  IF FOUND THEN RETURN false; END IF;
  LOCK TABLE analytics_daily, analytics_benefit_users, analytics_benefit_user_totals IN ACCESS EXCLUSIVE MODE;
  UPDATE analytics_zone SET time_zone = zone;
  DELETE FROM analytics_daily;
  DELETE FROM analytics_benefit_users;
  DELETE FROM analytics_benefit_user_totals;
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (access_time at time zone zone)::date, 'access', '', count(*) FROM portal_access_logs GROUP BY 1
    UNION ALL SELECT (click_time at time zone zone)::date, 'click', benefit_id, count(*) FROM benefit_click_logs GROUP BY 1, 3
    UNION ALL SELECT (submission_time at time zone zone)::date, 'submission', coalesce(benefit_id, ''), count(*) FROM form_submission_logs GROUP BY 1, 3;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (click_time at time zone zone)::date, 'click' FROM benefit_click_logs
    UNION SELECT DISTINCT benefit_id, user_email, (submission_time at time zone zone)::date, 'submission' FROM form_submission_logs WHERE benefit_id IS NOT NULL;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, clicked, submitted, days)
    SELECT benefit_id, user_email, bool_or(kind = 'click'), bool_or(kind = 'submission'), array_agg(DISTINCT day ORDER BY day)
    FROM analytics_benefit_users GROUP BY 1, 2;
  RETURN true;
END $$;
