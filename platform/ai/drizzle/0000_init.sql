CREATE SCHEMA "ai";
--> statement-breakpoint
CREATE TABLE "ai"."conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"name" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai"."files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai"."messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"conversation_id" uuid,
	"task_id" uuid NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"error" text,
	"retriever_resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citation_check" jsonb,
	"usage" jsonb,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback_rating" text,
	"feedback_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai"."workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"task_id" uuid NOT NULL,
	"workflow_id" text NOT NULL,
	"status" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outputs" jsonb,
	"error" text,
	"elapsed_time" real DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"total_steps" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai"."messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "ai"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_idx" ON "ai"."conversations" USING btree ("app_id","end_user","updated_at");--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "ai"."files" USING btree ("app_id","end_user");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "ai"."messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "ai"."messages" USING btree ("app_id","end_user");--> statement-breakpoint
CREATE INDEX "workflow_runs_user_idx" ON "ai"."workflow_runs" USING btree ("app_id","end_user","created_at");