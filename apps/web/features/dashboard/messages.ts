/**
 * The namespaces the dashboard's frame reads in the browser (navigation, user menu, sign-out). A page with a client
 * provider of its own inside the frame passes them again, as a nested provider replaces the outer one's messages.
 */
export const dashboardMessages = ['dashboard', 'auth', 'validation'] as const;
