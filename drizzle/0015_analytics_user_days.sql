ALTER TABLE "analytics_benefit_user_totals" ADD COLUMN "days" date[] DEFAULT '{}'::date[] NOT NULL;
--> statement-breakpoint
-- The days each member touched each benefit, from the per-day roll-up (decision 004): unique users over a window.
UPDATE "analytics_benefit_user_totals" t SET "days" = s."days"
  FROM (SELECT "benefit_id", "user_email", array_agg(DISTINCT "day" ORDER BY "day") AS "days"
          FROM "analytics_benefit_users" GROUP BY 1, 2) s
  WHERE s."benefit_id" = t."benefit_id" AND s."user_email" = t."user_email";
--> statement-breakpoint
-- Merges new days into a member's list; rewrites the row only when something is new.
CREATE OR REPLACE FUNCTION "analytics_merge_days"(old_days date[], new_days date[]) RETURNS date[]
  LANGUAGE sql IMMUTABLE AS $$ SELECT array_agg(DISTINCT d ORDER BY d) FROM unnest(old_days || new_days) d $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_rollup_clicks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (click_time at time zone 'UTC')::date, 'click', benefit_id, count(*) FROM new_rows GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (click_time at time zone 'UTC')::date, 'click' FROM new_rows
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, clicked, days)
    SELECT benefit_id, user_email, true, array_agg(DISTINCT (click_time at time zone 'UTC')::date ORDER BY (click_time at time zone 'UTC')::date)
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
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (submission_time at time zone 'UTC')::date, 'submission', coalesce(benefit_id, ''), count(*) FROM new_rows GROUP BY 1, 3
    ON CONFLICT (day, kind, benefit_id) DO UPDATE SET n = analytics_daily.n + excluded.n;
  INSERT INTO analytics_benefit_users (benefit_id, user_email, day, kind)
    SELECT DISTINCT benefit_id, user_email, (submission_time at time zone 'UTC')::date, 'submission' FROM new_rows WHERE benefit_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  INSERT INTO analytics_benefit_user_totals (benefit_id, user_email, submitted, days)
    SELECT benefit_id, user_email, true, array_agg(DISTINCT (submission_time at time zone 'UTC')::date ORDER BY (submission_time at time zone 'UTC')::date)
      FROM new_rows WHERE benefit_id IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (benefit_id, user_email) DO UPDATE
      SET submitted = true, days = analytics_merge_days(analytics_benefit_user_totals.days, excluded.days)
      WHERE NOT analytics_benefit_user_totals.submitted OR NOT excluded.days <@ analytics_benefit_user_totals.days;
  INSERT INTO analytics_titles (benefit_id, title)
    SELECT DISTINCT ON (benefit_id) benefit_id, coalesce(benefit_title, benefit_id) FROM new_rows WHERE benefit_id IS NOT NULL ORDER BY benefit_id, submission_time DESC
    ON CONFLICT (benefit_id) DO UPDATE SET title = excluded.title;
  RETURN NULL;
END $$;
