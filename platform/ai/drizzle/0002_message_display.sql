ALTER TABLE "ai"."messages" ADD COLUMN "search_log" jsonb;--> statement-breakpoint
ALTER TABLE "ai"."messages" ADD COLUMN "uncited_resources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ai"."messages" ADD COLUMN "answer_source" text;--> statement-breakpoint
ALTER TABLE "ai"."messages" ADD COLUMN "workflow_run_id" uuid;--> statement-breakpoint
ALTER TABLE "ai"."messages" ADD CONSTRAINT "messages_workflow_run_id_workflow_runs_id_fk" FOREIGN KEY ("workflow_run_id") REFERENCES "ai"."workflow_runs"("id") ON DELETE set null ON UPDATE no action;