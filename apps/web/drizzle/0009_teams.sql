CREATE TABLE "app"."team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_team_email" UNIQUE("team_id","email")
);
--> statement-breakpoint
ALTER TABLE "app"."team_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."team_library_papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"paper_id" text NOT NULL,
	"paper" jsonb NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_library_papers_team_paper" UNIQUE("team_id","paper_id")
);
--> statement-breakpoint
ALTER TABLE "app"."team_library_papers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."team_members" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id"),
	CONSTRAINT "team_members_one_team" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "app"."team_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_owner" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "app"."teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app"."team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "app"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."team_library_papers" ADD CONSTRAINT "team_library_papers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "app"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "app"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whether the signed-in user (app.current_user_id()) is on the team. SECURITY DEFINER: the team policies call it,
-- and reading team_members under its own policy from inside that policy would recurse.
CREATE OR REPLACE FUNCTION "app"."is_team_member"(team uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT exists (SELECT 1 FROM app.team_members m WHERE m.team_id = team AND m.user_id = app.current_user_id()) $$;--> statement-breakpoint
-- The plan the signed-in user has through a team: 'team' while the owner's subscription grants it (the statuses
-- of entitledStatuses in features/billing/prices.ts, and a plan given by hand only until complimentary_until),
-- else null. SECURITY DEFINER: members may not read the owner's subscription row itself.
CREATE OR REPLACE FUNCTION "app"."team_plan_id"() RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT s.plan_id FROM app.team_members m
      JOIN app.teams t ON t.id = m.team_id
      JOIN app.subscriptions s ON s.user_id = t.user_id
     WHERE m.user_id = app.current_user_id()
       AND s.plan_id = 'team'
       AND s.status IN ('active', 'trialing', 'past_due')
       AND (s.complimentary_until IS NULL OR s.complimentary_until > now())
     LIMIT 1
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "app"."is_team_member"(uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION "app"."team_plan_id"() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "app"."is_team_member"(uuid) TO authenticated;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "app"."team_plan_id"() TO authenticated;--> statement-breakpoint
CREATE INDEX "team_invitations_email" ON "app"."team_invitations" USING btree ("email");--> statement-breakpoint
CREATE POLICY "team_library_papers_select_member" ON "app"."team_library_papers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_team_member(team_id));--> statement-breakpoint
CREATE POLICY "team_library_papers_insert_member" ON "app"."team_library_papers" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (app.is_team_member(team_id) and added_by = app.current_user_id());--> statement-breakpoint
CREATE POLICY "team_library_papers_delete_member" ON "app"."team_library_papers" AS PERMISSIVE FOR DELETE TO "authenticated" USING (app.is_team_member(team_id));--> statement-breakpoint
CREATE POLICY "team_members_select_member" ON "app"."team_members" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_team_member(team_id));--> statement-breakpoint
CREATE POLICY "teams_select_member" ON "app"."teams" AS PERMISSIVE FOR SELECT TO "authenticated" USING (app.is_team_member(id));