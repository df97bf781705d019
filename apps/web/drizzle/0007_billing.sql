CREATE TABLE "app"."billing_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_stripe_customer_id" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
ALTER TABLE "app"."billing_customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"stripe_subscription_id" text,
	"status" text NOT NULL,
	"amount_due" integer NOT NULL,
	"amount_paid" integer NOT NULL,
	"currency" text NOT NULL,
	"billing_reason" text,
	"hosted_invoice_url" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."billing_invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."stripe_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app"."usage_counters" (
	"user_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"period" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_counters_user_id_feature_period_pk" PRIMARY KEY("user_id","feature","period")
);
--> statement-breakpoint
ALTER TABLE "app"."usage_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "interval" text;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "stripe_price_id" text;--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD COLUMN "last_event_created" bigint;--> statement-breakpoint
CREATE INDEX "billing_invoices_user_created" ON "app"."billing_invoices" USING btree ("user_id","created");--> statement-breakpoint
ALTER TABLE "app"."subscriptions" ADD CONSTRAINT "subscriptions_stripe_subscription_id" UNIQUE("stripe_subscription_id");--> statement-breakpoint
CREATE POLICY "billing_customers_select_own" ON "app"."billing_customers" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "billing_invoices_select_own" ON "app"."billing_invoices" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "usage_counters_select_own" ON "app"."usage_counters" AS PERMISSIVE FOR SELECT TO "authenticated" USING (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "usage_counters_insert_own" ON "app"."usage_counters" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (user_id = app.current_user_id());--> statement-breakpoint
CREATE POLICY "usage_counters_update_own" ON "app"."usage_counters" AS PERMISSIVE FOR UPDATE TO "authenticated" USING (user_id = app.current_user_id()) WITH CHECK (user_id = app.current_user_id());