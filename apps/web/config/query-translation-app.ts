/** The app id a search's query translation by a model is metered under in the user's AI usage. */
export const QUERY_TRANSLATION_APP = 'query-translation';
