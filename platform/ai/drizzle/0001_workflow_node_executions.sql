CREATE TABLE "ai"."workflow_node_executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"node_type" text NOT NULL,
	"title" text NOT NULL,
	"index" integer NOT NULL,
	"predecessor_node_id" text,
	"status" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outputs" jsonb,
	"error" text,
	"elapsed_time" real DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai"."workflow_node_executions" ADD CONSTRAINT "workflow_node_executions_run_id_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "ai"."workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_node_executions_run_idx" ON "ai"."workflow_node_executions" USING btree ("run_id","index");