// Ask's own types. Ask itself runs on the chat hooks of features/ai (use-chat.ts), as the research assistant is a
// chat app of the AI runtime: one conversation per question and its follow-ups.

/** The run's search log (platform/ai `message_end.metadata.search_log`, and `search_log` of a stored message). */
export type SearchLog = {
  queries: string[];
  sources: Array<{ source: string; state: string; returned: number | null; total: number | null; took_ms: number | null; message?: string }>;
  results: number;
  took_ms: number;
  searched_at: string;
};
