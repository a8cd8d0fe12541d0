-- Submissions without a benefit id still count in the totals and the daily chart (benefit_id '').
CREATE OR REPLACE FUNCTION "analytics_rollup_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily (day, kind, benefit_id, n)
    SELECT (submission_time at time zone 'UTC')::date, 'submission', coalesce(benefit_id, ''), count(*) FROM new_rows GROUP BY 1, 3
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
--> statement-breakpoint
INSERT INTO "analytics_daily" ("day", "kind", "benefit_id", "n")
  SELECT ("submission_time" at time zone 'UTC')::date, 'submission', '', count(*) FROM "form_submission_logs" WHERE "benefit_id" IS NULL GROUP BY 1
  ON CONFLICT ("day", "kind", "benefit_id") DO UPDATE SET "n" = excluded."n";
--> statement-breakpoint
-- Titles of benefits seen only in submissions before the roll-ups existed.
INSERT INTO "analytics_titles" ("benefit_id", "title")
  SELECT DISTINCT ON ("benefit_id") "benefit_id", coalesce("benefit_title", "benefit_id") FROM "form_submission_logs"
  WHERE "benefit_id" IS NOT NULL ORDER BY "benefit_id", "submission_time" DESC
  ON CONFLICT DO NOTHING;
