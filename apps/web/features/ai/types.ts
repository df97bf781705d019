// The parts of the Dify service API the AI pages read (docs/protocols/dify.md §2). Fields not listed
// here are passed through untouched; Dify keeps adding them.
import type { Paper } from '@citewise/scholar';

/** A retrieved source; Citewise's runtime adds the paper record (title … url) to Dify's fields. */
export type RetrieverResource = {
  position: number;
  document_name?: string;
  content?: string;
  score?: number | null;
  paper_id?: string;
  title?: string;
  authors?: string[];
  year?: number | null;
  venue?: string | null;
  doi?: string | null;
  url?: string | null;
  /** The asking user's library entry this paper is; null when it came from the literature alone. */
  library_entry_id?: string | null;
  /** The whole record (Citewise's runtime); absent from other runtimes and from answers stored before it. */
  paper?: Paper;
};

export type FlaggedCitation = { text: string; reason: 'unknown_marker' | 'unverified_reference' | 'unknown_author_year' | string };

export type CitationCheck = { cited?: number[]; flagged?: FlaggedCitation[]; verified?: Array<{ text: string; paper_id: string; title: string }> };

/**
 * How a research answer's papers were found (Citewise's runtime, `metadata.search_log`): read here only for what
 * every version has; the research page's log view reads the rest.
 */
export type SearchLogData = { queries: string[]; results: number; took_ms: number; searched_at: string; sources: unknown[] };

export type MessageMetadata = {
  usage?: Record<string, unknown>;
  retriever_resources?: RetrieverResource[];
  citation_check?: CitationCheck;
  search_log?: SearchLogData;
  /** Retrieved papers the answer does not cite. */
  uncited_resources?: RetrieverResource[];
  /** `extractive_evidence`: no model wrote the answer; it quotes the best papers. */
  answer_source?: string;
};

type Base = { task_id?: string; conversation_id?: string; message_id?: string; id?: string; created_at?: number };

export type DifyStreamEvent =
  | (Base & { event: 'message' | 'agent_message'; answer: string })
  | (Base & { event: 'message_replace'; answer: string })
  | (Base & { event: 'message_end'; metadata?: MessageMetadata })
  | (Base & { event: 'text_chunk'; data: { text: string } })
  | (Base & { event: 'workflow_finished'; data: { status: string; outputs?: Record<string, unknown>; error?: string | null } })
  | (Base & { event: 'error'; code?: string; message?: string; status?: number })
  | (Base & { event: 'ping' | 'workflow_started' | 'node_started' | 'node_finished' | 'message_file' | 'agent_thought' });

export type Conversation = { id: string; name: string; inputs: Record<string, unknown>; introduction?: string; created_at: number; updated_at: number };

/** A file of a message (`message_files`); Citewise's runtime adds the upload's name, size and type. */
export type MessageFile = {
  id: string;
  type: string;
  url?: string;
  belongs_to?: 'user' | 'assistant';
  transfer_method?: string;
  upload_file_id?: string;
  filename?: string;
  size?: number;
  mime_type?: string;
};

/** What `POST /files/upload` answers (201). */
export type UploadedFile = { id: string; name: string; size: number; extension: string; mime_type: string; created_by?: string; created_at?: number };

export type ChatMessage = {
  id: string;
  message_files?: MessageFile[];
  conversation_id: string;
  query: string;
  answer: string;
  inputs: Record<string, unknown>;
  feedback: { rating: 'like' | 'dislike' | null } | null;
  retriever_resources?: RetrieverResource[];
  status?: string;
  error?: string | null;
  created_at: number;
  // Citewise's runtime keeps what the answer showed beside its text (a Dify server sends none of these).
  citation_check?: CitationCheck | null;
  search_log?: SearchLogData | null;
  uncited_resources?: RetrieverResource[];
  answer_source?: string | null;
  /** The answer was stopped by its asker; Dify's `status` stays `normal`. */
  stopped?: boolean;
  /** A chatflow's answer: its workflow run and the run's steps. */
  workflow_run?: (WorkflowRunDetail & { nodes: NodeExecution[] }) | null;
};

export type Page<T> = { limit: number; has_more: boolean; data: T[] };

/** One earlier run of a writing tool as the runtime keeps it (GET /completion-messages). */
export type CompletionRun = {
  id: string;
  inputs: Record<string, unknown>;
  answer: string;
  status: 'normal' | 'error';
  /** Stopped by the user: the answer is what arrived. */
  stopped: boolean;
  /** Unix seconds. */
  created_at: number;
};

type FormControl = { label: string; variable: string; required?: boolean; default?: string; max_length?: number; options?: string[] };

/** One `user_input_form` item: exactly one key, the control type. */
export type InputFormItem = Partial<Record<'text-input' | 'paragraph' | 'select' | 'number', FormControl>>;

export type AppParameters = {
  opening_statement: string | null;
  suggested_questions: string[];
  suggested_questions_after_answer: { enabled: boolean };
  user_input_form: InputFormItem[];
  file_upload?: {
    enabled: boolean;
    image?: { enabled: boolean; number_limits?: number };
    allowed_file_types?: string[];
    /** Dotted, e.g. `.pdf`; empty means every type of `allowed_file_types`. */
    allowed_file_extensions?: string[];
    number_limits?: number;
  };
  system_parameters?: { file_size_limit?: number; image_file_size_limit?: number };
};

/**
 * `GET /workflows/run/{id}` (docs/protocols/dify.md §2.4): older Dify versions send inputs and outputs as JSON
 * strings.
 */
export type WorkflowRunDetail = {
  id: string;
  workflow_id?: string;
  status: string;
  inputs: Record<string, unknown> | string | null;
  outputs: Record<string, unknown> | string | null;
  error: string | null;
  total_steps: number;
  total_tokens: number;
  created_at: number;
  finished_at: number | null;
  elapsed_time: number;
};

/** One step of a run, as its `node_finished` event carried it. */
export type NodeExecution = {
  id: string;
  node_id: string;
  node_type: string;
  title: string;
  index: number;
  status: string;
  error: string | null;
  elapsed_time: number;
  execution_metadata?: { total_tokens?: number };
  /** What the step produced (a chatflow's steps say what they did there). */
  outputs?: Record<string, unknown> | null;
};

/** `GET /workflows/logs`: one item per run. */
export type WorkflowLogItem = {
  id: string;
  workflow_run: {
    id: string;
    status: string;
    inputs?: Record<string, unknown> | string | null;
    error: string | null;
    elapsed_time: number;
    total_tokens: number;
    total_steps: number;
    created_at: number;
    finished_at: number | null;
  };
  created_at: number;
};

export type WorkflowLogPage = { page: number; limit: number; total: number; has_more: boolean; data: WorkflowLogItem[] };
